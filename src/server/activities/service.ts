import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  changeCorrection as changeCorrectionState,
  correct,
  isSameSubmission,
  progressOf,
  saveAnswers,
  submit,
  TransitionError,
  type ActivityState,
  type ItemCorrection,
} from '../../shared/activity-state.ts';
import type { Activity, CorrectionInput, CorrectionRecord, ReviewQueueItem, SaveAnswersInput } from '../../shared/schemas/activities.ts';
import type { Db, Tx } from '../db/client.ts';
import { randomUUID } from 'node:crypto';
import { activity, activityItem, correctionRecord, course, courseModule, user } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { preparedStatement } from '../db/prepared.ts';
import { moduleNotFound } from '../modules/service.ts';
import { messages } from '../../shared/messages.ts';

type ActivityRow = typeof activity.$inferSelect;
type ItemRow = typeof activityItem.$inferSelect;

export const activityNotFound = () => notFound(messages.activityNotFound);

interface Loaded {
  row: ActivityRow;
  items: ItemRow[];
  module: { id: string; name: string; courseId: string; archivedAt: Date | null };
}

async function load(db: Db | Tx, where: ReturnType<typeof eq>, forUpdate = false): Promise<Loaded> {
  const query = db
    .select({
      activity,
      module: { id: courseModule.id, name: courseModule.name, courseId: courseModule.courseId, archivedAt: courseModule.archivedAt },
    })
    .from(activity)
    .innerJoin(courseModule, eq(courseModule.id, activity.moduleId))
    .where(where);
  // Locks the activity row: a submit and a correction of the same activity happen one after the other.
  const [found] = forUpdate ? await query.for('update', { of: activity }) : await query;
  if (!found) throw activityNotFound();
  const items = await db
    .select()
    .from(activityItem)
    .where(eq(activityItem.activityId, found.activity.id))
    .orderBy(asc(activityItem.position));
  return { row: found.activity, items, module: found.module };
}

export const findActivityOf = (db: Db | Tx, userId: string, moduleId: string, forUpdate = false) =>
  load(db, and(eq(activity.userId, userId), eq(activity.moduleId, moduleId))!, forUpdate);

export const findActivityById = (db: Db | Tx, activityId: string, forUpdate = false) => load(db, eq(activity.id, activityId), forUpdate);

const stateOf = (loaded: Loaded): ActivityState<ItemRow> => ({ submitted: loaded.row.submitted, items: loaded.items });

export function presentActivity(loaded: Loaded): Activity {
  const { row, items, module } = loaded;
  return {
    id: row.id,
    userId: row.userId,
    moduleId: module.id,
    courseId: module.courseId,
    moduleName: module.name,
    moduleArchived: module.archivedAt !== null,
    submitted: row.submitted,
    progress: progressOf(stateOf(loaded)),
    version: row.version,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    correctedAt: row.correctedAt?.toISOString() ?? null,
    items: items.map((item) => ({
      id: item.id,
      question: item.question,
      answer: item.answer,
      correction: item.correction,
      feedback: item.feedback,
      editable: item.editable,
    })),
  };
}

/** Maps answers keyed by item id onto item positions; an unknown item id is bad input. */
function answersByIndex(items: ItemRow[], answers: SaveAnswersInput['answers']) {
  const indexById = new Map(items.map((item, index) => [item.id, index]));
  const byIndex = new Map<number, string>();
  for (const { itemId, answer } of answers) {
    const index = indexById.get(itemId);
    if (index === undefined) throw badRequest(messages.questionNotInActivity);
    byIndex.set(index, answer);
  }
  return byIndex;
}

function toAppError(error: unknown): never {
  if (error instanceof TransitionError) {
    if (error.reason === 'unanswered' || error.reason === 'incomplete-correction') throw badRequest(error.message);
    throw conflict(error.message);
  }
  throw error;
}

async function writeState(tx: Tx, loaded: Loaded, next: ActivityState<ItemRow>, extra: Partial<ActivityRow>) {
  for (const [index, item] of next.items.entries()) {
    const before = loaded.items[index]!;
    if (
      item.answer !== before.answer ||
      item.correction !== before.correction ||
      item.feedback !== before.feedback ||
      item.editable !== before.editable
    ) {
      await tx
        .update(activityItem)
        .set({ answer: item.answer, correction: item.correction, feedback: item.feedback, editable: item.editable })
        .where(eq(activityItem.id, item.id));
    }
  }
  const [row] = await tx
    .update(activity)
    .set({ submitted: next.submitted, version: sql`${activity.version} + 1`, updatedAt: sql`now()`, ...extra })
    .where(eq(activity.id, loaded.row.id))
    .returning();
  return { row: row!, items: next.items, module: loaded.module };
}

interface DraftRow {
  module: { id: string; courseId: string; name: string } | null;
  course_enabled: boolean;
  module_enabled: boolean;
  /** The student's activity before the save, when it exists. */
  found: { submitted: boolean } | null;
  /** Every answer names an item of the activity. */
  known: boolean;
  /** Every item answered may be written (null when no item is answered). */
  editable: boolean | null;
  /** The activity after the save; null when nothing was written. */
  saved: { id: string; userId: string; submitted: boolean; version: number; submittedAt: string | null; correctedAt: string | null } | null;
  items:
    | { id: string; question: string; answer: string | null; correction: boolean | null; feedback: string | null; editable: boolean }[]
    | null;
}

/**
 * A draft save in ONE statement: the module, the student's access to it, their activity (locked),
 * the checks of `saveAnswers` (every item known, none locked, not awaiting correction) and, when
 * they pass, the changed answers and the activity's new version, written together. The rules
 * are those of shared/activity-state.ts; the statement only applies them where the data is.
 * Answers arrive as JSON; an item answered twice keeps its last answer.
 */
const draftStatement = preparedStatement<'userId' | 'moduleId' | 'answers', DraftRow>(
  'save_draft',
  ['userId', 'moduleId', 'answers'],
  ({
    userId,
    moduleId,
    answers,
  }) => sql`with target as (select id, course_id, name, archived_at from ${courseModule} where id = ${moduleId}),
      access as (
        select
          coalesce((select ca.enabled from course_access ca join target t on ca.course_id = t.course_id
                    join course c on c.id = t.course_id and c.archived_at is null where ca.user_id = ${userId}), false) as course_enabled,
          coalesce((select ma.enabled from module_access ma join target t on t.id = ma.module_id and t.archived_at is null
                    where ma.user_id = ${userId}), false) as module_enabled
      ),
      own as (
        select a.id, a.submitted from ${activity} a, access
        where a.user_id = ${userId} and a.module_id = ${moduleId} and access.course_enabled and access.module_enabled
        for update of a
      ),
      items as (select i.* from ${activityItem} i join own on i.activity_id = own.id),
      wanted as (
        select distinct on (e.value->>'itemId') e.value->>'itemId' as item_id, e.value->>'answer' as answer
        from jsonb_array_elements(${answers}::jsonb) with ordinality as e(value, n)
        order by e.value->>'itemId', e.n desc
      ),
      verdict as (
        select
          not exists (select 1 from wanted w where not exists (select 1 from items i where i.id = w.item_id)) as known,
          (select bool_and(i.editable and i.correction is not true) from items i join wanted w on w.item_id = i.id) as editable
      ),
      allowed as (select own.id from own, verdict where not own.submitted and verdict.known and verdict.editable is not false),
      changed as (
        update ${activityItem} i set answer = w.answer
        from wanted w, allowed
        where i.activity_id = allowed.id and i.id = w.item_id and i.answer is distinct from w.answer
        returning i.id, i.answer
      ),
      saved as (
        update ${activity} a set version = a.version + 1, updated_at = now()
        from allowed where a.id = allowed.id
        returning a.id, a.user_id, a.submitted, a.version, a.submitted_at, a.corrected_at
      )
      select
        (select json_build_object('id', t.id, 'courseId', t.course_id, 'name', t.name) from target t) as module,
        (select course_enabled from access) as course_enabled,
        (select module_enabled from access) as module_enabled,
        (select json_build_object('submitted', own.submitted) from own) as found,
        (select known from verdict) as known,
        (select editable from verdict) as editable,
        (select json_build_object('id', s.id, 'userId', s.user_id, 'submitted', s.submitted, 'version', s.version,
                                  'submittedAt', s.submitted_at, 'correctedAt', s.corrected_at) from saved s) as saved,
        (select json_agg(json_build_object('id', i.id, 'question', i.question,
                                           'answer', case when c.id is null then i.answer else c.answer end,
                                           'correction', i.correction, 'feedback', i.feedback, 'editable', i.editable) order by i.position)
         from items i left join changed c on c.id = i.id) as items`,
);

/**
 * The student's draft answers, saved as they type: one statement (above). 404 when the module or
 * the activity does not exist or the module is not enabled for the student, 400 for an item not in the activity, 409 when
 * the activity awaits correction or an answer is locked. Students only (the caller checks the role).
 */
export async function saveDraft(db: Db, userId: string, moduleId: string, answers: SaveAnswersInput['answers']): Promise<Activity> {
  const [row] = await draftStatement.run(db, { userId, moduleId, answers: JSON.stringify(answers) });
  if (!row?.module) throw moduleNotFound();
  // A module the student may not see answers as one that does not exist.
  if (!row.course_enabled || !row.module_enabled) throw moduleNotFound();
  if (!row.found) throw activityNotFound();
  if (!row.known) throw badRequest(messages.questionNotInActivity);
  if (row.found.submitted) throw conflict(messages.alreadySubmitted);
  if (row.editable === false || !row.saved) throw conflict(messages.answerLocked);
  const items = row.items ?? [];
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.saved.id,
    userId: row.saved.userId,
    moduleId: row.module.id,
    courseId: row.module.courseId,
    moduleName: row.module.name,
    // Drafts are saved only in a module the trainee can open, never an archived one.
    moduleArchived: false,
    submitted: row.saved.submitted,
    progress: progressOf({ submitted: row.saved.submitted, items }),
    version: row.saved.version,
    submittedAt: iso(row.saved.submittedAt),
    correctedAt: iso(row.saved.correctedAt),
    items,
  };
}

/** 'Enviar': saves the last answers and submits, in one transaction; the same 'Enviar' again is answered alike. */
export async function submitActivity(db: Db, userId: string, moduleId: string, answers: SaveAnswersInput['answers']) {
  return db.transaction(async (tx) => {
    const loaded = await findActivityOf(tx, userId, moduleId, true);
    const byIndex = answersByIndex(loaded.items, answers);
    // Sent twice: the second gets the submitted activity, as the first did.
    if (isSameSubmission(stateOf(loaded), byIndex)) return presentActivity(loaded);
    let next: ActivityState<ItemRow>;
    try {
      next = submit(saveAnswers(stateOf(loaded), byIndex));
    } catch (error) {
      toAppError(error);
    }
    return presentActivity(await writeState(tx, loaded, next, { submittedAt: new Date() }));
  });
}

/** Who saves a correction, for the activity's history. */
export interface Corrector {
  id: string;
  name: string;
}

/**
 * 'Guardar corrección' (`change` false) and 'Modificar corrección' (`change` true). The admin
 * sends the version they reviewed: if the activity changed since (another admin's correction,
 * a new submission), nothing is written and the answer is 409. Each saved correction is
 * recorded in the activity's history.
 */
async function recordCorrection(db: Db, activityId: string, input: CorrectionInput, corrector: Corrector | null, change: boolean) {
  return db.transaction(async (tx) => {
    const loaded = await findActivityById(tx, activityId, true);
    if (loaded.row.version !== input.version) throw new AppError('CONFLICT', messages.staleCorrection);
    const byId = new Map(input.items.map((item) => [item.itemId, item]));
    if (byId.size !== input.items.length || loaded.items.some((item) => !byId.has(item.id)) || byId.size !== loaded.items.length) {
      throw badRequest(messages.markEveryAnswer);
    }
    const corrections: ItemCorrection[] = loaded.items.map((item) => {
      const { correct: isCorrect, feedback } = byId.get(item.id)!;
      return { correct: isCorrect, feedback };
    });
    let next: ActivityState<ItemRow>;
    try {
      next = change ? changeCorrectionState(stateOf(loaded), corrections) : correct(stateOf(loaded), corrections);
    } catch (error) {
      toAppError(error);
    }
    const saved = await writeState(tx, loaded, next, { correctedAt: new Date() });
    await tx.insert(correctionRecord).values({
      id: randomUUID(),
      activityId,
      adminId: corrector?.id ?? null,
      adminName: corrector?.name ?? 'Administrador',
      kind: change ? 'modificacion' : 'correccion',
      items: next.items.map((item) => ({ question: item.question, correct: item.correction === true, feedback: item.feedback })),
    });
    return presentActivity(saved);
  });
}

export const saveCorrection = (db: Db, activityId: string, input: CorrectionInput, corrector: Corrector | null = null) =>
  recordCorrection(db, activityId, input, corrector, false);

export const changeCorrection = (db: Db, activityId: string, input: CorrectionInput, corrector: Corrector) =>
  recordCorrection(db, activityId, input, corrector, true);

/** The activity's corrections, newest first. */
export async function correctionHistory(db: Db, activityId: string): Promise<CorrectionRecord[]> {
  const rows = await db
    .select()
    .from(correctionRecord)
    .where(eq(correctionRecord.activityId, activityId))
    .orderBy(desc(correctionRecord.createdAt), desc(correctionRecord.id));
  return rows.map((row) => ({
    id: row.id,
    adminName: row.adminName,
    kind: row.kind === 'modificacion' ? 'modificacion' : 'correccion',
    createdAt: row.createdAt.toISOString(),
    items: row.items,
  }));
}

/** Every activity awaiting correction, oldest submission first. */
export async function reviewQueue(db: Db): Promise<ReviewQueueItem[]> {
  const rows = await db
    .select({
      activityId: activity.id,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      courseId: course.id,
      courseName: course.name,
      moduleId: courseModule.id,
      moduleName: courseModule.name,
      submittedAt: activity.submittedAt,
    })
    .from(activity)
    .innerJoin(user, eq(user.id, activity.userId))
    .innerJoin(courseModule, eq(courseModule.id, activity.moduleId))
    .innerJoin(course, eq(course.id, courseModule.courseId))
    .where(eq(activity.submitted, true))
    .orderBy(asc(activity.submittedAt), asc(activity.id));
  return rows.map((row) => ({ ...row, submittedAt: (row.submittedAt ?? new Date(0)).toISOString() }));
}

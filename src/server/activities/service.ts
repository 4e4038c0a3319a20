import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  changeCorrection as changeCorrectionState,
  correct,
  isSameSubmission,
  saveAnswers,
  submit,
  TransitionError,
  type ActivityState,
  type ItemCorrection,
} from '../../shared/activity-state.ts';
import { messages } from '../../shared/messages.ts';
import type { Activity, CorrectionInput, CorrectionRecord, ReviewQueueItem, SaveAnswersInput } from '../../shared/schemas/activities.ts';
import { loadAccess } from '../access/policy.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { activity, activityItem, correctionRecord, course, courseModule, recordChange, user } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import { byId, ofUserAndModule, presentActivity, readActivity, type ActivityItemRow, type ActivityRow } from './read.ts';

export const activityNotFound = () => notFound(messages.activityNotFound);

/** The student's activity of a module, or 404. */
export async function findActivityOf(db: Db | Tx, userId: string, moduleId: string): Promise<ActivityRow> {
  const row = await readActivity(db, ofUserAndModule(userId, moduleId));
  if (!row) throw activityNotFound();
  return row;
}

/** Maps answers keyed by item id onto item positions; an unknown item id is bad input. An item answered twice keeps its last answer. */
function answersByIndex(items: ActivityItemRow[], answers: SaveAnswersInput['answers']) {
  const indexById = new Map(items.map((item, index) => [item.id, index]));
  const byIndex = new Map<number, string>();
  for (const { itemId, answer } of answers) {
    const index = indexById.get(itemId);
    if (index === undefined) throw badRequest(messages.questionNotInActivity);
    byIndex.set(index, answer);
  }
  return byIndex;
}

/** A transition the state machine refused, as the API answers it. */
function decide<T>(transition: () => T): T {
  try {
    return transition();
  } catch (error) {
    if (error instanceof TransitionError) {
      if (error.reason === 'unanswered' || error.reason === 'incomplete-correction') throw badRequest(error.message);
      throw conflict(error.message);
    }
    throw error;
  }
}

type Stamp = 'submitted' | 'corrected';

/**
 * Writes `next` over `current` in one statement, only if nobody wrote the activity since it was
 * read (its version is the same): the changed items, the activity's new version and state and,
 * when given, `record` (rows that must exist only if the write does: each an insert … select with no
 * where of its own). Null when someone did.
 */
async function writeIfUnchanged(
  db: Db | Tx,
  current: ActivityRow,
  next: ActivityState<ActivityItemRow>,
  stamp?: Stamp,
  record: SQL[] = [],
) {
  const changed = next.items.filter((item, index) => {
    const before = current.items[index]!;
    return (
      item.answer !== before.answer ||
      item.correction !== before.correction ||
      item.feedback !== before.feedback ||
      item.editable !== before.editable
    );
  });
  const values = changed.length
    ? sql.join(
        changed.map(
          (item) =>
            sql`(${item.id}::text, ${item.answer}::text, ${item.correction}::boolean, ${item.feedback}::text, ${item.editable}::boolean)`,
        ),
        sql`, `,
      )
    : sql`(null::text, null::text, null::boolean, null::text, null::boolean)`;
  const [saved] = rowsOf<{ version: number; submittedAt: Date | null; correctedAt: Date | null }>(
    await db.execute(sql`
      with target as (
        update ${activity} set submitted = ${next.submitted}, version = version + 1, updated_at = now()
          ${stamp === 'submitted' ? sql`, submitted_at = now()` : stamp === 'corrected' ? sql`, corrected_at = now()` : sql``}
        where id = ${current.id} and version = ${current.version}
        returning id, version, submitted_at as "submittedAt", corrected_at as "correctedAt"
      ),
      items as (
        update ${activityItem} i set answer = c.answer, correction = c.correction, feedback = c.feedback, editable = c.editable
        from (values ${values}) as c(id, answer, correction, feedback, editable), target
        where i.id = c.id and i.activity_id = target.id
        returning i.id
      )
      ${sql.join(
        record.map((insert, index) => sql`, ${sql.raw(`record_${index}`)} as (${insert} where exists (select 1 from target) returning 1)`),
        sql``,
      )}
      select version, "submittedAt", "correctedAt" from target`),
  );
  return saved ? { ...current, ...next, ...saved } : null;
}

/**
 * Every write of an activity goes this way: read it, let `transition` decide its next state with
 * the rules of shared/activity-state.ts (null: nothing to write, the activity is answered as it
 * is), and write what changed unless someone wrote it meanwhile; then read and decide again.
 * `record` goes with the write (see writeIfUnchanged).
 */
async function transitionActivity(
  db: Db,
  filter: SQL,
  transition: (current: ActivityRow) => ActivityState<ActivityItemRow> | null,
  options: { stamp?: Stamp; record?: (next: ActivityState<ActivityItemRow>) => SQL[]; check?: (current: ActivityRow) => void } = {},
): Promise<ActivityRow> {
  // Read, decide, write if unchanged (null: someone wrote in between). Without a lock: two round
  // trips. Written by another request meanwhile (another tab, a double tap), decide again on what
  // it left; after a few lost races, under the row's lock, which always gets through.
  const once = async (on: Db | Tx): Promise<ActivityRow | null> => {
    const current = await readActivity(on, filter);
    if (!current) throw activityNotFound();
    options.check?.(current);
    const next = decide(() => transition(current));
    if (!next) return current;
    return writeIfUnchanged(on, current, next, options.stamp, options.record?.(next));
  };
  for (let attempt = 1; attempt <= 3; attempt++) {
    const saved = await once(db);
    if (saved) return saved;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select a.id from ${activity} a join ${courseModule} m on m.id = a.module_id where ${filter} for update of a`);
    // Nobody can write a locked row: a null is not reached.
    const saved = await once(tx);
    if (!saved) throw conflict(messages.activityChangedElsewhere);
    return saved;
  });
}

/** A student may write only in a module open to them; anything else answers as a module that does not exist. */
async function requireOpenToOwner(db: Db, userId: string, moduleId: string, row: ActivityRow | null) {
  const open = row ? row.courseEnabled && row.moduleGranted && !row.moduleArchived : false;
  if (open) return;
  // Without an activity: a 404 of the module when they may not see it, of the activity otherwise.
  if (!row) {
    const access = await loadAccess(db, userId, (await findModule(db, moduleId)).courseId, moduleId);
    if (access.courseEnabled && access.moduleEnabled) throw activityNotFound();
  }
  throw moduleNotFound();
}

/** Reads the student's activity for a write of theirs: 404s as `requireOpenToOwner` says. */
const ownActivity = (db: Db, userId: string, moduleId: string) => ({
  filter: ofUserAndModule(userId, moduleId),
  check: (current: ActivityRow) => {
    if (!(current.courseEnabled && current.moduleGranted && !current.moduleArchived)) throw moduleNotFound();
  },
  missing: () => requireOpenToOwner(db, userId, moduleId, null),
});

/** `transitionActivity` for the student's own activity, with its 404s. */
async function transitionOwn(
  db: Db,
  userId: string,
  moduleId: string,
  transition: (current: ActivityRow) => ActivityState<ActivityItemRow> | null,
  stamp?: Stamp,
) {
  const own = ownActivity(db, userId, moduleId);
  try {
    return await transitionActivity(db, own.filter, transition, { check: own.check, ...(stamp ? { stamp } : {}) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND' && error.message === messages.activityNotFound) await own.missing();
    throw error;
  }
}

/**
 * The student's draft answers, saved as they type. 404 when the module or the activity does not
 * exist or the module is not open to the student, 400 for an item not in the activity, 409 when
 * the activity awaits correction or an answer is locked. Students only (the caller checks the role).
 */
export async function saveDraft(db: Db, userId: string, moduleId: string, answers: SaveAnswersInput['answers']): Promise<Activity> {
  return presentActivity(
    await transitionOwn(db, userId, moduleId, (current) => saveAnswers(current, answersByIndex(current.items, answers))),
  );
}

/** 'Enviar': saves the last answers and submits; the same 'Enviar' again is answered alike. */
export async function submitActivity(db: Db, userId: string, moduleId: string, answers: SaveAnswersInput['answers']) {
  const saved = await transitionOwn(
    db,
    userId,
    moduleId,
    (current) => {
      const byIndex = answersByIndex(current.items, answers);
      // Sent twice: the second gets the submitted activity, as the first did.
      return isSameSubmission(current, byIndex) ? null : submit(saveAnswers(current, byIndex));
    },
    'submitted',
  );
  return presentActivity(saved);
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
  const saved = await transitionActivity(
    db,
    byId(activityId),
    (current) => {
      const given = new Map(input.items.map((item) => [item.itemId, item]));
      if (given.size !== input.items.length || given.size !== current.items.length || current.items.some((item) => !given.has(item.id))) {
        throw badRequest(messages.markEveryAnswer);
      }
      const corrections: ItemCorrection[] = current.items.map((item) => given.get(item.id)!);
      return change ? changeCorrectionState(current, corrections) : correct(current, corrections);
    },
    {
      stamp: 'corrected',
      // The admin saw this version: if the activity changed since, nothing is written.
      check: (current) => {
        if (current.version !== input.version) throw new AppError('CONFLICT', messages.staleCorrection);
      },
      // Each saved correction is kept in the activity's history, with the write or not at all.
      // And in the course's record of changes ('Registro de cambios'), in the same statement.
      record: (next) => {
        const items = next.items.map((item) => ({ question: item.question, correct: item.correction === true, feedback: item.feedback }));
        const right = items.filter((item) => item.correct).length;
        // The module's name goes in with format()'s %s: the template has no other %.
        const summary = (change ? messages.correctionChangedLog : messages.correctionLog)('%s', right, items.length);
        const actorName = corrector?.name ?? 'Administrador';
        return [
          sql`insert into ${correctionRecord} (id, activity_id, admin_id, admin_name, kind, items)
            select ${randomUUID()}, ${activityId}, ${corrector?.id ?? null}, ${actorName}, ${change ? 'modificacion' : 'correccion'}, ${JSON.stringify(items)}::jsonb`,
          sql`insert into ${recordChange} (id, course_id, user_id, actor_id, actor_name, summary, kind)
            select ${randomUUID()}, t.course_id, t.user_id, ${corrector?.id ?? null}, ${actorName}, format(${summary}::text, t.name), 'correcciones'
            from (select m.course_id, a.user_id, m.name from ${activity} a join ${courseModule} m on m.id = a.module_id where a.id = ${activityId}) t`,
        ];
      },
    },
  );
  return presentActivity(saved);
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
/** Every submission awaiting correction, oldest first; `only`: the courses whose submissions to list (all when absent). */
export async function reviewQueue(db: Db, only?: SQL): Promise<ReviewQueueItem[]> {
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
    .where(and(eq(activity.submitted, true), only ? inArray(course.id, only) : undefined))
    .orderBy(asc(activity.submittedAt), asc(activity.id));
  return rows.map((row) => ({ ...row, submittedAt: (row.submittedAt ?? new Date(0)).toISOString() }));
}

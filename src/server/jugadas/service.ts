import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { youtubeId } from '../../shared/schemas/content.ts';
import {
  DEFAULT_DECISIONS,
  DEFAULT_SANCTIONS,
  JUGADAS_PER_MODULE_MAX,
  forExams,
  uniqueTags,
  type Jugada,
  type JugadaAnswerInput,
  type JugadaAnswerResponse,
  type JugadaOptions,
  type JugadaOptionsInput,
  type JugadaResult,
  type JugadaResults,
  type JugadaUse,
  type StudentJugada,
  type UserJugadas,
} from '../../shared/schemas/jugadas.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseModule, examAttemptClip, jugada, jugadaAnswer, jugadaOption, user, video } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { findModule } from '../modules/service.ts';
import { gradeJugada } from '../../shared/jugada-grading.ts';
import { jugadaScore } from './score.ts';
import { clipFields, clipFieldsOf, presentProcessing, presentRenditions, type ClipFields } from '../videos/read.ts';
import { dropVideoIfUnused } from '../videos/service.ts';

type JugadaRow = typeof jugada.$inferSelect;
type OptionRow = typeof jugadaOption.$inferSelect;
type Kind = OptionRow['kind'];

export const jugadaNotFound = () => notFound(messages.jugadaNotFound);

/** Where the jugada's uploaded clip is served (only to those who can see its module). */
export const jugadaVideoUrl = (jugadaId: string) => `/api/jugadas/${jugadaId}/video`;
/** Its rendition `height` high and its poster: the same checks. */
export const jugadaRenditionUrl = (jugadaId: string, height: number) => `/api/jugadas/${jugadaId}/video/${height}`;
export const jugadaPosterUrl = (jugadaId: string) => `/api/jugadas/${jugadaId}/poster`;

// ---------------------------------------------------------------------------------------------
// The course's lists of decisions and sanctions

/**
 * A course's lists, created from the IHF lists the first time they are needed. The course row
 * is locked so two first uses cannot both seed; a list is never left empty, so an empty course
 * is always one that was never seeded.
 */
async function ensureOptions(tx: Tx, courseId: string): Promise<OptionRow[]> {
  const [locked] = await tx.select({ id: course.id }).from(course).where(eq(course.id, courseId)).for('update');
  if (!locked) throw notFound(messages.courseNotFound);
  const rows = await tx.select().from(jugadaOption).where(eq(jugadaOption.courseId, courseId)).orderBy(asc(jugadaOption.position));
  if (rows.length > 0) return rows;
  const seed = (kind: Kind, labels: string[]) => labels.map((label, position) => ({ id: randomUUID(), courseId, kind, label, position }));
  return tx
    .insert(jugadaOption)
    .values([...seed('decision', DEFAULT_DECISIONS), ...seed('sanction', DEFAULT_SANCTIONS)])
    .returning();
}

function presentOptions(rows: OptionRow[]): JugadaOptions {
  const sorted = rows.toSorted((a, b) => a.position - b.position);
  const of = (kind: Kind) => sorted.filter((r) => r.kind === kind).map(({ id, label }) => ({ id, label }));
  return { decisions: of('decision'), sanctions: of('sanction') };
}

export async function courseOptions(db: Db, courseId: string): Promise<JugadaOptions> {
  return presentOptions(await db.transaction((tx) => ensureOptions(tx, courseId)));
}

/** Saves both lists: options with an id are renamed and reordered, new ones added, missing ones removed if unused. */
export async function saveCourseOptions(db: Db, courseId: string, input: JugadaOptionsInput): Promise<JugadaOptions> {
  return db.transaction(async (tx) => {
    const existing = await ensureOptions(tx, courseId);
    const byId = new Map(existing.map((row) => [row.id, row]));
    const lists: Array<[Kind, JugadaOptionsInput['decisions']]> = [
      ['decision', input.decisions],
      ['sanction', input.sanctions],
    ];
    const kept = new Set<string>();
    for (const [kind, list] of lists) {
      const labels = list.map((o) => o.label.toLocaleLowerCase('es'));
      if (new Set(labels).size !== labels.length) throw badRequest(messages.jugadaOptionDuplicate);
      for (const option of list) {
        if (!option.id) continue;
        if (byId.get(option.id)?.kind !== kind || kept.has(option.id)) throw badRequest(messages.jugadaOptionUnknown);
        kept.add(option.id);
      }
    }
    const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (removed.length > 0) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jugada)
        .where(or(inArray(jugada.correctDecisionId, removed), inArray(jugada.correctSanctionId, removed)));
      const [answered] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jugadaAnswer)
        .where(or(inArray(jugadaAnswer.decisionId, removed), inArray(jugadaAnswer.sanctionId, removed)));
      // A video exam attempt keeps its clips' calls and answers by these ids too.
      const [inExams] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(examAttemptClip)
        .where(
          or(
            inArray(examAttemptClip.correctDecisionId, removed),
            inArray(examAttemptClip.correctSanctionId, removed),
            inArray(examAttemptClip.decisionId, removed),
            inArray(examAttemptClip.sanctionId, removed),
          ),
        );
      if ((used?.n ?? 0) > 0 || (answered?.n ?? 0) > 0 || (inExams?.n ?? 0) > 0) throw conflict(messages.jugadaOptionInUse);
      await tx.delete(jugadaOption).where(inArray(jugadaOption.id, removed));
    }
    for (const [kind, list] of lists) {
      for (const [position, option] of list.entries()) {
        if (option.id) await tx.update(jugadaOption).set({ label: option.label, position }).where(eq(jugadaOption.id, option.id));
        else await tx.insert(jugadaOption).values({ id: randomUUID(), courseId, kind, label: option.label, position });
      }
    }
    return presentOptions(await tx.select().from(jugadaOption).where(eq(jugadaOption.courseId, courseId)));
  });
}

// ---------------------------------------------------------------------------------------------
// Jugadas, as the admin edits them

async function videoOf(db: Db | Tx, videoId: string | null) {
  if (!videoId) return null;
  const [row] = await db.select().from(video).where(eq(video.id, videoId));
  return row ?? null;
}

/** The clip as the player needs it; with `processing` for the admin ('Procesando video… 45 %'). */
function presentVideo(row: JugadaRow, clip: ClipFields | null, { processing = true } = {}): Jugada['video'] {
  if (!row.videoId) return { kind: 'youtube', youtubeId: row.youtubeId ?? '' };
  return {
    kind: 'file',
    videoId: row.videoId,
    url: jugadaVideoUrl(row.id),
    mimeType: clip?.mimeType ?? 'video/mp4',
    renditions: presentRenditions(clip?.renditions ?? [], (height) => jugadaRenditionUrl(row.id, height)),
    posterUrl: clip?.hasPoster ? jugadaPosterUrl(row.id) : null,
    ...(processing && clip?.state
      ? { processing: presentProcessing({ state: clip.state, percent: clip.percent, error: clip.error }) }
      : {}),
  };
}

/** A jugada as the admin edits it; `answerCount` says whether it can still be deleted (none) or only archived. */
export function presentJugada(row: JugadaRow, clip: ClipFields | null, answerCount = 0): Jugada {
  return {
    id: row.id,
    moduleId: row.moduleId,
    position: row.position,
    video: presentVideo(row, clip),
    start: row.startSeconds,
    end: row.endSeconds,
    prompt: row.prompt,
    correctDecisionId: row.correctDecisionId,
    correctSanctionId: row.correctSanctionId,
    moment: row.momentSeconds,
    tolerance: row.toleranceSeconds,
    explanation: row.explanation,
    tags: row.tags,
    use: row.use,
    answerCount,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

/** A jugada students practise: not archived, and not one only for exams (met inside an exam, never on its own). */
export const inPractice = (row: Pick<JugadaRow, 'archivedAt' | 'use'>) => row.archivedAt === null && row.use !== 'examen';

/** First answers in practice and clips drawn in video exam attempts: with any, the jugada can only be archived (the results refer to it). */
const answerCount = sql<number>`((select count(*)::int from ${jugadaAnswer} where ${jugadaAnswer.jugadaId} = ${jugada.id})
  + (select count(*)::int from ${examAttemptClip} where ${examAttemptClip.jugadaId} = ${jugada.id}))`;

/**
 * A module's jugadas in order, each with its clip's type and how many students answered it.
 * `active` leaves out archived ones and those only for exams (a student meets those inside an
 * exam, never in practice): what students see, and what their scores count (as `jugadaScoreSql`).
 */
async function jugadaRows(db: Db | Tx, moduleId: string, { active = false } = {}) {
  return db
    .select({ jugada, ...clipFields, answerCount })
    .from(jugada)
    .leftJoin(video, eq(video.id, jugada.videoId))
    .where(active ? and(eq(jugada.moduleId, moduleId), isNull(jugada.archivedAt), ne(jugada.use, 'examen')) : eq(jugada.moduleId, moduleId))
    .orderBy(asc(jugada.position), asc(jugada.createdAt));
}

/** All the module's jugadas, archived ones too (the admin restores them from the same list). */
export async function listJugadas(db: Db, moduleId: string): Promise<Jugada[]> {
  await findModule(db, moduleId);
  return (await jugadaRows(db, moduleId)).map((r) => presentJugada(r.jugada, r, r.answerCount));
}

async function answerCountOf(db: Db | Tx, jugadaId: string): Promise<number> {
  const [row] = await db.select({ n: answerCount }).from(jugada).where(eq(jugada.id, jugadaId));
  return row?.n ?? 0;
}

export async function findJugada(db: Db | Tx, jugadaId: string) {
  const [row] = await db
    .select({
      jugada,
      courseId: courseModule.courseId,
      mimeType: video.mimeType,
      storageKey: video.storageKey,
      size: video.size,
      storedAt: video.createdAt,
      fileId: video.id,
      posterKey: video.posterKey,
    })
    .from(jugada)
    .innerJoin(courseModule, eq(courseModule.id, jugada.moduleId))
    .leftJoin(video, eq(video.id, jugada.videoId))
    .where(eq(jugada.id, jugadaId));
  if (!row) throw jugadaNotFound();
  return row;
}

export interface JugadaFields {
  video: { kind: 'file'; videoId: string } | { kind: 'youtube'; url: string };
  start: number | null;
  end: number | null;
  prompt: string;
  correctDecisionId: string;
  correctSanctionId: string;
  moment: number | null;
  tolerance: number;
  explanation: string;
  /** 'Etiquetas'; none when not given. */
  tags?: string[];
  /** 'Uso'; 'practica' when not given. */
  use?: JugadaUse;
}

/**
 * A clip for exams is served under the exam's conditions: an uploaded file (a YouTube video
 * cannot be), whose end is known ('Hasta', or the file's own duration) so the attempt can time it.
 */
function checkExamUse(use: JugadaUse, clip: { durationSeconds: number | null } | null, end: number | null) {
  if (!forExams(use)) return;
  if (!clip) throw badRequest(messages.jugadaExamNeedsFile, { use: messages.jugadaExamNeedsFile });
  if (end === null && clip.durationSeconds === null) throw badRequest(messages.jugadaExamNeedsEnd, { use: messages.jugadaExamNeedsEnd });
}

/** Checks the options belong to the course's lists and the clip exists; returns the columns to write. */
async function jugadaColumns(tx: Tx, courseId: string, input: JugadaFields) {
  const options = await ensureOptions(tx, courseId);
  const kindOf = new Map(options.map((o) => [o.id, o.kind]));
  if (kindOf.get(input.correctDecisionId) !== 'decision')
    throw badRequest(messages.jugadaDecisionUnknown, { correctDecisionId: messages.jugadaDecisionUnknown });
  if (kindOf.get(input.correctSanctionId) !== 'sanction')
    throw badRequest(messages.jugadaSanctionUnknown, { correctSanctionId: messages.jugadaSanctionUnknown });
  let source: { videoId: string | null; youtubeId: string | null };
  let clip: typeof video.$inferSelect | null = null;
  if (input.video.kind === 'file') {
    clip = await videoOf(tx, input.video.videoId);
    if (!clip) throw badRequest(messages.videoNotFound, { video: messages.videoNotFound });
    source = { videoId: input.video.videoId, youtubeId: null };
  } else {
    source = { videoId: null, youtubeId: youtubeId(input.video.url) };
    if (!source.youtubeId) throw badRequest(messages.jugadaYoutubeInvalid, { video: messages.jugadaYoutubeInvalid });
  }
  const use = input.use ?? 'practica';
  checkExamUse(use, clip, input.end);
  return {
    ...source,
    tags: uniqueTags((input.tags ?? []).map((t) => t.trim()).filter(Boolean)),
    use,
    startSeconds: input.start,
    endSeconds: input.end,
    prompt: input.prompt,
    correctDecisionId: input.correctDecisionId,
    correctSanctionId: input.correctSanctionId,
    momentSeconds: input.moment,
    toleranceSeconds: input.tolerance,
    explanation: input.explanation,
  };
}

export async function createJugada(db: Db, moduleId: string, input: JugadaFields): Promise<Jugada> {
  return db.transaction(async (tx) => {
    const module = await findModule(tx, moduleId);
    const columns = await jugadaColumns(tx, module.courseId, input);
    const [{ count, next } = { count: 0, next: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${jugada.position}) + 1, 0)::int` })
      .from(jugada)
      .where(eq(jugada.moduleId, moduleId));
    if (count >= JUGADAS_PER_MODULE_MAX) throw badRequest(`Un módulo puede tener como máximo ${JUGADAS_PER_MODULE_MAX} jugadas`);
    const [row] = await tx
      .insert(jugada)
      .values({ id: randomUUID(), moduleId, position: next, ...columns })
      .returning();
    return presentJugada(row!, await clipFieldsOf(tx, row!.videoId));
  });
}

/** Replaces a jugada's fields. Answers already given keep their grade. Returns the clip no longer used, if any. */
export async function updateJugada(db: Db, jugadaId: string, input: JugadaFields): Promise<{ jugada: Jugada; unusedVideo: string[] }> {
  return db.transaction(async (tx) => {
    const found = await findJugada(tx, jugadaId);
    const columns = await jugadaColumns(tx, found.courseId, input);
    const [row] = await tx
      .update(jugada)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(jugada.id, jugadaId))
      .returning();
    const previous = found.jugada.videoId;
    const unusedVideo = previous && previous !== row!.videoId ? await dropVideoIfUnused(tx, previous) : [];
    return {
      jugada: presentJugada(row!, await clipFieldsOf(tx, row!.videoId), await answerCountOf(tx, jugadaId)),
      unusedVideo,
    };
  });
}

/**
 * Deletes a jugada no student answered (409 otherwise: archive it instead, their answers are
 * kept); returns the storage key of a clip nobody uses any more. The row is locked first, so an
 * answer cannot arrive between the check and the delete (its insert waits, then finds no jugada).
 */
export async function deleteJugada(db: Db, jugadaId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: jugada.id }).from(jugada).where(eq(jugada.id, jugadaId)).for('update');
    if (!locked) throw jugadaNotFound();
    if ((await answerCountOf(tx, jugadaId)) > 0) throw conflict(messages.jugadaHasAnswers);
    const [row] = await tx.delete(jugada).where(eq(jugada.id, jugadaId)).returning();
    return row!.videoId ? dropVideoIfUnused(tx, row!.videoId) : [];
  });
}

/**
 * 'Archivar' / 'Restaurar': an archived jugada is out of the students' jugadas page and of their
 * scores; their answers stay and count again once it is restored.
 */
export async function setJugadaArchived(db: Db, jugadaId: string, archived: boolean): Promise<Jugada> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jugada)
      .set({ archivedAt: archived ? sql`coalesce(${jugada.archivedAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(jugada.id, jugadaId))
      .returning();
    if (!row) throw jugadaNotFound();
    return presentJugada(row, await clipFieldsOf(tx, row.videoId), await answerCountOf(tx, jugadaId));
  });
}

export async function reorderJugadas(db: Db, moduleId: string, jugadaIds: string[]) {
  return db.transaction(async (tx) => {
    await findModule(tx, moduleId);
    const existing = await tx.select({ id: jugada.id }).from(jugada).where(eq(jugada.moduleId, moduleId));
    const known = new Set(existing.map((j) => j.id));
    if (jugadaIds.length !== known.size || new Set(jugadaIds).size !== jugadaIds.length || !jugadaIds.every((id) => known.has(id))) {
      throw badRequest(messages.jugadaOrderInvalid);
    }
    await tx
      .update(jugada)
      .set({ position: sql`(array_position(${sql.param(jugadaIds)}::text[], ${jugada.id}) - 1)`, updatedAt: sql`now()` })
      .where(eq(jugada.moduleId, moduleId));
  });
}

// ---------------------------------------------------------------------------------------------
// The student's side

type AnswerRow = typeof jugadaAnswer.$inferSelect;

function presentResult(
  row: JugadaRow,
  answer: Omit<AnswerRow, 'jugadaId' | 'userId' | 'createdAt'>,
  optionLabel: Map<string, string>,
): JugadaResult {
  return {
    decisionId: answer.decisionId,
    sanctionId: answer.sanctionId,
    moment: answer.momentSeconds,
    decisionCorrect: answer.decisionCorrect,
    sanctionCorrect: answer.sanctionCorrect,
    momentCorrect: answer.momentCorrect,
    correct: answer.correct,
    correctDecision: { id: row.correctDecisionId, label: optionLabel.get(row.correctDecisionId) ?? '' },
    correctSanction: { id: row.correctSanctionId, label: optionLabel.get(row.correctSanctionId) ?? '' },
    correctMoment: row.momentSeconds,
    tolerance: row.toleranceSeconds,
    explanation: row.explanation,
  };
}

/** A module with its jugadas in order (`active`: archived ones left out), the course's lists and their labels by id. */
async function moduleJugadas(db: Db, moduleId: string, { active = false } = {}) {
  const module = await findModule(db, moduleId);
  const options = await courseOptions(db, module.courseId);
  const labels = new Map([...options.decisions, ...options.sanctions].map((o) => [o.id, o.label]));
  return { module, options, labels, rows: await jugadaRows(db, moduleId, { active }) };
}

/**
 * The module's active jugadas with one student's first answers by jugada and their score: what
 * the student sees, so archived jugadas are out of both (as in `jugadaScoreSql`, which every module read uses).
 */
async function moduleWithAnswers(db: Db, moduleId: string, userId: string) {
  const { module, options, labels, rows } = await moduleJugadas(db, moduleId, { active: true });
  const answers = rows.length
    ? await db
        .select()
        .from(jugadaAnswer)
        .where(
          and(
            eq(jugadaAnswer.userId, userId),
            inArray(
              jugadaAnswer.jugadaId,
              rows.map((r) => r.jugada.id),
            ),
          ),
        )
    : [];
  const answerOf = new Map(answers.map((a) => [a.jugadaId, a]));
  const score = { correct: answers.filter((a) => a.correct).length, total: rows.length };
  return { module, options, labels, rows, answerOf, score };
}

/** The module's jugadas for a student: the correct call only for those they have already answered. */
export async function studentJugadas(db: Db, moduleId: string, userId: string) {
  const { module, options, labels, rows, answerOf, score } = await moduleWithAnswers(db, moduleId, userId);
  const jugadas: StudentJugada[] = rows.map((found) => {
    const row = found.jugada;
    const answer = answerOf.get(row.id);
    const clip = presentVideo(row, found, { processing: false });
    return {
      id: row.id,
      position: row.position,
      video: clip,
      start: row.startSeconds,
      end: row.endSeconds,
      prompt: row.prompt,
      hasMoment: row.momentSeconds !== null,
      firstAnswer: answer ? presentResult(row, answer, labels) : null,
    };
  });
  return { moduleId: module.id, courseId: module.courseId, moduleName: module.name, options, jugadas, score };
}

/**
 * Grades a student's call at once. The first answer to each jugada is kept and counts; any
 * later one (practice, or a repeated request) is graded the same way and changes nothing.
 */
export async function answerJugada(db: Db, jugadaId: string, userId: string, input: JugadaAnswerInput): Promise<JugadaAnswerResponse> {
  return db.transaction(async (tx) => {
    const { jugada: row, courseId } = await findJugada(tx, jugadaId);
    const options = await ensureOptions(tx, courseId);
    const kindOf = new Map(options.map((o) => [o.id, o.kind]));
    if (kindOf.get(input.decisionId) !== 'decision')
      throw badRequest(messages.jugadaDecisionUnknown, { decisionId: messages.jugadaDecisionUnknown });
    if (kindOf.get(input.sanctionId) !== 'sanction')
      throw badRequest(messages.jugadaSanctionUnknown, { sanctionId: messages.jugadaSanctionUnknown });
    // An answer without the moment a jugada asks for is not an attempt (the first one is the one that counts).
    if (row.momentSeconds !== null && input.moment === null)
      throw badRequest(messages.jugadaMarkMoment, { moment: messages.jugadaMarkMoment });
    const grade = gradeJugada(row, input);
    const answer = { decisionId: input.decisionId, sanctionId: input.sanctionId, momentSeconds: input.moment, ...grade };
    const inserted = await tx
      .insert(jugadaAnswer)
      .values({ jugadaId, userId, ...answer })
      .onConflictDoNothing()
      .returning({ jugadaId: jugadaAnswer.jugadaId });
    const labels = new Map(options.map((o) => [o.id, o.label]));
    const score = (await jugadaScore(tx, userId, row.moduleId)) ?? { correct: 0, total: 0 };
    return { result: presentResult(row, answer, labels), counted: inserted.length > 0, score };
  });
}

// ---------------------------------------------------------------------------------------------
// Results for the admin

/** Per jugada of the module (archived ones too): how many first attempts were right, what the class chose, and each student's answer. */
export async function jugadaResults(db: Db, moduleId: string): Promise<JugadaResults> {
  const { options, labels, rows } = await moduleJugadas(db, moduleId);
  const answers = rows.length
    ? await db
        .select({ answer: jugadaAnswer, name: user.name, email: user.email })
        .from(jugadaAnswer)
        .innerJoin(user, eq(user.id, jugadaAnswer.userId))
        .where(
          inArray(
            jugadaAnswer.jugadaId,
            rows.map((r) => r.jugada.id),
          ),
        )
        .orderBy(asc(user.name), asc(user.id))
    : [];
  const byJugada = Map.groupBy(answers, (a) => a.answer.jugadaId);
  const counts = (list: JugadaOptions['decisions'], chosen: string[]) =>
    list.map((o) => ({ id: o.id, label: o.label, count: chosen.filter((c) => c === o.id).length }));
  return {
    jugadas: rows.map(({ jugada: row }) => {
      const list = byJugada.get(row.id) ?? [];
      const correct = list.filter((a) => a.answer.correct).length;
      return {
        jugadaId: row.id,
        position: row.position,
        prompt: row.prompt,
        archived: row.archivedAt !== null,
        answered: list.length,
        correct,
        percentCorrect: list.length ? Math.round((correct / list.length) * 100) : null,
        decisions: counts(
          options.decisions,
          list.map((a) => a.answer.decisionId),
        ),
        sanctions: counts(
          options.sanctions,
          list.map((a) => a.answer.sanctionId),
        ),
        answers: list.map(({ answer, name, email }) => ({
          userId: answer.userId,
          name,
          email,
          decision: labels.get(answer.decisionId) ?? '',
          sanction: labels.get(answer.sanctionId) ?? '',
          moment: answer.momentSeconds,
          correct: answer.correct,
          answeredAt: answer.createdAt.toISOString(),
        })),
      };
    }),
  };
}

/** One student's first answers to the module's jugadas, each part graded, with the correct call (for the admin). */
export async function userJugadas(db: Db, userId: string, moduleId: string): Promise<UserJugadas> {
  const { labels, rows, answerOf, score } = await moduleWithAnswers(db, moduleId, userId);
  return {
    jugadas: rows.map(({ jugada: row }) => {
      const answer = answerOf.get(row.id);
      return {
        jugadaId: row.id,
        position: row.position,
        prompt: row.prompt,
        correctMoment: row.momentSeconds,
        tolerance: row.toleranceSeconds,
        correctDecision: labels.get(row.correctDecisionId) ?? '',
        correctSanction: labels.get(row.correctSanctionId) ?? '',
        answer: answer
          ? {
              decision: labels.get(answer.decisionId) ?? '',
              sanction: labels.get(answer.sanctionId) ?? '',
              moment: answer.momentSeconds,
              decisionCorrect: answer.decisionCorrect,
              sanctionCorrect: answer.sanctionCorrect,
              momentCorrect: answer.momentCorrect,
              correct: answer.correct,
              answeredAt: answer.createdAt.toISOString(),
            }
          : null,
      };
    }),
    score,
  };
}

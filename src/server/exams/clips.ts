// A video exam's clips, with every condition on the server: the pool they are drawn from (the
// course's jugadas for 'Examen'), the viewings ('Ver' counts one, only on the clip the trainee is
// on, never while one plays), the answer window counted from the end of the last viewing (an
// answer after it and its grace is refused), and the clip's file, sent only to the attempt's
// trainee inside a viewing: after 'Ver', for that clip and that viewing, while it plays.
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { canAnswer, canStream, canView, clipStage, currentClip, drawItems, type DrawSpec } from '../../shared/exam-rules.ts';
import { examMessages } from '../../shared/messages.ts';
import type { ClipResponse } from '../../shared/schemas/exams.ts';
import type { JugadaAnswerInput } from '../../shared/schemas/jugadas.ts';
import type { Db, Tx } from '../db/client.ts';
import { courseModule, exam, examAttempt, examAttemptClip, jugada, jugadaOption, video } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { presentClip, type AttemptClipRow, type AttemptRow } from './read.ts';

type ExamRow = typeof exam.$inferSelect;

/** Tags compare without case or accents: 'Sanción progresiva' is 'sancion progresiva'. */
export const tagKey = (tag: string) =>
  tag
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es')
    .trim();

/** A jugada a video exam can draw: its file and segment known. */
export interface PoolClip {
  id: string;
  tags: string[];
  videoId: string;
  startSeconds: number;
  endSeconds: number;
  prompt: string;
  correctDecisionId: string;
  correctSanctionId: string;
  momentSeconds: number | null;
  toleranceSeconds: number;
  explanation: string;
}

/**
 * The course's clips for exams: jugadas for 'Examen' or 'Ambos', not archived, of a module not
 * archived, from an uploaded file whose segment has a known end (its 'Hasta', or the file's length).
 */
export async function clipPool(db: Db | Tx, courseId: string): Promise<PoolClip[]> {
  const rows = await db
    .select({
      id: jugada.id,
      tags: jugada.tags,
      videoId: jugada.videoId,
      startSeconds: jugada.startSeconds,
      endSeconds: sql<number | null>`coalesce(${jugada.endSeconds}, ${video.durationSeconds})`,
      prompt: jugada.prompt,
      correctDecisionId: jugada.correctDecisionId,
      correctSanctionId: jugada.correctSanctionId,
      momentSeconds: jugada.momentSeconds,
      toleranceSeconds: jugada.toleranceSeconds,
      explanation: jugada.explanation,
    })
    .from(jugada)
    .innerJoin(courseModule, eq(courseModule.id, jugada.moduleId))
    .innerJoin(video, eq(video.id, jugada.videoId))
    .where(
      and(
        eq(courseModule.courseId, courseId),
        isNull(courseModule.archivedAt),
        isNull(jugada.archivedAt),
        inArray(jugada.use, ['examen', 'ambos']),
      ),
    )
    .orderBy(courseModule.position, jugada.position);
  return rows.flatMap((row) => {
    const start = row.startSeconds ?? 0;
    if (row.videoId === null || row.endSeconds === null || row.endSeconds <= start) return [];
    return [{ ...row, videoId: row.videoId, startSeconds: start, endSeconds: Number(row.endSeconds) }];
  });
}

/** The clips of an attempt, drawn as the exam says (per tag: any of the clip's tags). */
export function drawClips(pool: readonly PoolClip[], spec: DrawSpec) {
  return drawItems(pool, spec, (clip, tag) => clip.tags.some((own) => tagKey(own) === tagKey(tag)), randomInt);
}

/** The rows of a new attempt's clips, copied from the jugadas (later edits do not change it). */
export function clipRows(attemptId: string, clips: readonly PoolClip[], critical: ReadonlySet<string>) {
  return clips.map((clip, position) => ({
    attemptId,
    position,
    jugadaId: clip.id,
    videoId: clip.videoId,
    startSeconds: clip.startSeconds,
    endSeconds: clip.endSeconds,
    prompt: clip.prompt,
    correctDecisionId: clip.correctDecisionId,
    correctSanctionId: clip.correctSanctionId,
    momentSeconds: clip.momentSeconds,
    toleranceSeconds: clip.toleranceSeconds,
    explanation: clip.explanation,
    tags: clip.tags,
    critical: critical.has(clip.id),
  }));
}

const clipNotFound = () => notFound(examMessages.clipUnknown);

/**
 * The trainee's open attempt at a video exam, locked, with its clips: what 'Ver' and 'Responder'
 * change under (`update`), and the file checks under (`share`: the player's Range requests do not
 * wait on each other, only on a change). Another trainee's attempt is answered like one that does
 * not exist; a closed one with 409.
 */
async function lockedClip(tx: Tx, attemptId: string, userId: string, position: number, lock: 'update' | 'share' = 'update') {
  const [attempt] = await tx.select().from(examAttempt).where(eq(examAttempt.id, attemptId)).for(lock);
  if (!attempt || attempt.userId !== userId) throw notFound(examMessages.attemptNotFound);
  const [examRow] = await tx.select().from(exam).where(eq(exam.id, attempt.examId));
  if (!examRow || examRow.kind !== 'video') throw clipNotFound();
  if (attempt.submittedAt !== null) throw conflict(examMessages.attemptSubmitted);
  const clips = await tx.select().from(examAttemptClip).where(eq(examAttemptClip.attemptId, attemptId)).orderBy(examAttemptClip.position);
  const clip = clips.find((candidate) => candidate.position === position);
  if (!clip) throw clipNotFound();
  return { attempt, examRow, clips, clip };
}

/** Why the clip is not the one the trainee is on: passed, or not reached yet. */
function notCurrent(clip: AttemptClipRow, examRow: ExamRow, now: Date) {
  const stage = clipStage(clip, examRow, now);
  return conflict(stage === 'respondida' || stage === 'vencida' ? examMessages.clipPassed : examMessages.clipNotCurrent);
}

/** 'Ver': one more viewing of the clip the trainee is on; the answer window then runs from its end. */
export async function startViewing(db: Db, attemptId: string, userId: string, position: number, now: Date): Promise<ClipResponse> {
  return db.transaction(async (tx) => {
    const { examRow, clips, clip } = await lockedClip(tx, attemptId, userId, position);
    if (currentClip(clips, examRow, now)?.position !== position) throw notCurrent(clip, examRow, now);
    if (!canView(clip, examRow, now)) {
      throw conflict(clip.views >= examRow.viewsPerClip ? examMessages.noViewsLeft : examMessages.clipPlaying);
    }
    const [viewed] = await tx
      .update(examAttemptClip)
      .set({ views: clip.views + 1, lastViewAt: now })
      .where(and(eq(examAttemptClip.attemptId, attemptId), eq(examAttemptClip.position, position)))
      .returning();
    return { clip: presentClip(viewed!, examRow, now), currentPosition: position };
  });
}

/** The decision and the sanction must be of the course's lists (a made-up id is refused, not graded). */
async function assertCourseOptions(tx: Tx, courseId: string, input: JugadaAnswerInput) {
  const found = await tx
    .select({ id: jugadaOption.id, kind: jugadaOption.kind })
    .from(jugadaOption)
    .where(and(eq(jugadaOption.courseId, courseId), inArray(jugadaOption.id, [input.decisionId, input.sanctionId])));
  const ok =
    found.some((option) => option.id === input.decisionId && option.kind === 'decision') &&
    found.some((option) => option.id === input.sanctionId && option.kind === 'sanction');
  if (!ok) throw badRequest(examMessages.clipOptionUnknown);
}

const sameAnswer = (clip: AttemptClipRow, input: JugadaAnswerInput) =>
  clip.decisionId === input.decisionId && clip.sanctionId === input.sanctionId && clip.answerMomentSeconds === input.moment;

/**
 * 'Responder': the call for the clip, once, from its first viewing until its window (plus the
 * grace) closes. The same answer again (a double tap, a retry after a lost reply) is answered as
 * saved. Returns the clip and whether it was the attempt's last one to be done.
 */
export async function answerClip(
  db: Db,
  attemptId: string,
  userId: string,
  position: number,
  input: JugadaAnswerInput,
  now: Date,
): Promise<{ response: ClipResponse; attempt: AttemptRow; examRow: ExamRow; allDone: boolean }> {
  return db.transaction(async (tx) => {
    const { attempt, examRow, clips, clip } = await lockedClip(tx, attemptId, userId, position);
    const done = (answered: AttemptClipRow) => {
      const after = clips.map((candidate) => (candidate.position === position ? answered : candidate));
      return {
        response: { clip: presentClip(answered, examRow, now), currentPosition: currentClip(after, examRow, now)?.position ?? null },
        attempt,
        examRow,
        allDone: currentClip(after, examRow, now) === null,
      };
    };
    if (clip.answeredAt !== null) {
      if (sameAnswer(clip, input)) return done(clip);
      throw conflict(examMessages.clipAnswered);
    }
    if (!canAnswer(clip, examRow, now))
      throw conflict(clip.lastViewAt === null ? examMessages.watchFirst : examMessages.answerWindowClosed);
    await assertCourseOptions(tx, examRow.courseId, input);
    const [answered] = await tx
      .update(examAttemptClip)
      .set({ decisionId: input.decisionId, sanctionId: input.sanctionId, answerMomentSeconds: input.moment, answeredAt: now })
      .where(and(eq(examAttemptClip.attemptId, attemptId), eq(examAttemptClip.position, position)))
      .returning();
    return done(answered!);
  });
}

/**
 * The clip's file for its trainee, inside the viewing `viewing` of the clip they are on, while it
 * plays (each Range request the player makes checks the same). Before 'Ver', after the viewing,
 * another viewing's or another clip's: 404, as for a clip that does not exist.
 */
export async function clipFile(db: Db, attemptId: string, userId: string, position: number, viewing: number, now: Date) {
  return db.transaction(async (tx) => {
    const { examRow, clips, clip } = await lockedClip(tx, attemptId, userId, position, 'share').catch((error: unknown) => {
      // A closed attempt's clips are gone too: the same 404 as any clip not to be sent.
      if ((error as { statusCode?: number }).statusCode === 409) throw clipNotFound();
      throw error;
    });
    if (currentClip(clips, examRow, now)?.position !== position || !canStream(clip, examRow, now, viewing)) throw clipNotFound();
    const [file] = await tx.select().from(video).where(eq(video.id, clip.videoId));
    if (!file) throw clipNotFound();
    return file;
  });
}

// A trainee's attempt at an exam, with every rule on the server: it starts once (a double tap or
// a second tab resumes it), its questions and their options are drawn and shuffled once, its
// deadline is fixed at the start, each answer is saved as it is chosen (an older one arriving late
// never overwrites a newer one), and once the deadline (plus a short grace) has passed it is closed
// and graded by whoever touches it next — the trainee, the admin's results, or the sweep.
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { canStart, deadlineOf, drawQuestions, gradeItems, videoAttemptMinutes } from '../../shared/exam-rules.ts';
import { examMessages } from '../../shared/messages.ts';
import { DEADLINE_GRACE_SECONDS } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { sessionUserSql, type SessionRow } from '../auth/session.ts';
import { exam, examAttempt, examAttemptClip, examAttemptQuestion } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { activeBank, drawProblemMessage, examNotFound, findExam, type ExamRow } from './service.ts';
import { clipPool, clipRows, drawClips } from './clips.ts';
import { attemptItems, markedItems, type AttemptRow } from './read.ts';

export const attemptNotFound = () => notFound(examMessages.attemptNotFound);

const graceMs = DEADLINE_GRACE_SECONDS * 1000;
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Closes and grades the attempt (locked by the caller), handed in by the trainee or by the clock. */
async function close(
  tx: Tx,
  attempt: AttemptRow,
  examRow: Pick<ExamRow, 'kind' | 'passPercent'>,
  closedBy: 'alumno' | 'tiempo',
  now: Date,
) {
  const grade = gradeItems(markedItems(await attemptItems(tx, attempt.id, examRow.kind)), examRow.passPercent);
  // Closed by the clock, it was handed in at its deadline, whenever the sweep got to it.
  const submittedAt = closedBy === 'tiempo' ? attempt.deadline : now;
  const [closed] = await tx
    .update(examAttempt)
    .set({ submittedAt, closedBy, right: grade.right, scorePercent: grade.scorePercent, passed: grade.passed })
    .where(eq(examAttempt.id, attempt.id))
    .returning();
  return closed!;
}

/** Closes every open attempt whose time ran out (of one exam, one trainee, or all): the sweep, and every read that shows attempts. */
export async function closeExpiredAttempts(db: Db, now: Date, scope: { examId?: string; userId?: string; attemptId?: string } = {}) {
  const expired = await db
    .select({ id: examAttempt.id })
    .from(examAttempt)
    .where(
      and(
        isNull(examAttempt.submittedAt),
        lt(examAttempt.deadline, new Date(now.getTime() - graceMs)),
        scope.examId ? eq(examAttempt.examId, scope.examId) : undefined,
        scope.userId ? eq(examAttempt.userId, scope.userId) : undefined,
        scope.attemptId ? eq(examAttempt.id, scope.attemptId) : undefined,
      ),
    );
  for (const { id } of expired) {
    await db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(examAttempt).where(eq(examAttempt.id, id)).for('update');
      if (!attempt || attempt.submittedAt !== null) return;
      const [examRow] = await tx.select({ kind: exam.kind, passPercent: exam.passPercent }).from(exam).where(eq(exam.id, attempt.examId));
      await close(tx, attempt, examRow!, 'tiempo', now);
    });
  }
  return expired.length;
}

/** The open attempt of a trainee at an exam, or a new one when the exam's conditions allow it; `started` says which. */
export async function startOrResume(db: Db, examId: string, userId: string, now: Date): Promise<{ attempt: AttemptRow; started: boolean }> {
  await closeExpiredAttempts(db, now, { examId, userId });
  for (let round = 0; ; round++) {
    try {
      return await db.transaction(async (tx) => {
        const examRow = await findExam(tx, examId);
        const attempts = await tx
          .select()
          .from(examAttempt)
          .where(and(eq(examAttempt.examId, examId), eq(examAttempt.userId, userId)));
        const open = attempts.find((attempt) => attempt.submittedAt === null);
        if (open) return { attempt: open, started: false };
        const last = attempts.reduce<Date | null>((latest, a) => (latest && latest > a.submittedAt! ? latest : a.submittedAt), null);
        const check = canStart(examRow, { used: attempts.length, open: false, lastSubmittedAt: last }, now);
        if (check.status === 'sin-intentos') throw conflict(examMessages.noAttemptsLeft);
        if (check.status === 'esperar') throw conflict(examMessages.tryAgainOn(check.nextAttemptAt.toISOString()));
        if (check.status === 'no-abierto') throw conflict(examMessages.examNotOpenYet(check.opensAt.toISOString()));
        if (check.status === 'cerrado') throw conflict(examMessages.examClosed);
        return { attempt: await createAttempt(tx, examRow, userId, attempts.length + 1, now), started: true };
      });
    } catch (error) {
      // Two taps (or two tabs) started it at once: the other one's attempt is resumed.
      if (round < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function createAttempt(tx: Tx, examRow: ExamRow, userId: string, number: number, now: Date) {
  if (examRow.kind === 'video') return createVideoAttempt(tx, examRow, userId, number, now);
  const drawn = drawQuestions(await activeBank(tx, examRow.courseId), examRow, randomInt);
  // The bank changed since the exam was saved (questions archived): nobody can sit it as it is.
  if (!('questions' in drawn)) throw conflict(drawProblemMessage(drawn.problem, examRow.kind).message);
  const id = randomUUID();
  const deadline = deadlineOf({ startedAt: now, timeMinutes: examRow.timeMinutes, closesAt: examRow.closesAt });
  const [attempt] = await tx.insert(examAttempt).values({ id, examId: examRow.id, userId, number, startedAt: now, deadline }).returning();
  const critical = new Set(examRow.criticalQuestionIds);
  await tx.insert(examAttemptQuestion).values(
    drawn.questions.map(({ question, optionOrder }, position) => ({
      attemptId: id,
      position,
      questionId: question.id,
      text: question.text,
      options: question.options,
      correct: question.correct,
      chapter: question.chapter,
      rule: question.rule,
      explanation: question.explanation,
      critical: critical.has(question.id),
      optionOrder,
    })),
  );
  return attempt!;
}

/** A video attempt: its clips drawn and copied; its deadline leaves time for every viewing, every window and loading. */
async function createVideoAttempt(tx: Tx, examRow: ExamRow, userId: string, number: number, now: Date) {
  const drawn = drawClips(await clipPool(tx, examRow.courseId), examRow);
  if (!('items' in drawn)) throw conflict(drawProblemMessage(drawn.problem, examRow.kind).message);
  const id = randomUUID();
  const timeMinutes = videoAttemptMinutes(drawn.items, examRow);
  const deadline = deadlineOf({ startedAt: now, timeMinutes, closesAt: examRow.closesAt });
  const [attempt] = await tx.insert(examAttempt).values({ id, examId: examRow.id, userId, number, startedAt: now, deadline }).returning();
  await tx.insert(examAttemptClip).values(clipRows(id, drawn.items, new Set(examRow.criticalQuestionIds)));
  return attempt!;
}

/**
 * Finds the attempt for its trainee (or anyone, for an admin: `userId` null), closing it first if
 * its time ran out. Another trainee's attempt is answered like one that does not exist.
 */
export async function findAttempt(db: Db, attemptId: string, userId: string | null, now: Date) {
  await closeExpiredAttempts(db, now, { attemptId });
  const [attempt] = await db.select().from(examAttempt).where(eq(examAttempt.id, attemptId));
  if (!attempt || (userId !== null && attempt.userId !== userId)) throw attemptNotFound();
  const examRow = await findExam(db, attempt.examId).catch(() => {
    throw attemptNotFound();
  });
  return { attempt, examRow };
}

/**
 * Saves one answer in one prepared statement that also reads the session (one round trip, as a
 * class hands in answers every few seconds): only to the trainee's own open attempt, locked for
 * the save (never stored after the attempt was graded), before its
 * deadline plus the grace, only when newer than the stored one (`seq`), only an option the
 * question has. `deadline` is null when nothing was saved (`whyNotSaved` says why).
 */
export const saveAnswerStatement = preparedStatement<
  'token' | 'attemptId' | 'position' | 'answer' | 'seq' | 'now' | 'cutoff' | 'highest',
  { session: SessionRow | null; deadline: string | null }
>('exam_answer_save', ['token', 'attemptId', 'position', 'answer', 'seq', 'now', 'cutoff', 'highest'], (p) => {
  // The attempt row is share-locked for the save: a close (the trainee's 'Entregar', the clock,
  // the results) locks it for update, so one waits for the other. A save that waited sees the
  // attempt closed and stores nothing; a close that waited grades with the answer in.
  return sql`with me as (${sessionUserSql(p.token)}),
    open_attempt as (
      select a.id, a.deadline from ${examAttempt} a
      where a.id = ${p.attemptId}::text and a.user_id = (select id from me)
        and a.submitted_at is null and a.deadline > ${p.cutoff}::timestamptz
      for share
    ),
    saved as (
      update ${examAttemptQuestion} q
      set answer = ${p.answer}::jsonb, answer_seq = ${p.seq}::int, answered_at = ${p.now}::timestamptz
      from open_attempt a
      where q.attempt_id = a.id and q.position = ${p.position}::int
        and q.answer_seq < ${p.seq}::int and jsonb_array_length(q.options) > ${p.highest}::int
      returning a.deadline
    )
    select (select row_to_json(me) from me) as session, (select deadline from saved) as deadline`;
});

/** The statement's values for an answer: the marked options in order, each once, and the grace's cutoff. */
export function answerValues(input: { attemptId: string; position: number; answer: number[]; seq: number }, now: Date) {
  const answer = [...new Set(input.answer)].sort((a, b) => a - b);
  return {
    attemptId: input.attemptId,
    position: input.position,
    answer: JSON.stringify(answer),
    seq: input.seq,
    now: now.toISOString(),
    cutoff: new Date(now.getTime() - graceMs).toISOString(),
    highest: answer.length > 0 ? answer[answer.length - 1]! : -1,
  };
}

export const remaining = (deadline: Date | string, now: Date) =>
  Math.max(0, Math.floor((new Date(deadline).getTime() - now.getTime()) / 1000));

export async function whyNotSaved(
  db: Db,
  input: { attemptId: string; userId: string; position: number; seq: number },
  highest: number,
  now: Date,
) {
  const { attempt } = await findAttempt(db, input.attemptId, input.userId, now);
  if (attempt.submittedAt !== null) throw conflict(examMessages.attemptClosed);
  const [question] = await db
    .select()
    .from(examAttemptQuestion)
    .where(and(eq(examAttemptQuestion.attemptId, input.attemptId), eq(examAttemptQuestion.position, input.position)));
  if (!question) throw notFound(examMessages.questionUnknown);
  if (highest >= question.options.length) throw badRequest(examMessages.answerUnknownOption, { answer: examMessages.answerUnknownOption });
  // Within the grace, or an older answer that arrived after a newer one: the stored one stands.
  if (question.answerSeq >= input.seq)
    return { position: input.position, answerSeq: question.answerSeq, remainingSeconds: remaining(attempt.deadline, now) };
  throw conflict(examMessages.attemptClosed);
}

/** 'Entregar examen': closes and grades the trainee's open attempt (handing in twice answers the graded attempt). */
export async function submitAttempt(db: Db, attemptId: string, userId: string, now: Date) {
  await closeExpiredAttempts(db, now, { attemptId });
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(examAttempt).where(eq(examAttempt.id, attemptId)).for('update');
    if (!attempt || attempt.userId !== userId) throw attemptNotFound();
    const [examRow] = await tx.select().from(exam).where(eq(exam.id, attempt.examId));
    if (!examRow) throw examNotFound();
    if (attempt.submittedAt !== null) return { attempt, examRow };
    return { attempt: await close(tx, attempt, examRow, 'alumno', now), examRow };
  });
}

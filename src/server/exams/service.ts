// Writing exams: create, edit (all of it until the first attempt starts, then only its schedule),
// delete (not while an attempt is open). What an exam draws is checked against the bank when it
// is saved, so trainees never meet an exam that cannot be drawn.
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { drawQuestions, type DrawProblem, type DrawSpec } from '../../shared/exam-rules.ts';
import { examMessages } from '../../shared/messages.ts';
import type { Exam, ExamInput, ExamKind, ExamSchedule } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion, courseModule, exam, examAttempt } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { clipPool, drawClips } from './clips.ts';
import { readExam } from './read.ts';
import { logChange } from '../record/changes.ts';

/** Who changes an exam's dates or deletes it: written in the course's record of changes. */
type Actor = { id: string; name: string };

export const examNotFound = () => notFound(examMessages.examNotFound);

export type ExamRow = typeof exam.$inferSelect;

export async function findExam(db: Db | Tx, examId: string): Promise<ExamRow> {
  const [row] = await db.select().from(exam).where(eq(exam.id, examId));
  if (!row) throw examNotFound();
  return row;
}

/** The course's active questions, as an attempt draws them. */
export async function activeBank(db: Db | Tx, courseId: string) {
  return db
    .select()
    .from(bankQuestion)
    .where(and(eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt)));
}

/** Why the bank (or the course's clips for exams) cannot give an exam's items, and the exam's field it is about. */
export function drawProblemMessage(problem: DrawProblem, kind: ExamKind): { field: string; message: string } {
  const video = kind === 'video';
  if (problem.kind === 'fixed-unknown')
    return { field: 'fixedQuestionIds', message: video ? examMessages.fixedClipUnknown : examMessages.fixedUnknown };
  if (problem.kind === 'chapter') {
    const message = (video ? examMessages.tagTooSmall : examMessages.chapterTooSmall)(problem.chapter, problem.available);
    return { field: 'perChapter', message };
  }
  return { field: 'questionCount', message: (video ? examMessages.poolTooSmall : examMessages.bankTooSmall)(problem.available) };
}

/** A first random draw shows whether the bank (or the clips) hold what the exam asks for; the error names the field. */
async function assertDrawable(db: Db | Tx, courseId: string, spec: DrawSpec & { kind: ExamKind }) {
  const drawn =
    spec.kind === 'video' ? drawClips(await clipPool(db, courseId), spec) : drawQuestions(await activeBank(db, courseId), spec, randomInt);
  if (!('problem' in drawn)) return;
  const { field, message } = drawProblemMessage(drawn.problem, spec.kind);
  throw badRequest(message, { [field]: message });
}

async function assertModuleOfCourse(db: Db | Tx, courseId: string, moduleId: string) {
  const [row] = await db
    .select({ id: courseModule.id })
    .from(courseModule)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)));
  if (!row) throw badRequest(examMessages.moduleMissing, { moduleId: examMessages.moduleMissing });
}

const columnsOf = (input: ExamInput) => ({
  ...input,
  // A video exam has no overall time: each clip has its window (the attempt's deadline follows from its clips).
  timeMinutes: input.kind === 'video' ? 0 : (input.timeMinutes ?? 0),
  opensAt: input.opensAt ? new Date(input.opensAt) : null,
  closesAt: input.closesAt ? new Date(input.closesAt) : null,
});

export async function createExam(db: Db | Tx, courseId: string, input: ExamInput): Promise<Exam> {
  await assertModuleOfCourse(db, courseId, input.moduleId);
  await assertDrawable(db, courseId, input);
  const id = randomUUID();
  await db.insert(exam).values({ id, courseId, ...columnsOf(input) });
  return readExam(db, id);
}

async function attemptCounts(db: Db | Tx, examId: string) {
  const [row] = await db
    .select({ started: sql<number>`count(*)::int`, open: sql<number>`(count(*) filter (where ${examAttempt.submittedAt} is null))::int` })
    .from(examAttempt)
    .where(eq(examAttempt.examId, examId));
  return row ?? { started: 0, open: 0 };
}

/** The whole exam, until its first attempt starts (409 after: its questions and conditions are what trainees sat). */
export async function updateExam(db: Db, examId: string, input: ExamInput): Promise<Exam> {
  return db.transaction(async (tx) => {
    // Locked, so an attempt cannot start between the check and the change.
    const [row] = await tx.select().from(exam).where(eq(exam.id, examId)).for('update');
    if (!row) throw examNotFound();
    if ((await attemptCounts(tx, examId)).started > 0) throw conflict(examMessages.examStarted);
    await assertModuleOfCourse(tx, row.courseId, input.moduleId);
    await assertDrawable(tx, row.courseId, input);
    await tx
      .update(exam)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(exam.id, examId));
    return readExam(tx, examId);
  });
}

/**
 * When it opens and closes, and when each question's answer is shown: always editable. A change of
 * its dates is written in the course's record of changes (who can sit it, and until when).
 */
export async function updateSchedule(db: Db, examId: string, input: ExamSchedule, actor: Actor): Promise<Exam> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(exam).where(eq(exam.id, examId)).for('update');
    if (!row) throw examNotFound();
    const opensAt = input.opensAt ? new Date(input.opensAt) : null;
    const closesAt = input.closesAt ? new Date(input.closesAt) : null;
    await tx
      .update(exam)
      .set({ resultsRelease: input.resultsRelease, opensAt, closesAt, updatedAt: sql`now()` })
      .where(eq(exam.id, examId));
    if (row.opensAt?.getTime() !== opensAt?.getTime() || row.closesAt?.getTime() !== closesAt?.getTime()) {
      const summary = examMessages.examScheduleLog(row.title, opensAt?.toISOString() ?? null, closesAt?.toISOString() ?? null);
      await logChange(tx, { kind: 'examenes', courseId: row.courseId, userId: null, actor, summary });
    }
    return readExam(tx, examId);
  });
}

/**
 * Deletes an exam and its closed attempts; refused while a trainee is sitting it. The results it
 * takes away are written in the course's record of changes, for the course and for each trainee
 * who had handed it in (their best result), in the same transaction.
 */
export async function deleteExam(db: Db, examId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: exam.id, title: exam.title, courseId: exam.courseId })
      .from(exam)
      .where(eq(exam.id, examId))
      .for('update');
    if (!row) throw examNotFound();
    if ((await attemptCounts(tx, examId)).open > 0) throw conflict(examMessages.examHasOpenAttempt);
    const results = await tx
      .select({
        userId: examAttempt.userId,
        attempts: sql<number>`count(*)::int`,
        best: sql<number>`coalesce(max(${examAttempt.scorePercent}), 0)::int`,
        passed: sql<boolean>`coalesce(bool_or(${examAttempt.passed}), false)`,
      })
      .from(examAttempt)
      .where(and(eq(examAttempt.examId, examId), isNotNull(examAttempt.submittedAt)))
      .groupBy(examAttempt.userId);
    await tx.delete(exam).where(eq(exam.id, examId));
    const { courseId, title } = row;
    await logChange(tx, { kind: 'examenes', courseId, userId: null, actor, summary: examMessages.examDeletedLog(title, results.length) });
    for (const result of results) {
      const summary = examMessages.examResultDeletedLog(title, result.attempts, result.best, result.passed);
      await logChange(tx, { kind: 'examenes', courseId, userId: result.userId, actor, summary });
    }
  });
}

// The admin's results of an exam: a row per trainee (their best graded attempt), the share of
// right answers per question (hardest first), and the same as CSV.
import { eq, inArray, sql } from 'drizzle-orm';
import { isRight } from '../../shared/exam-rules.ts';
import type { ExamResults } from '../../shared/schemas/exams.ts';
import type { Db } from '../db/client.ts';
import { courseAccess, examAttempt, examAttemptQuestion, moduleAccess, user } from '../db/schema.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { closeExpiredAttempts } from './attempts.ts';
import { gradedQuestion, readExam } from './read.ts';
import { findExam } from './service.ts';

type Row = ExamResults['rows'][number];

/** Trainees who sat the exam, and those with its module enabled who did not yet. */
async function traineesOf(db: Db, examId: string, courseId: string, moduleId: string) {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      sql`${user.id} in (select ${examAttempt.userId} from ${examAttempt} where ${examAttempt.examId} = ${examId})
        or (${user.role} = 'student' and ${user.id} in (
          select ${moduleAccess.userId} from ${moduleAccess} join ${courseAccess} on ${courseAccess.userId} = ${moduleAccess.userId}
            and ${courseAccess.courseId} = ${courseId} and ${courseAccess.enabled}
          where ${moduleAccess.moduleId} = ${moduleId} and ${moduleAccess.enabled}))`,
    )
    .orderBy(user.name, user.id);
}

function rowOf(trainee: { id: string; name: string; email: string }, attempts: Array<typeof examAttempt.$inferSelect>): Row {
  const graded = attempts.filter((attempt) => attempt.submittedAt !== null);
  const best = graded.reduce<(typeof graded)[number] | null>(
    (top, attempt) => (!top || (attempt.scorePercent ?? 0) > (top.scorePercent ?? 0) ? attempt : top),
    null,
  );
  return {
    userId: trainee.id,
    name: trainee.name,
    email: trainee.email,
    scorePercent: best?.scorePercent ?? null,
    passed: best ? graded.some((attempt) => attempt.passed) : null,
    secondsUsed: best ? Math.round((best.submittedAt!.getTime() - best.startedAt.getTime()) / 1000) : null,
    attempts: attempts.length,
    submittedAt: best?.submittedAt?.toISOString() ?? null,
    attemptIds: attempts.map((attempt) => attempt.id),
    open: attempts.some((attempt) => attempt.submittedAt === null),
  };
}

/** Each question drawn in a graded attempt with how often it was answered right, the hardest first. */
async function questionStats(db: Db, attemptIds: string[]): Promise<ExamResults['questions']> {
  if (attemptIds.length === 0) return [];
  const questions = await db.select().from(examAttemptQuestion).where(inArray(examAttemptQuestion.attemptId, attemptIds));
  const stats = new Map<string, ExamResults['questions'][number]>();
  for (const question of questions) {
    const entry = stats.get(question.questionId) ?? {
      questionId: question.questionId,
      text: question.text,
      chapter: question.chapter,
      answered: 0,
      right: 0,
      percentRight: 0,
    };
    const graded = gradedQuestion(question);
    entry.answered += 1;
    if (isRight(graded.answer, graded.correct)) entry.right += 1;
    stats.set(question.questionId, entry);
  }
  return [...stats.values()]
    .map((entry) => ({ ...entry, percentRight: Math.round((entry.right * 100) / entry.answered) }))
    .sort((a, b) => a.percentRight - b.percentRight || a.text.localeCompare(b.text, 'es'));
}

export async function examResults(db: Db, examId: string, now: Date): Promise<ExamResults> {
  const examRow = await findExam(db, examId);
  await closeExpiredAttempts(db, now, { examId });
  const [trainees, attempts] = await Promise.all([
    traineesOf(db, examId, examRow.courseId, examRow.moduleId),
    db.select().from(examAttempt).where(eq(examAttempt.examId, examId)).orderBy(examAttempt.number),
  ]);
  return {
    exam: await readExam(db, examId),
    rows: trainees.map((trainee) =>
      rowOf(
        trainee,
        attempts.filter((attempt) => attempt.userId === trainee.id),
      ),
    ),
    questions: await questionStats(
      db,
      attempts.filter((attempt) => attempt.submittedAt !== null).map((attempt) => attempt.id),
    ),
  };
}

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** 'Descargar CSV': a row per trainee, as on the page. */
export async function examResultsCsv(db: Db, examId: string, now: Date): Promise<{ filename: string; body: string }> {
  const results = await examResults(db, examId, now);
  const lines = [
    ['Nombre', 'Email', 'Nota (%)', 'Aprobado', 'Tiempo usado', 'Intentos', 'Fecha'],
    ...results.rows.map((row) => [
      row.name,
      row.email,
      row.scorePercent === null ? '' : String(row.scorePercent),
      row.passed === null ? '' : row.passed ? 'Sí' : 'No',
      row.secondsUsed === null ? '' : minutesAndSeconds(row.secondsUsed),
      String(row.attempts),
      row.submittedAt ?? '',
    ]),
  ];
  return { filename: `resultados-${fileSlug(results.exam.title, 'examen')}.csv`, body: csvDocument(lines) };
}

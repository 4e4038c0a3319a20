// How exams and attempts are read and shown: the admin's exam, the trainee's exam (where they
// stand), and an attempt — whose right options and explanations are shown only once it is
// graded and its results are released (the one presenter of an attempt decides it).
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { canStart, gradeAttempt, isRight, resultsReleased } from '../../shared/exam-rules.ts';
import type { Attempt, AttemptResult, AttemptReview, Exam, StudentExam } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { courseModule, exam, examAttempt, examAttemptQuestion } from '../db/schema.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The columns of an exam `e` as the admin sees it (with its module `m`), named as `Exam`. */
const examColumns = sql`e.id as "id", e.course_id as "courseId", e.module_id as "moduleId", m.name as "moduleName", e.title as "title",
  e.question_count as "questionCount", e.per_chapter as "perChapter", e.fixed_question_ids as "fixedQuestionIds",
  e.critical_question_ids as "criticalQuestionIds", e.time_minutes as "timeMinutes", e.pass_percent as "passPercent",
  e.attempts as "attempts", e.wait_hours as "waitHours", e.results_release as "resultsRelease", e.opens_at as "opensAt",
  e.closes_at as "closesAt",
  (select count(*)::int from ${examAttempt} a where a.exam_id = e.id) as "attemptsStarted",
  (select count(*)::int from ${examAttempt} a where a.exam_id = e.id and a.submitted_at is null) as "attemptsOpen"`;

type ExamRow = Omit<Exam, 'opensAt' | 'closesAt'> & { opensAt: Date | string | null; closesAt: Date | string | null };

const presentExam = (row: ExamRow): Exam => ({ ...row, opensAt: iso(row.opensAt), closesAt: iso(row.closesAt) });

const examsWhere = (db: Db | Tx, filter: ReturnType<typeof sql>) =>
  db.execute(sql`select ${examColumns} from ${exam} e join ${courseModule} m on m.id = e.module_id where ${filter}
    order by m.position, e.created_at`);

export async function readExam(db: Db | Tx, examId: string): Promise<Exam> {
  const [row] = rowsOf<ExamRow>(await examsWhere(db, sql`e.id = ${examId}`));
  return presentExam(row!);
}

export async function listExams(db: Db | Tx, courseId: string): Promise<Exam[]> {
  return rowsOf<ExamRow>(await examsWhere(db, sql`e.course_id = ${courseId}`)).map(presentExam);
}

// --- Attempts ------------------------------------------------------------------------------------

export type AttemptRow = typeof examAttempt.$inferSelect;
export type AttemptQuestionRow = typeof examAttemptQuestion.$inferSelect;
type ExamOf = Pick<typeof exam.$inferSelect, 'passPercent' | 'resultsRelease' | 'closesAt'>;

export async function attemptQuestions(db: Db | Tx, attemptId: string): Promise<AttemptQuestionRow[]> {
  return db
    .select()
    .from(examAttemptQuestion)
    .where(eq(examAttemptQuestion.attemptId, attemptId))
    .orderBy(asc(examAttemptQuestion.position));
}

/** The right options of a question as its trainee sees them (by their place in the shown order). */
const shownCorrect = (question: AttemptQuestionRow) =>
  question.optionOrder.flatMap((bankIndex, shown) => (question.correct.includes(bankIndex) ? [shown] : []));

/** A question graded: the trainee's answer (shown places) against the right options in the same places. */
export const gradedQuestion = (question: AttemptQuestionRow) => ({
  chapter: question.chapter,
  critical: question.critical,
  correct: shownCorrect(question),
  answer: question.answer,
});

/** A closed attempt's result; `released` says whether each question's answer may be shown. */
export function presentResult(attempt: AttemptRow, questions: AttemptQuestionRow[], examRow: ExamOf, now: Date): AttemptResult {
  const grade = gradeAttempt(questions.map(gradedQuestion), examRow.passPercent);
  return {
    id: attempt.id,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt!.toISOString(),
    closedBy: attempt.closedBy === 'tiempo' ? 'tiempo' : 'alumno',
    right: grade.right,
    total: grade.total,
    scorePercent: grade.scorePercent,
    passed: grade.passed,
    criticalMissed: grade.criticalMissed,
    chapters: grade.chapters,
    released: resultsReleased({ resultsRelease: examRow.resultsRelease as 'al-entregar' | 'al-cerrar', closesAt: examRow.closesAt }, now),
  };
}

/**
 * The one shape of an attempt. Open: the questions in this trainee's order, their answers, the
 * time left — never which options are right. Closed: its result; each question's right options
 * and explanation only when released (always for an admin, `reviewAlways`).
 */
export function presentAttempt(
  attempt: AttemptRow,
  questions: AttemptQuestionRow[],
  examRow: ExamOf & { id: string; title: string; attempts: number },
  now: Date,
  options: { reviewAlways?: boolean } = {},
): Attempt {
  const open = attempt.submittedAt === null;
  const result = open ? null : presentResult(attempt, questions, examRow, now);
  const shown = questions.map((question) => ({
    position: question.position,
    text: question.text,
    chapter: question.chapter,
    options: question.optionOrder.map((index) => question.options[index] ?? ''),
    answer: question.answer ?? [],
    answerSeq: question.answerSeq,
  }));
  const review: AttemptReview[] | null =
    result && (result.released || options.reviewAlways)
      ? questions.map((question, i) => ({
          ...shown[i]!,
          correct: shownCorrect(question),
          right: isRight(question.answer, shownCorrect(question)),
          rule: question.rule,
          explanation: question.explanation,
          critical: question.critical,
        }))
      : null;
  return {
    id: attempt.id,
    examId: examRow.id,
    title: examRow.title,
    number: attempt.number,
    attempts: examRow.attempts,
    passPercent: examRow.passPercent,
    deadline: attempt.deadline.toISOString(),
    remainingSeconds: open ? Math.max(0, Math.floor((attempt.deadline.getTime() - now.getTime()) / 1000)) : 0,
    open,
    questions: shown,
    result,
    review,
  };
}

/** A trainee's attempts at an exam, newest first. */
export async function attemptsOf(db: Db | Tx, examId: string, userId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(examAttempt)
    .where(and(eq(examAttempt.examId, examId), eq(examAttempt.userId, userId)))
    .orderBy(desc(examAttempt.number));
}

/** Where a trainee stands with an exam (its attempts already closed when their time ran out). */
export async function presentStudentExam(db: Db | Tx, examRow: typeof exam.$inferSelect, userId: string, now: Date): Promise<StudentExam> {
  const attempts = await attemptsOf(db, examRow.id, userId);
  const openAttempt = attempts.find((attempt) => attempt.submittedAt === null) ?? null;
  const closed = attempts.filter((attempt) => attempt.submittedAt !== null);
  const check = canStart(
    examRow,
    { used: attempts.length, open: openAttempt !== null, lastSubmittedAt: closed[0]?.submittedAt ?? null },
    now,
  );
  const results = await Promise.all(
    closed.map(async (attempt) => presentResult(attempt, await attemptQuestions(db, attempt.id), examRow, now)),
  );
  return {
    id: examRow.id,
    courseId: examRow.courseId,
    moduleId: examRow.moduleId,
    title: examRow.title,
    questionCount: examRow.questionCount,
    timeMinutes: examRow.timeMinutes,
    passPercent: examRow.passPercent,
    attempts: examRow.attempts,
    attemptsUsed: attempts.length,
    opensAt: iso(examRow.opensAt),
    closesAt: iso(examRow.closesAt),
    status: check.status,
    openAttemptId: openAttempt?.id ?? null,
    nextAttemptAt: check.status === 'esperar' ? check.nextAttemptAt.toISOString() : null,
    results,
  };
}

/** The exams of the module `moduleId` (SQL) as its page links to them: part of the module page's one statement. */
export const moduleExamLinksSql = (moduleId: SQL) => sql`
  select e.id as "id", e.title as "title" from ${exam} e where e.module_id = ${moduleId} order by e.created_at, e.id`;

// --- Results beside a course's other progress --------------------------------------------------

/** The exams of a course's active modules, in module order. */
export async function courseExams(db: Db | Tx, courseId: string) {
  return db
    .select({ id: exam.id, title: exam.title, moduleId: exam.moduleId })
    .from(exam)
    .innerJoin(courseModule, eq(courseModule.id, exam.moduleId))
    .where(and(eq(exam.courseId, courseId), isNull(courseModule.archivedAt)))
    .orderBy(asc(courseModule.position), asc(exam.createdAt));
}

export interface BestResult {
  examId: string;
  userId: string;
  scorePercent: number;
  /** Some graded attempt passed. */
  passed: boolean;
  attempts: number;
}

/** Each trainee's best graded attempt at each of the exams (none: they have not handed one in). */
export async function bestResults(db: Db | Tx, examIds: string[], userIds: string[]): Promise<BestResult[]> {
  if (examIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({
      examId: examAttempt.examId,
      userId: examAttempt.userId,
      scorePercent: sql<number>`max(${examAttempt.scorePercent})::int`,
      passed: sql<boolean>`bool_or(${examAttempt.passed})`,
      attempts: sql<number>`count(*)::int`,
    })
    .from(examAttempt)
    .where(and(inArray(examAttempt.examId, examIds), inArray(examAttempt.userId, userIds), isNotNull(examAttempt.submittedAt)))
    .groupBy(examAttempt.examId, examAttempt.userId);
}

// How exams and attempts are read and shown: the admin's exam, the trainee's exam (where they
// stand), and an attempt — whose right options and explanations are shown only once it is
// graded and its results are released (the one presenter of an attempt decides it).
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  canStart,
  clipStage,
  clipTimes,
  currentClip,
  gradeItems,
  isRight,
  resultsReleased,
  type ClipConditions,
  type MarkedItem,
} from '../../shared/exam-rules.ts';
import type {
  Attempt,
  AttemptClip,
  AttemptResult,
  AttemptReview,
  ClipReview,
  Exam,
  ExamKind,
  StudentExam,
} from '../../shared/schemas/exams.ts';
import type { ModuleExam } from '../../shared/schemas/content.ts';
import type { JugadaOptions } from '../../shared/schemas/jugadas.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { courseModule, exam, examAttempt, examAttemptClip, examAttemptQuestion } from '../db/schema.ts';
import { gradeJugada } from '../../shared/jugada-grading.ts';
import { courseOptions } from '../jugadas/service.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The columns of an exam `e` as the admin sees it (with its module `m`), named as `Exam`. */
const examColumns = sql`e.id as "id", e.course_id as "courseId", e.module_id as "moduleId", m.name as "moduleName", e.kind as "kind", e.title as "title",
  e.question_count as "questionCount", e.per_chapter as "perChapter", e.fixed_question_ids as "fixedQuestionIds",
  e.critical_question_ids as "criticalQuestionIds", e.time_minutes as "timeMinutes", e.views_per_clip as "viewsPerClip",
  e.answer_seconds as "answerSeconds", e.pass_percent as "passPercent",
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
export type AttemptClipRow = typeof examAttemptClip.$inferSelect;
type ExamOf = Pick<typeof exam.$inferSelect, 'kind' | 'passPercent' | 'resultsRelease' | 'closesAt'>;

/** What an attempt drew: a rules exam's questions or a video exam's clips (the other list is empty). */
export interface AttemptItems {
  questions: AttemptQuestionRow[];
  clips: AttemptClipRow[];
}

export async function attemptQuestions(db: Db | Tx, attemptId: string): Promise<AttemptQuestionRow[]> {
  return db
    .select()
    .from(examAttemptQuestion)
    .where(eq(examAttemptQuestion.attemptId, attemptId))
    .orderBy(asc(examAttemptQuestion.position));
}

export async function attemptClips(db: Db | Tx, attemptId: string): Promise<AttemptClipRow[]> {
  return db.select().from(examAttemptClip).where(eq(examAttemptClip.attemptId, attemptId)).orderBy(asc(examAttemptClip.position));
}

export async function attemptItems(db: Db | Tx, attemptId: string, kind: ExamKind): Promise<AttemptItems> {
  return kind === 'video'
    ? { questions: [], clips: await attemptClips(db, attemptId) }
    : { questions: await attemptQuestions(db, attemptId), clips: [] };
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

/** A clip's call graded as a jugada is (decision, sanction, and the moment within its tolerance); unanswered: all wrong. */
export function gradedClip(clip: AttemptClipRow) {
  const key = {
    correctDecisionId: clip.correctDecisionId,
    correctSanctionId: clip.correctSanctionId,
    momentSeconds: clip.momentSeconds,
    toleranceSeconds: clip.toleranceSeconds,
  };
  if (clip.answeredAt === null || clip.decisionId === null || clip.sanctionId === null)
    return { decisionCorrect: false, sanctionCorrect: false, momentCorrect: clip.momentSeconds === null ? null : false, correct: false };
  return gradeJugada(key, { decisionId: clip.decisionId, sanctionId: clip.sanctionId, moment: clip.answerMomentSeconds });
}

/** Each item of an attempt marked right or wrong, in the groups it counts in (chapter, or tags). */
export function markedItems(items: AttemptItems): MarkedItem[] {
  return [
    ...items.questions.map((question) => ({
      groups: [question.chapter],
      critical: question.critical,
      right: isRight(question.answer, shownCorrect(question)),
    })),
    ...items.clips.map((clip) => ({ groups: clip.tags, critical: clip.critical, right: gradedClip(clip).correct })),
  ];
}

/** A closed attempt's result; `released` says whether each question's answer may be shown. */
export function presentResult(attempt: AttemptRow, items: AttemptItems, examRow: ExamOf, now: Date): AttemptResult {
  const grade = gradeItems(markedItems(items), examRow.passPercent);
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

const msUntil = (at: Date, now: Date) => Math.max(0, at.getTime() - now.getTime());

/** A clip as its trainee sees it during the attempt: its segment and where it stands, never the correct call. */
export function presentClip(clip: AttemptClipRow, conditions: ClipConditions, now: Date): AttemptClip {
  const times = clipTimes(clip, conditions);
  return {
    position: clip.position,
    prompt: clip.prompt,
    hasMoment: clip.momentSeconds !== null,
    startSeconds: clip.startSeconds,
    endSeconds: clip.endSeconds,
    views: clip.views,
    stage: clipStage(clip, conditions, now),
    viewEndsInMs: times ? msUntil(times.viewEndsAt, now) : null,
    windowEndsInMs: times ? msUntil(times.windowEndsAt, now) : null,
    answer:
      clip.answeredAt && clip.decisionId && clip.sanctionId
        ? { decisionId: clip.decisionId, sanctionId: clip.sanctionId, moment: clip.answerMomentSeconds }
        : null,
  };
}

function reviewClip(clip: AttemptClipRow, conditions: ClipConditions, options: JugadaOptions, now: Date): ClipReview {
  const grade = gradedClip(clip);
  const option = (list: JugadaOptions['decisions'], id: string) => list.find((candidate) => candidate.id === id) ?? { id, label: '' };
  return {
    ...presentClip(clip, conditions, now),
    tags: clip.tags,
    critical: clip.critical,
    correctDecision: option(options.decisions, clip.correctDecisionId),
    correctSanction: option(options.sanctions, clip.correctSanctionId),
    correctMoment: clip.momentSeconds,
    tolerance: clip.toleranceSeconds,
    explanation: clip.explanation,
    decisionCorrect: grade.decisionCorrect,
    sanctionCorrect: grade.sanctionCorrect,
    momentCorrect: grade.momentCorrect,
    right: grade.correct,
  };
}

type ShownExam = ExamOf & ClipConditions & { id: string; title: string; attempts: number };

/**
 * The one shape of an attempt. Open: the questions (or clips) in this trainee's order, their
 * answers, the time left — never which options are right nor a clip's call. Closed: its result;
 * each item's answer and explanation only when released (always for an admin, `reviewAlways`).
 * `jugadaOptions`: the course's decisions and sanctions, for a video exam.
 */
export function presentAttempt(
  attempt: AttemptRow,
  items: AttemptItems,
  examRow: ShownExam,
  now: Date,
  options: { reviewAlways?: boolean; jugadaOptions?: JugadaOptions | null } = {},
): Attempt {
  const { questions, clips } = items;
  const open = attempt.submittedAt === null;
  const result = open ? null : presentResult(attempt, items, examRow, now);
  const shown = questions.map((question) => ({
    position: question.position,
    text: question.text,
    chapter: question.chapter,
    options: question.optionOrder.map((index) => question.options[index] ?? ''),
    answer: question.answer ?? [],
    answerSeq: question.answerSeq,
  }));
  const reviewed = result !== null && (result.released || Boolean(options.reviewAlways));
  const review: AttemptReview[] | null = reviewed
    ? questions.map((question, i) => ({
        ...shown[i]!,
        correct: shownCorrect(question),
        right: isRight(question.answer, shownCorrect(question)),
        rule: question.rule,
        explanation: question.explanation,
        critical: question.critical,
      }))
    : null;
  const jugadaOptions = options.jugadaOptions ?? null;
  return {
    id: attempt.id,
    examId: examRow.id,
    kind: examRow.kind,
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
    clips: clips.map((clip) => presentClip(clip, examRow, now)),
    jugadaOptions,
    viewsPerClip: examRow.viewsPerClip,
    answerSeconds: examRow.answerSeconds,
    currentPosition: open ? (currentClip(clips, examRow, now)?.position ?? null) : null,
    clipReview: reviewed && jugadaOptions ? clips.map((clip) => reviewClip(clip, examRow, jugadaOptions, now)) : null,
  };
}

/** An attempt read and shown: its items, and for a video exam the course's decisions and sanctions. */
export async function showAttempt(
  db: Db,
  attempt: AttemptRow,
  examRow: ShownExam & { courseId: string },
  now: Date,
  options: { reviewAlways?: boolean } = {},
): Promise<Attempt> {
  const items = await attemptItems(db, attempt.id, examRow.kind);
  const jugadaOptions = examRow.kind === 'video' ? await courseOptions(db, examRow.courseId) : null;
  return presentAttempt(attempt, items, examRow, now, { ...options, jugadaOptions });
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
    closed.map(async (attempt) => presentResult(attempt, await attemptItems(db, attempt.id, examRow.kind), examRow, now)),
  );
  return {
    id: examRow.id,
    courseId: examRow.courseId,
    moduleId: examRow.moduleId,
    kind: examRow.kind,
    title: examRow.title,
    questionCount: examRow.questionCount,
    timeMinutes: examRow.timeMinutes,
    viewsPerClip: examRow.viewsPerClip,
    answerSeconds: examRow.answerSeconds,
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

/** An exam of a module as `moduleExamsSql` reads it for one student (its times are strings inside a JSON). */
export interface ModuleExamRow {
  id: string;
  title: string;
  opensAt: string | null;
  closesAt: string | null;
  attempts: number;
  waitHours: number;
  attemptsUsed: number;
  lastSubmittedAt: string | null;
  passed: boolean | null;
  openAttemptEndsAt: string | null;
}

/**
 * The exams of the module `moduleId` (SQL) as a JSON array, each with where the student `userId`
 * (SQL) stands: attempts started, the last handed in, passed, the deadline of the one open. Facts
 * only, nothing judged against the clock: a module list's data is kept and reused while they hold
 * (pages/kept-rows.ts), and the client decides what is open now. Part of the student's modules' read.
 */
export const moduleExamsSql = (moduleId: SQL, userId: SQL) => sql`
  select coalesce(json_agg(json_build_object(
      'id', e.id, 'title', e.title, 'opensAt', e.opens_at, 'closesAt', e.closes_at, 'attempts', e.attempts,
      'waitHours', e.wait_hours, 'attemptsUsed', mine.used, 'lastSubmittedAt', mine.last_submitted_at,
      'passed', mine.passed, 'openAttemptEndsAt', mine.open_until
    ) order by e.created_at, e.id), '[]'::json)
  from ${exam} e
  cross join lateral (
    select count(*)::int as used, max(a.submitted_at) as last_submitted_at,
      bool_or(a.passed) filter (where a.submitted_at is not null) as passed,
      max(a.deadline) filter (where a.submitted_at is null) as open_until
    from ${examAttempt} a where a.exam_id = e.id and a.user_id = ${userId}
  ) mine
  where e.module_id = ${moduleId}`;

export const presentModuleExam = (row: ModuleExamRow): ModuleExam => ({
  id: row.id,
  title: row.title,
  opensAt: iso(row.opensAt),
  closesAt: iso(row.closesAt),
  attempts: row.attempts,
  waitHours: row.waitHours,
  attemptsUsed: row.attemptsUsed,
  lastSubmittedAt: iso(row.lastSubmittedAt),
  passed: row.passed === true,
  openAttemptEndsAt: iso(row.openAttemptEndsAt),
});

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

export interface ExamStanding {
  id: string;
  title: string;
  kind: ExamKind;
  passed: boolean;
  attemptsLeft: number;
  closed: boolean;
}

/**
 * Where each trainee stands with each of the course's exams (those of active modules, in module
 * order), as the approval requirements read it: passed (some graded attempt passed), attempts left
 * and whether the exam closed. An attempt still open can still pass: it is not counted as used up,
 * and an exam with one open is not closed for its trainee until it is graded. Two statements.
 */
export async function examStandings(
  db: Db | Tx,
  courseId: string,
  userIds: string[],
  now: Date,
): Promise<{ exams: Array<{ id: string; title: string; kind: ExamKind }>; of: (userId: string) => ExamStanding[] }> {
  const exams = await db
    .select({ id: exam.id, title: exam.title, kind: exam.kind, attempts: exam.attempts, closesAt: exam.closesAt })
    .from(exam)
    .innerJoin(courseModule, eq(courseModule.id, exam.moduleId))
    .where(and(eq(exam.courseId, courseId), isNull(courseModule.archivedAt)))
    .orderBy(asc(courseModule.position), asc(exam.createdAt));
  const rows =
    exams.length && userIds.length
      ? await db
          .select({
            examId: examAttempt.examId,
            userId: examAttempt.userId,
            graded: sql<number>`(count(*) filter (where ${examAttempt.submittedAt} is not null))::int`,
            open: sql<number>`(count(*) filter (where ${examAttempt.submittedAt} is null))::int`,
            passed: sql<boolean>`coalesce(bool_or(${examAttempt.passed}) filter (where ${examAttempt.submittedAt} is not null), false)`,
          })
          .from(examAttempt)
          .where(
            and(
              inArray(
                examAttempt.examId,
                exams.map((e) => e.id),
              ),
              inArray(examAttempt.userId, userIds),
            ),
          )
          .groupBy(examAttempt.examId, examAttempt.userId)
      : [];
  const byKey = new Map(rows.map((row) => [`${row.userId}:${row.examId}`, row]));
  return {
    exams: exams.map((e) => ({ id: e.id, title: e.title, kind: e.kind as ExamKind })),
    of: (userId) =>
      exams.map((e) => {
        const mine = byKey.get(`${userId}:${e.id}`);
        const open = Number(mine?.open ?? 0) > 0;
        return {
          id: e.id,
          title: e.title,
          kind: e.kind as ExamKind,
          passed: Boolean(mine?.passed),
          attemptsLeft: Math.max(0, e.attempts - Number(mine?.graded ?? 0)),
          closed: !open && e.closesAt !== null && now.getTime() >= e.closesAt.getTime(),
        };
      }),
  };
}

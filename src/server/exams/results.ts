// The admin's results of an exam: a row per trainee (their best graded attempt), the share of
// right answers per question (hardest first) — for a video exam per clip, with what the class
// chose, and per tag — and the same as CSV.
import { eq, inArray, sql } from 'drizzle-orm';
import { isRight } from '../../shared/exam-rules.ts';
import type { ExamResults } from '../../shared/schemas/exams.ts';
import type { JugadaOptions } from '../../shared/schemas/jugadas.ts';
import type { Db } from '../db/client.ts';
import { courseAccess, examAttempt, examAttemptClip, examAttemptQuestion, moduleAccess, user } from '../db/schema.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { courseOptions } from '../jugadas/service.ts';
import { closeExpiredAttempts } from './attempts.ts';
import { tagKey } from './clips.ts';
import { gradedClip, gradedQuestion, readExam } from './read.ts';
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

/**
 * The attempts' copies (of their questions or clips), the newest attempt's first (`attemptIds`
 * comes newest first): a question or clip edited between attempts is named as it was last drawn,
 * whatever order the database returns the rows in.
 */
function newestFirst<Row extends { attemptId: string; position: number }>(rows: Row[], attemptIds: string[]): Row[] {
  const rank = new Map(attemptIds.map((id, index) => [id, index]));
  return rows.sort((a, b) => rank.get(a.attemptId)! - rank.get(b.attemptId)! || a.position - b.position);
}

/** Each question drawn in a graded attempt with how often it was answered right, the hardest first. */
async function questionStats(db: Db, attemptIds: string[]): Promise<ExamResults['questions']> {
  if (attemptIds.length === 0) return [];
  const questions = newestFirst(
    await db.select().from(examAttemptQuestion).where(inArray(examAttemptQuestion.attemptId, attemptIds)),
    attemptIds,
  );
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

type ClipStats = ExamResults['clips'][number];
type Count = ClipStats['decisions'][number];

/** Each option of a list with how many answers chose it, in the list's order (options nobody chose too: the chart's scale). */
const countsOf = (list: JugadaOptions['decisions'], chosen: Array<string | null>): Count[] =>
  list.map((option) => ({ id: option.id, label: option.label, count: chosen.filter((id) => id === option.id).length }));

const percentOf = (right: number, total: number) => (total === 0 ? 0 : Math.round((right * 100) / total));

/**
 * A video exam's clips drawn in graded attempts: per clip (the jugada it came from) the share
 * right and what the class chose; per tag the share of its clips right (a clip counts in each tag).
 */
async function clipStats(db: Db, courseId: string, attemptIds: string[]): Promise<Pick<ExamResults, 'clips' | 'tags'>> {
  if (attemptIds.length === 0) return { clips: [], tags: [] };
  const [rows, options] = await Promise.all([
    db.select().from(examAttemptClip).where(inArray(examAttemptClip.attemptId, attemptIds)),
    courseOptions(db, courseId),
  ]);
  const clips = newestFirst(rows, attemptIds);
  const byJugada = new Map<string, { first: (typeof clips)[number]; rows: typeof clips }>();
  const tags = new Map<string, { tag: string; right: number; total: number }>();
  for (const clip of clips) {
    const key = clip.jugadaId ?? `${clip.attemptId}:${clip.position}`;
    const entry = byJugada.get(key) ?? { first: clip, rows: [] };
    entry.rows.push(clip);
    byJugada.set(key, entry);
    const right = gradedClip(clip).correct;
    for (const tag of clip.tags) {
      const stats = tags.get(tagKey(tag)) ?? { tag, right: 0, total: 0 };
      stats.total += 1;
      if (right) stats.right += 1;
      tags.set(tagKey(tag), stats);
    }
  }
  const stats = [...byJugada.values()].map(({ first, rows }): ClipStats => {
    const answered = rows.filter((row) => row.answeredAt !== null);
    const right = rows.filter((row) => gradedClip(row).correct).length;
    return {
      jugadaId: first.jugadaId,
      prompt: first.prompt,
      tags: first.tags,
      answered: answered.length,
      right,
      percentRight: percentOf(right, rows.length),
      decisions: countsOf(
        options.decisions,
        answered.map((row) => row.decisionId),
      ),
      sanctions: countsOf(
        options.sanctions,
        answered.map((row) => row.sanctionId),
      ),
      unanswered: rows.length - answered.length,
    };
  });
  return {
    clips: stats.sort((a, b) => a.percentRight - b.percentRight || a.prompt.localeCompare(b.prompt, 'es')),
    tags: [...tags.values()]
      .map((tag) => ({ ...tag, percentRight: percentOf(tag.right, tag.total) }))
      .sort((a, b) => a.tag.localeCompare(b.tag, 'es')),
  };
}

export async function examResults(db: Db, examId: string, now: Date): Promise<ExamResults> {
  const examRow = await findExam(db, examId);
  await closeExpiredAttempts(db, now, { examId });
  const [trainees, attempts] = await Promise.all([
    traineesOf(db, examId, examRow.courseId, examRow.moduleId),
    db.select().from(examAttempt).where(eq(examAttempt.examId, examId)).orderBy(examAttempt.number),
  ]);
  // Newest first: the results name each question and clip as its newest copy has it.
  const graded = attempts
    .filter((attempt) => attempt.submittedAt !== null)
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.number - a.number)
    .map((attempt) => attempt.id);
  return {
    exam: await readExam(db, examId),
    rows: trainees.map((trainee) =>
      rowOf(
        trainee,
        attempts.filter((attempt) => attempt.userId === trainee.id),
      ),
    ),
    questions: examRow.kind === 'video' ? [] : await questionStats(db, graded),
    ...(examRow.kind === 'video' ? await clipStats(db, examRow.courseId, graded) : { clips: [], tags: [] }),
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

// A trainee's practice of a course's question bank ('Practicar reglamento'): what is due today,
// how far each chapter is learned, and the next question — without its right options or its
// explanation, which only an answer brings back (service.ts).
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { LEARNED_BOX, NEW_PER_DAY } from '../../shared/exam-rules.ts';
import type { Practice, PracticeQuestion } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion, practiceCard } from '../db/schema.ts';
import { practiceDay } from './day.ts';

/** 'Regla 2' before 'Regla 10'. */
const chapterOrder = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** The course's questions a trainee practises: archived ones are out. */
const activeQuestionsOf = (courseId: string) => and(eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt));
/** The trainee's card of each question (left-joined: none for a question never practised). */
const cardOf = (userId: string) => and(eq(practiceCard.questionId, bankQuestion.id), eq(practiceCard.userId, userId));

/** What the trainee sees of a question before answering: never its right options, rule or explanation. */
const questionFields = {
  questionId: bankQuestion.id,
  text: bankQuestion.text,
  chapter: bankQuestion.chapter,
  options: bankQuestion.options,
};

/** Per chapter of the active bank: its questions, those practised and learned, and for today those due, new and started. */
async function chapterCounts(db: Db | Tx, userId: string, courseId: string, day: { start: Date; end: Date }) {
  const [start, end] = [sql`${day.start.toISOString()}::timestamptz`, sql`${day.end.toISOString()}::timestamptz`];
  const rows = await db
    .select({
      chapter: bankQuestion.chapter,
      total: sql<number>`count(*)::int`,
      practised: sql<number>`count(${practiceCard.userId})::int`,
      learned: sql<number>`(count(*) filter (where ${practiceCard.box} >= ${LEARNED_BOX}))::int`,
      due: sql<number>`(count(*) filter (where ${practiceCard.dueAt} < ${end}))::int`,
      startedToday: sql<number>`(count(*) filter (where ${practiceCard.startedAt} >= ${start} and ${practiceCard.startedAt} < ${end}))::int`,
    })
    .from(bankQuestion)
    .leftJoin(practiceCard, cardOf(userId))
    .where(activeQuestionsOf(courseId))
    .groupBy(bankQuestion.chapter);
  return rows.toSorted((a, b) => chapterOrder.compare(a.chapter, b.chapter));
}

/** How long a question just answered waits behind the others (see `nextDue`). */
const JUST_ANSWERED_MS = 10 * 60_000;

/**
 * The due card that comes first: the most overdue. The question answered last (a moment ago)
 * waits behind any other one there is to practise, due or new: a question due again at once
 * (box 1) would otherwise come right back, its answer still on the screen. It comes back once
 * nothing else is left.
 */
async function nextDue(db: Db | Tx, userId: string, courseId: string, now: Date, end: Date) {
  const [last] = await db
    .select({ questionId: practiceCard.questionId })
    .from(practiceCard)
    .innerJoin(bankQuestion, eq(bankQuestion.id, practiceCard.questionId))
    .where(
      and(
        eq(practiceCard.userId, userId),
        eq(bankQuestion.courseId, courseId),
        gt(practiceCard.answeredAt, new Date(now.getTime() - JUST_ANSWERED_MS)),
      ),
    )
    .orderBy(desc(practiceCard.answeredAt), asc(practiceCard.questionId))
    .limit(1);
  const due = await db
    .select({ ...questionFields, box: practiceCard.box })
    .from(bankQuestion)
    .innerJoin(practiceCard, cardOf(userId))
    .where(and(activeQuestionsOf(courseId), lt(practiceCard.dueAt, end)))
    .orderBy(asc(practiceCard.dueAt), asc(bankQuestion.id))
    .limit(2);
  const other = due.find((card) => card.questionId !== last?.questionId);
  return { other, last: due.find((card) => card.questionId === last?.questionId) };
}

/** A question never practised, in an order of its own for each trainee (a hash of both ids): stable, and not the bank's order. */
async function nextNew(db: Db | Tx, userId: string, courseId: string): Promise<PracticeQuestion | undefined> {
  const [row] = await db
    .select(questionFields)
    .from(bankQuestion)
    .leftJoin(practiceCard, cardOf(userId))
    .where(and(activeQuestionsOf(courseId), isNull(practiceCard.userId)))
    .orderBy(sql`md5(${userId} || ${bankQuestion.id})`, asc(bankQuestion.id))
    .limit(1);
  return row && { ...row, box: 0 };
}

/**
 * The trainee's practice of the course at `now`. Due today: the cards that come back before the
 * day ends (a card due this evening can be practised this morning), and as many questions never
 * practised as the day's share (`NEW_PER_DAY`) has left after the new ones started today.
 */
export async function readPractice(db: Db | Tx, userId: string, courseId: string, now: Date): Promise<Practice> {
  const day = practiceDay(now);
  const counts = await chapterCounts(db, userId, courseId, day);
  const sum = (key: 'total' | 'practised' | 'due' | 'startedToday') => counts.reduce((total, row) => total + row[key], 0);
  const unseen = sum('total') - sum('practised');
  const newToday = Math.min(unseen, Math.max(0, NEW_PER_DAY - sum('startedToday')));
  const dueCards = sum('due');

  let next: PracticeQuestion | null = null;
  if (dueCards > 0 || newToday > 0) {
    const due = dueCards > 0 ? await nextDue(db, userId, courseId, now, day.end) : { other: undefined, last: undefined };
    next = due.other ?? (newToday > 0 ? await nextNew(db, userId, courseId) : undefined) ?? due.last ?? null;
  }
  return {
    dueToday: dueCards + newToday,
    chapters: counts.map(({ chapter, total, practised, learned }) => ({ chapter, total, practised, learned })),
    next,
  };
}

// A trainee's answer in practice: graded at once, and their card of the question moved by the
// Leitner rule (shared/exam-rules.ts). Practice never counts for an exam.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isRight, nextBox } from '../../shared/exam-rules.ts';
import { examMessages } from '../../shared/messages.ts';
import type { PracticeAnswer } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion, practiceCard } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { practiceDay } from './day.ts';

export const bankQuestionNotFound = () => notFound(examMessages.bankQuestionNotFound);

/**
 * An answer this soon after the card's last one is that same answer again (a double tap, two
 * tabs, a repeated request): nobody reads the result, goes on, and reads and answers the same
 * question again in so little time. It is graded and moves nothing.
 */
export const REPEAT_WINDOW_MS = 5_000;

/**
 * Moves the trainee's card of the question after an answer, and returns its box. The first
 * answer creates the card. A later one moves it only when the card is due today (practising a
 * question ahead of its day, from a page left open, changes nothing) and was not answered a
 * moment ago. The card's row is locked meanwhile, so two answers at once are taken one after
 * the other, and the second finds the first's.
 */
async function moveCard(tx: Tx, userId: string, questionId: string, right: boolean, now: Date): Promise<number> {
  const first = nextBox(0, right, now);
  const [created] = await tx
    .insert(practiceCard)
    .values({
      userId,
      questionId,
      box: first.box,
      dueAt: first.dueAt,
      right: right ? 1 : 0,
      wrong: right ? 0 : 1,
      answeredAt: now,
      startedAt: now,
    })
    .onConflictDoNothing()
    .returning({ box: practiceCard.box });
  if (created) return created.box;

  const thisCard = and(eq(practiceCard.userId, userId), eq(practiceCard.questionId, questionId));
  const [card] = await tx.select().from(practiceCard).where(thisCard).for('update');
  // Only if the question was deleted meanwhile (its cards go with it).
  if (!card) throw bankQuestionNotFound();
  const due = card.dueAt < practiceDay(now).end;
  const repeated = now.getTime() - card.answeredAt.getTime() < REPEAT_WINDOW_MS;
  if (!due || repeated) return card.box;
  const moved = nextBox(card.box, right, now);
  await tx
    .update(practiceCard)
    .set({
      box: moved.box,
      dueAt: moved.dueAt,
      right: sql`${practiceCard.right} + ${right ? 1 : 0}`,
      wrong: sql`${practiceCard.wrong} + ${right ? 0 : 1}`,
      answeredAt: now,
    })
    .where(thisCard);
  return moved.box;
}

/**
 * Grades the trainee's answer to an active question of the course (404 for another course's,
 * an archived or an unknown one) and moves their card, in one transaction. The answer brings
 * back what the question never showed: its right options, rule and explanation.
 */
export async function answerPractice(
  db: Db,
  userId: string,
  courseId: string,
  input: { questionId: string; answer: number[] },
  now: Date,
): Promise<PracticeAnswer> {
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(bankQuestion)
      .where(and(eq(bankQuestion.id, input.questionId), eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt)));
    if (!question) throw bankQuestionNotFound();
    // An option marked twice is marked once.
    const marked = [...new Set(input.answer)];
    if (marked.some((index) => index >= question.options.length))
      throw badRequest(examMessages.answerUnknownOption, { answer: examMessages.answerUnknownOption });
    const right = isRight(marked, question.correct);
    const box = await moveCard(tx, userId, question.id, right, now);
    return {
      right,
      correct: question.correct.toSorted((a, b) => a - b),
      explanation: question.explanation,
      rule: question.rule,
      chapter: question.chapter,
      box,
    };
  });
}

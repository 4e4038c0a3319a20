// The question bank's writes: create, edit, delete (only what no exam attempt used), archive or
// restore, and retire a whole edition of the rules.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { examMessages } from '../../shared/messages.ts';
import { BANK_QUESTIONS_MAX, type BankQuestion, type BankQuestionInput } from '../../shared/schemas/exams.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { presentBankQuestion, readBankQuestion } from './read.ts';

export const bankQuestionNotFound = () => notFound(examMessages.bankQuestionNotFound);

/** A question by id, or the bank's 404. */
export async function findBankQuestion(db: Db | Tx, questionId: string) {
  const row = await readBankQuestion(db, questionId);
  if (!row) throw bankQuestionNotFound();
  return row;
}

/** Refuses to grow a course's bank past `BANK_QUESTIONS_MAX` questions (archived ones count: they stay in the table). */
export async function assertRoomFor(db: Db | Tx, courseId: string, adding: number) {
  const [row] = await db.select({ n: count() }).from(bankQuestion).where(eq(bankQuestion.courseId, courseId));
  if (Number(row?.n ?? 0) + adding > BANK_QUESTIONS_MAX) throw badRequest(examMessages.bankFull(BANK_QUESTIONS_MAX));
}

/**
 * When the `index`-th question of a batch (an import, the sample bank) was created: a microsecond
 * apart from the previous one, so the list keeps the file's order within a chapter.
 */
export const createdInOrder = (index: number) => sql`now() + ${index}::int * interval '1 microsecond'`;

/** The row a checked input becomes. */
export const bankQuestionValues = (courseId: string, input: BankQuestionInput) => ({
  id: randomUUID(),
  courseId,
  text: input.text,
  options: input.options,
  correct: input.correct,
  chapter: input.chapter,
  rule: input.rule,
  explanation: input.explanation,
  edition: input.edition,
});

export async function createBankQuestion(db: Db | Tx, courseId: string, input: BankQuestionInput): Promise<BankQuestion> {
  await findCourse(db, courseId);
  await assertRoomFor(db, courseId, 1);
  const [row] = await db.insert(bankQuestion).values(bankQuestionValues(courseId, input)).returning();
  return presentBankQuestion({ ...row!, used: false });
}

/** Replaces a question's fields; an exam already taken keeps its own copy. */
export async function updateBankQuestion(db: Db, questionId: string, input: BankQuestionInput): Promise<BankQuestion> {
  const { id: _id, courseId: _courseId, ...fields } = bankQuestionValues('', input);
  const [updated] = await db
    .update(bankQuestion)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(bankQuestion.id, questionId))
    .returning({ id: bankQuestion.id });
  if (!updated) throw bankQuestionNotFound();
  return presentBankQuestion(await findBankQuestion(db, questionId));
}

/**
 * 'Borrar': only a question no exam attempt used (409 otherwise: archive it). The row is locked
 * first, so an attempt starting meanwhile (which must lock it to refer to it) waits, and then
 * finds it gone.
 */
export async function deleteBankQuestion(db: Db, questionId: string) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: bankQuestion.id }).from(bankQuestion).where(eq(bankQuestion.id, questionId)).for('update');
    if (!locked) throw bankQuestionNotFound();
    const row = await findBankQuestion(tx, questionId);
    if (row.used) throw conflict(examMessages.bankQuestionUsed);
    await tx.delete(bankQuestion).where(eq(bankQuestion.id, questionId));
  });
}

/** 'Archivar' (out of new exams and practice; kept for the attempts that used it) or 'Restaurar'. */
export async function setBankQuestionArchived(db: Db, questionId: string, archived: boolean): Promise<BankQuestion> {
  const [updated] = await db
    .update(bankQuestion)
    // Archiving an archived question keeps when it was first archived.
    .set({ archivedAt: archived ? sql`coalesce(${bankQuestion.archivedAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(bankQuestion.id, questionId))
    .returning({ id: bankQuestion.id });
  if (!updated) throw bankQuestionNotFound();
  return presentBankQuestion(await findBankQuestion(db, questionId));
}

/** 'Retirar edición': archives every active question of the course written for that edition of the rules. */
export async function retireEdition(db: Db, courseId: string, edition: number) {
  await findCourse(db, courseId);
  const archived = await db
    .update(bankQuestion)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bankQuestion.courseId, courseId), eq(bankQuestion.edition, edition), isNull(bankQuestion.archivedAt)))
    .returning({ id: bankQuestion.id });
  return { archived: archived.length, message: examMessages.editionRetired(edition, archived.length) };
}

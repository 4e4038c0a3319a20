// How the question bank is read and shown: the columns of a question (with whether an exam
// attempt used it), the admin's list with its search and filters, and the one presenter.
import { and, asc, count, eq, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { BankList, BankQuestion } from '../../shared/schemas/exams.ts';
import type { Db, Tx } from '../db/client.ts';
import { qualified } from '../db/qualified.ts';
import { bankQuestion, examAttemptQuestion, SEARCH_FROM, SEARCH_TO } from '../db/schema.ts';
import { escapeLike, fold } from '../users/list-users.ts';

/** A question as the list and every write answer it: its row and whether an attempt used it. */
const bankColumns = {
  id: bankQuestion.id,
  courseId: bankQuestion.courseId,
  text: bankQuestion.text,
  options: bankQuestion.options,
  correct: bankQuestion.correct,
  chapter: bankQuestion.chapter,
  rule: bankQuestion.rule,
  explanation: bankQuestion.explanation,
  edition: bankQuestion.edition,
  archivedAt: bankQuestion.archivedAt,
  // An attempt copied it: it can be archived, not deleted.
  used: sql<boolean>`exists (select 1 from ${examAttemptQuestion} where ${examAttemptQuestion.questionId} = ${qualified(bankQuestion.id)})`,
};

export type BankRow = Omit<typeof bankQuestion.$inferSelect, 'createdAt' | 'updatedAt'> & { used: boolean };

/** The one shape of a bank question, for the admin. */
export function presentBankQuestion(row: BankRow): BankQuestion {
  return {
    id: row.id,
    text: row.text,
    options: row.options,
    correct: row.correct,
    chapter: row.chapter,
    rule: row.rule,
    explanation: row.explanation,
    edition: row.edition,
    ...(row.archivedAt ? { archivedAt: new Date(row.archivedAt).toISOString() } : {}),
    used: Boolean(row.used),
  };
}

/** One question with its course, or undefined. */
export async function readBankQuestion(db: Db | Tx, questionId: string): Promise<BankRow | undefined> {
  const [row] = await db.select(bankColumns).from(bankQuestion).where(eq(bankQuestion.id, questionId));
  return row;
}

/**
 * What the admin's search matches: the question, its options, chapter and rule, lower-cased
 * and without accents (the same folding as the user search, `fold`, applied to what is typed).
 */
const searchText = sql<string>`lower(translate(${qualified(bankQuestion.text)} || ' ' || coalesce((select string_agg(o, ' ') from jsonb_array_elements_text(${qualified(bankQuestion.options)}) o), '') || ' ' || ${qualified(bankQuestion.chapter)} || ' ' || ${qualified(bankQuestion.rule)}, ${SEARCH_FROM}, ${SEARCH_TO}))`;

/** 'Regla 4' before 'Regla 13'. */
const chapterOrder = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

export interface BankListOptions {
  search?: string | undefined;
  chapter?: string | undefined;
  archived?: 'si' | 'no' | undefined;
}

/** A course's questions (active, or archived with `archived: 'si'`), searched and filtered, by chapter; and its active chapters and editions. */
export async function listBank(db: Db, courseId: string, options: BankListOptions): Promise<BankList> {
  const search = options.search?.trim();
  const chapter = options.chapter?.trim();
  const filters: Array<SQL | undefined> = [
    eq(bankQuestion.courseId, courseId),
    options.archived === 'si' ? isNotNull(bankQuestion.archivedAt) : isNull(bankQuestion.archivedAt),
    chapter ? eq(bankQuestion.chapter, chapter) : undefined,
    search ? like(searchText, `%${escapeLike(fold(search))}%`) : undefined,
  ];
  const rows = await db
    .select(bankColumns)
    .from(bankQuestion)
    .where(and(...filters))
    .orderBy(asc(bankQuestion.chapter), asc(bankQuestion.createdAt), asc(bankQuestion.id));
  const active = and(eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt));
  const chapters = await db
    .select({ chapter: bankQuestion.chapter, count: count() })
    .from(bankQuestion)
    .where(active)
    .groupBy(bankQuestion.chapter);
  const editions = await db
    .select({ edition: bankQuestion.edition, count: count() })
    .from(bankQuestion)
    .where(active)
    .groupBy(bankQuestion.edition)
    .orderBy(asc(bankQuestion.edition));
  return {
    questions: rows.toSorted((a, b) => chapterOrder.compare(a.chapter, b.chapter)).map(presentBankQuestion),
    chapters: chapters.toSorted((a, b) => chapterOrder.compare(a.chapter, b.chapter)).map((c) => ({ ...c, count: Number(c.count) })),
    editions: editions.map((e) => ({ ...e, count: Number(e.count) })),
  };
}

/** A question's text as two questions are compared: case, accents and spacing aside. */
export const sameText = (text: string) => fold(text).replace(/\s+/g, ' ').trim();

/** The compared texts of a course's active questions (what an import must not repeat). */
export async function activeTexts(db: Db | Tx, courseId: string): Promise<Set<string>> {
  const rows = await db
    .select({ text: bankQuestion.text })
    .from(bankQuestion)
    .where(and(eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt)));
  return new Set(rows.map((row) => sameText(row.text)));
}

import type { BankList } from '../../../shared/schemas/exams.ts';

/**
 * The edition of the rules the course's bank uses — the one most of its questions are of (the
 * newest on a tie) — for a new question or an import; this year's for an empty bank.
 */
export function usedEdition(editions: BankList['editions']): number {
  const [most] = [...editions].sort((a, b) => b.count - a.count || b.edition - a.edition);
  return most?.edition ?? new Date().getFullYear();
}

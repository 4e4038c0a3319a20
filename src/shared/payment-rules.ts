// The rules of instalments, shared by the server (which decides and sends the reminders) and the
// client (which shows the same status). Pure: days come in as yyyy-mm-dd, nothing reads a clock.
// Payments cover a plan's instalments in order of due date: $ 3.000 paid of two instalments of
// $ 3.000 covers the first one, whatever day it was paid on.
import { addDays } from './calendar.ts';

export interface Instalment {
  /** Whole pesos, more than 0. */
  amount: number;
  /** yyyy-mm-dd */
  dueDate: string;
}

/** The largest amount of one payment or instalment ($ 100.000.000): a typo with extra zeros is refused. */
export const AMOUNT_MAX = 100_000_000;
/** How many options a course's plan may offer, and instalments an option may have. */
export const OPTIONS_MAX = 10;
export const INSTALMENTS_MAX = 24;
/** The reminder email before a due date goes this many days before it; the other one on the day. */
export const REMINDER_DAYS_BEFORE = 3;

/** Whether an amount is whole pesos, more than 0 and within `AMOUNT_MAX`. */
export const isAmount = (amount: number) => Number.isInteger(amount) && amount > 0 && amount <= AMOUNT_MAX;

/** The instalments in the order payments cover them: by due date (a plan's own order breaks ties). */
export function inDueOrder<T extends Instalment>(instalments: readonly T[]): T[] {
  return instalments
    .map((instalment, index) => ({ instalment, index }))
    .sort((a, b) =>
      a.instalment.dueDate < b.instalment.dueDate ? -1 : a.instalment.dueDate > b.instalment.dueDate ? 1 : a.index - b.index,
    )
    .map(({ instalment }) => instalment);
}

/** What of each instalment the payments (`paid` in all) leave uncovered, in due order: 0 for one fully paid. */
export function uncovered(instalments: readonly Instalment[], paid: number): Array<Instalment & { left: number }> {
  let remaining = Math.max(0, paid);
  return inDueOrder(instalments).map((instalment) => {
    const covered = Math.min(remaining, instalment.amount);
    remaining -= covered;
    return { ...instalment, left: instalment.amount - covered };
  });
}

export interface PlanStatus {
  /** What the whole plan asks. */
  total: number;
  /** What was due up to today (instalments due today included). */
  due: number;
  paid: number;
  /** What they owe of what was due ('Debe $ 3.000'); 0 is 'Al día'. */
  owed: number;
  /** Instalments whose due date passed and that the payments do not cover, with what is left of each. */
  overdue: Instalment[];
}

/** Where a trainee stands on `today` with these instalments and `paid` in all. */
export function planStatus(instalments: readonly Instalment[], paid: number, today: string): PlanStatus {
  const total = instalments.reduce((sum, i) => sum + i.amount, 0);
  const due = instalments.filter((i) => i.dueDate <= today).reduce((sum, i) => sum + i.amount, 0);
  const overdue = uncovered(instalments, paid)
    .filter((i) => i.dueDate < today && i.left > 0)
    .map((i) => ({ amount: i.left, dueDate: i.dueDate }));
  return { total, due, paid, owed: Math.max(0, due - paid), overdue };
}

export type ReminderKind = 'antes' | 'dia';

/**
 * The reminders due on `today`: each instalment still not fully covered that is due today ('dia')
 * or within the next `REMINDER_DAYS_BEFORE` days ('antes': on the third day before, or later when
 * the plan came later or the server was down that day), with what is left of it. Each one goes
 * once: the caller records it.
 */
export function remindersDue(
  instalments: readonly Instalment[],
  paid: number,
  today: string,
): Array<{ kind: ReminderKind; dueDate: string; amount: number }> {
  const before = addDays(today, REMINDER_DAYS_BEFORE);
  return uncovered(instalments, paid).flatMap((i) => {
    if (i.left === 0) return [];
    if (i.dueDate > today && i.dueDate <= before) return [{ kind: 'antes' as ReminderKind, dueDate: i.dueDate, amount: i.left }];
    if (i.dueDate === today) return [{ kind: 'dia' as ReminderKind, dueDate: i.dueDate, amount: i.left }];
    return [];
  });
}

/** The modules a paid total opens: those with a minimum set at or below it. */
export function modulesPaidFor<T extends { minPaid: number | null }>(modules: readonly T[], paid: number): T[] {
  return modules.filter((m) => m.minPaid !== null && m.minPaid <= paid);
}

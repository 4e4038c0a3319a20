import { describe, expect, it } from 'vitest';
import { pesos } from './money.ts';
import { isYearInRange } from './calendar.ts';
import { inDueOrder, isAmount, modulesPaidFor, planStatus, remindersDue, uncovered } from './payment-rules.ts';

const twoOf3000 = [
  { amount: 3000, dueDate: '2026-03-10' },
  { amount: 3000, dueDate: '2026-04-10' },
];

describe('pesos', () => {
  it('writes whole pesos as es-AR does, without decimals', () => {
    expect(pesos(3000)).toBe('$\u00a03.000');
    expect(pesos(1234567)).toBe('$\u00a01.234.567');
    expect(pesos(0)).toBe('$\u00a00');
  });
});

describe('isAmount and isYearInRange', () => {
  it.each([
    [3000, true],
    [1, true],
    [100_000_000, true],
    [0, false],
    [-5, false],
    [2999.5, false],
    [100_000_001, false],
    [Number.NaN, false],
  ])('%s pesos → %s', (amount, ok) => expect(isAmount(amount)).toBe(ok));

  it.each([
    ['2026-03-10', true],
    ['1999-12-31', false],
    ['2101-01-01', false],
    ['0099-05-05', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
  ])('%s → %s', (day, ok) => expect(isYearInRange(day)).toBe(ok));

  it.each([
    ['2026-03-10T12:00:00Z', true],
    // Midnight of 1 January 2000 in UTC is still 1999 in the course's zone.
    ['2000-01-01T00:00:00Z', false],
    ['2100-12-31T23:00:00-03:00', true],
    ['0000-01-01T00:00:00Z', false],
  ])('%s → %s', (instant, ok) => expect(isYearInRange(new Date(instant))).toBe(ok));
});

describe('planStatus', () => {
  it.each([
    // today, paid → due, owed, overdue
    ['2026-03-09', 0, 0, 0, []],
    // Due today: owed, not yet overdue.
    ['2026-03-10', 0, 3000, 3000, []],
    ['2026-03-11', 0, 3000, 3000, [{ amount: 3000, dueDate: '2026-03-10' }]],
    ['2026-03-11', 3000, 3000, 0, []],
    // A part payment leaves the rest of the first instalment overdue.
    ['2026-03-11', 1000, 3000, 2000, [{ amount: 2000, dueDate: '2026-03-10' }]],
    ['2026-05-01', 4000, 6000, 2000, [{ amount: 2000, dueDate: '2026-04-10' }]],
    // Paid ahead: nothing owed, nothing overdue.
    ['2026-03-11', 6000, 3000, 0, []],
  ] as const)('on %s with %s paid: due %s, owes %s', (today, paid, due, owed, overdue) => {
    expect(planStatus(twoOf3000, paid, today)).toEqual({ total: 6000, due, paid, owed, overdue });
  });

  it('without a plan, nothing is due', () => {
    expect(planStatus([], 500, '2026-03-11')).toEqual({ total: 0, due: 0, paid: 500, owed: 0, overdue: [] });
  });

  it('covers instalments by due date, whatever order the plan lists them in', () => {
    const listed = [twoOf3000[1]!, twoOf3000[0]!];
    expect(inDueOrder(listed)).toEqual(twoOf3000);
    expect(uncovered(listed, 3000).map((i) => i.left)).toEqual([0, 3000]);
    expect(planStatus(listed, 3000, '2026-05-01').overdue).toEqual([{ amount: 3000, dueDate: '2026-04-10' }]);
  });
});

describe('remindersDue', () => {
  it.each([
    ['2026-03-06', 0, []],
    ['2026-03-07', 0, [{ kind: 'antes', dueDate: '2026-03-10', amount: 3000 }]],
    // Later than three days before (the plan came late, the server was down): still before the day.
    ['2026-03-09', 0, [{ kind: 'antes', dueDate: '2026-03-10', amount: 3000 }]],
    ['2026-03-10', 0, [{ kind: 'dia', dueDate: '2026-03-10', amount: 3000 }]],
    ['2026-03-11', 0, []],
    ['2026-03-07', 3000, []],
    ['2026-03-10', 1000, [{ kind: 'dia', dueDate: '2026-03-10', amount: 2000 }]],
    ['2026-04-07', 3000, [{ kind: 'antes', dueDate: '2026-04-10', amount: 3000 }]],
    ['2026-04-10', 6000, []],
  ] as const)('on %s with %s paid', (today, paid, expected) => {
    expect(remindersDue(twoOf3000, paid, today)).toEqual(expected);
  });
});

describe('modulesPaidFor', () => {
  const modules = [
    { id: '1', minPaid: 3000 },
    { id: '2', minPaid: 3000 },
    { id: '3', minPaid: 6000 },
    { id: '4', minPaid: null },
  ];
  it.each([
    [0, []],
    [2999, []],
    [3000, ['1', '2']],
    [6000, ['1', '2', '3']],
  ])('%s paid opens %j', (paid, ids) => {
    expect(modulesPaidFor(modules, paid).map((m) => m.id)).toEqual(ids);
  });
});

import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './typed-day.ts';

describe('parseTypedDay', () => {
  it.each([
    ['1/12/2026', '2026-12-01'],
    ['01/12/2026', '2026-12-01'],
    ['1-12-2026', '2026-12-01'],
    ['1.12.2026', '2026-12-01'],
    [' 01 / 12 / 2026 ', '2026-12-01'],
    ['01122026', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
    ['29/2/2028', '2028-02-29'],
  ])('%s → %s (day first)', (typed, day) => {
    expect(parseTypedDay(typed)).toBe(day);
  });

  it.each(['', '25/12/20', '1.12.26', '12/2026', '31/02/2026', '29/2/2027', '1/13/2026', '0/1/2026', 'mañana', '2026-13-01', '1/12/202'])(
    '%s → null',
    (typed) => {
      expect(parseTypedDay(typed)).toBeNull();
    },
  );
});

import { describe, expect, it } from 'vitest';
import { practiceDay } from './day.ts';

describe('practiceDay', () => {
  it('is the calendar day in Buenos Aires, whatever the server zone', () => {
    const cases: Array<[string, string, string]> = [
      ['2030-03-10T12:00:00-03:00', '2030-03-10T03:00:00.000Z', '2030-03-11T03:00:00.000Z'],
      // 23:59 in Buenos Aires is already the next day in UTC.
      ['2030-03-11T02:59:59.999Z', '2030-03-10T03:00:00.000Z', '2030-03-11T03:00:00.000Z'],
      ['2030-03-11T03:00:00.000Z', '2030-03-11T03:00:00.000Z', '2030-03-12T03:00:00.000Z'],
      ['2030-12-31T23:30:00-03:00', '2030-12-31T03:00:00.000Z', '2031-01-01T03:00:00.000Z'],
      ['2032-02-29T00:00:00-03:00', '2032-02-29T03:00:00.000Z', '2032-03-01T03:00:00.000Z'],
    ];
    for (const [now, start, end] of cases) {
      const day = practiceDay(new Date(now));
      expect([day.start.toISOString(), day.end.toISOString()], now).toEqual([start, end]);
    }
  });
});

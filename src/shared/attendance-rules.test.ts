import { describe, expect, it } from 'vitest';
import {
  attendanceWindow,
  codeMarkResult,
  codePeriod,
  isAttendanceOpen,
  lessonPhase,
  secondsToNextCode,
  summarizeAttendance,
  type ExistingMark,
} from './attendance-rules.ts';
import type { AttendanceStatus, AttendanceSummary } from './schemas/lessons.ts';

/** A Saturday class at 9:00 in Buenos Aires, 4 hours long. */
const lesson = { startsAt: new Date('2026-11-28T09:00:00-03:00'), durationMinutes: 240 };
const at = (time: string) => new Date(`2026-11-28T${time}-03:00`);

describe('the window of a class', () => {
  it('opens 30 minutes before it starts and closes at its end', () => {
    expect(attendanceWindow(lesson)).toEqual({ opensAt: at('08:30:00'), closesAt: at('13:00:00') });
  });

  const cases: Array<[string, Date, boolean, ReturnType<typeof lessonPhase>]> = [
    ['a second before it opens', at('08:29:59'), false, 'proxima'],
    ['when it opens', at('08:30:00'), true, 'abierta'],
    ['when the class starts', at('09:00:00'), true, 'abierta'],
    ['a second before the end', at('12:59:59'), true, 'abierta'],
    ['at the end', at('13:00:00'), false, 'terminada'],
    ['the next day', new Date('2026-11-29T09:00:00-03:00'), false, 'terminada'],
  ];
  it.each(cases)('%s', (_name, now, open, phase) => {
    expect(isAttendanceOpen(lesson, now)).toBe(open);
    expect(lessonPhase(lesson, now)).toBe(phase);
  });
});

describe('the code periods', () => {
  it('a new period every 30 seconds', () => {
    expect(codePeriod(new Date(0))).toBe(0);
    expect(codePeriod(new Date(29_999))).toBe(0);
    expect(codePeriod(new Date(30_000))).toBe(1);
  });
  const cases: Array<[number, number]> = [
    [0, 30],
    [1, 30],
    [1_000, 29],
    [29_001, 1],
    [30_000, 30],
  ];
  it.each(cases)('at %i ms the next code is %i s away', (ms, seconds) => {
    expect(secondsToNextCode(new Date(ms))).toBe(seconds);
  });
});

describe('summarizeAttendance', () => {
  const cases: Array<[string, Array<AttendanceStatus | null>, AttendanceSummary]> = [
    ['no class held yet', [], { held: 0, attended: 0, justified: 0, percent: null }],
    ['present at every class', ['presente', 'presente'], { held: 2, attended: 2, justified: 0, percent: 100 }],
    ['late counts as attended', ['tarde', 'ausente'], { held: 2, attended: 1, justified: 0, percent: 50 }],
    ['not marked counts as absent', ['presente', null, null], { held: 3, attended: 1, justified: 0, percent: 33 }],
    ['justified is left out', ['presente', 'justificado', 'ausente'], { held: 3, attended: 1, justified: 1, percent: 50 }],
    ['only justified classes: no percentage', ['justificado'], { held: 1, attended: 0, justified: 1, percent: null }],
    ['rounded', ['presente', 'presente', 'ausente'], { held: 3, attended: 2, justified: 0, percent: 67 }],
  ];
  it.each(cases)('%s', (_name, statuses, summary) => {
    expect(summarizeAttendance(statuses)).toEqual(summary);
  });
});

describe('what marking with the code does to an existing mark', () => {
  const cases: Array<[string, ExistingMark | null, ReturnType<typeof codeMarkResult>]> = [
    ['nothing marked: Presente', null, 'insert'],
    ['marked with the code already: kept (marking again is no error)', { status: 'presente', source: 'codigo' }, 'keep'],
    ['Ausente by hand: the trainee did come', { status: 'ausente', source: 'instructor' }, 'update'],
    ['Tarde by hand stays', { status: 'tarde', source: 'instructor' }, 'keep'],
    ['Justificado by hand stays', { status: 'justificado', source: 'instructor' }, 'keep'],
    ['Presente by hand stays', { status: 'presente', source: 'instructor' }, 'keep'],
  ];
  it.each(cases)('%s', (_name, existing, result) => {
    expect(codeMarkResult(existing)).toBe(result);
  });
});

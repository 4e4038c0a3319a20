// The attendance code's validity, with a clock the test controls: a code is taken only while its
// class takes attendance (from 30 minutes before to its end), only in the 60 seconds after it
// appeared, only for its class's course, and only from a trainee with that course enabled.
import { describe, expect, it } from 'vitest';
import { CODE_PERIOD_SECONDS, codePeriod } from '../../shared/attendance-rules.ts';
import { attendanceCode, checkAttendanceCode, currentCode, type CodeLesson, type CodeVerdict } from './attendance-code.ts';

/** Course A's Saturday class (9:00 to 13:00 in Buenos Aires), and course B's class at the same time. */
const classA: CodeLesson = {
  id: 'clase-a',
  courseId: 'curso-a',
  startsAt: new Date('2026-11-28T09:00:00-03:00'),
  durationMinutes: 240,
  codeSecret: 'secreto-de-la-clase-a',
};
const classB: CodeLesson = { ...classA, id: 'clase-b', courseId: 'curso-b', codeSecret: 'secreto-de-la-clase-b' };
const lessons = [classA, classB];

/** 10:00:00, the start of a code period (10:00 is a multiple of 30 s). */
const shownAt = new Date('2026-11-28T10:00:00-03:00');
const plus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
const codeShownAt = (lesson: CodeLesson, at: Date) => currentCode(lesson.codeSecret, at);

interface Row {
  name: string;
  /** The code the trainee types. */
  code: string;
  /** When they type it (the clock). */
  now: Date;
  courseId?: string;
  enrolled?: boolean;
  verdict: CodeVerdict;
}

const ok: CodeVerdict = { ok: true, lessonId: 'clase-a' };
const wrong: CodeVerdict = { ok: false, reason: 'wrong' };
const closed: CodeVerdict = { ok: false, reason: 'closed' };

const rows: Row[] = [
  {
    name: 'before the window (31 minutes before the class): refused',
    code: codeShownAt(classA, new Date('2026-11-28T08:29:00-03:00')),
    now: new Date('2026-11-28T08:29:00-03:00'),
    verdict: closed,
  },
  {
    name: 'when the window opens (30 minutes before): taken',
    code: codeShownAt(classA, new Date('2026-11-28T08:30:00-03:00')),
    now: new Date('2026-11-28T08:30:00-03:00'),
    verdict: ok,
  },
  { name: 'during the class, the code on the screen: taken', code: codeShownAt(classA, shownAt), now: plus(shownAt, 5), verdict: ok },
  {
    name: 'the previous code, 59 s after it appeared: taken',
    code: codeShownAt(classA, shownAt),
    now: plus(shownAt, 59),
    verdict: ok,
  },
  {
    name: 'the same code reused 60 s after it appeared: refused',
    code: codeShownAt(classA, shownAt),
    now: plus(shownAt, 60),
    verdict: wrong,
  },
  {
    name: 'the next code before it appeared: refused',
    code: codeShownAt(classA, plus(shownAt, CODE_PERIOD_SECONDS)),
    now: plus(shownAt, 5),
    verdict: wrong,
  },
  {
    name: 'after the window (the class ended): refused',
    code: codeShownAt(classA, new Date('2026-11-28T13:00:00-03:00')),
    now: new Date('2026-11-28T13:00:00-03:00'),
    verdict: closed,
  },
  {
    name: "another course's code, at the same time: refused",
    code: codeShownAt(classB, shownAt),
    now: plus(shownAt, 5),
    verdict: wrong,
  },
  {
    name: 'a trainee not enrolled in the course, with the right code: refused',
    code: codeShownAt(classA, shownAt),
    now: plus(shownAt, 5),
    enrolled: false,
    verdict: { ok: false, reason: 'not-enrolled' },
  },
  {
    name: "a course without a class now, with another course's right code: refused",
    code: codeShownAt(classA, shownAt),
    now: plus(shownAt, 5),
    courseId: 'curso-c',
    verdict: closed,
  },
  { name: 'a typo: refused', code: '000000', now: plus(shownAt, 5), verdict: wrong },
];

describe('checkAttendanceCode', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    // '000000' must not be the right code by chance.
    if (row.code === '000000') expect(codeShownAt(classA, row.now)).not.toBe('000000');
    const verdict = checkAttendanceCode({
      courseId: row.courseId ?? 'curso-a',
      enrolled: row.enrolled ?? true,
      code: row.code,
      lessons,
      now: row.now,
    });
    expect(verdict).toEqual(row.verdict);
  });
});

describe('attendanceCode', () => {
  it('is 6 digits, the same for the same class and period, another one in the next period', () => {
    const period = codePeriod(shownAt);
    const code = attendanceCode(classA.codeSecret, period);
    expect(code).toMatch(/^\d{6}$/);
    expect(attendanceCode(classA.codeSecret, period)).toBe(code);
    const next = Array.from({ length: 20 }, (_, i) => attendanceCode(classA.codeSecret, period + 1 + i));
    // Of 20 following periods, at most one repeats a code by chance (1 in a million each).
    expect(next.filter((c) => c === code).length).toBeLessThanOrEqual(1);
    expect(new Set(next).size).toBeGreaterThan(15);
  });

  it('depends on the class: two classes show different codes', () => {
    const period = codePeriod(shownAt);
    expect(attendanceCode(classA.codeSecret, period)).not.toBe(attendanceCode(classB.codeSecret, period));
  });

  it('keeps its leading zeros', () => {
    // Some period of the first thousands has a code starting with 0 (one in ten).
    const codes = Array.from({ length: 200 }, (_, i) => attendanceCode('ceros', i));
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(codes.every((c) => c.length === 6)).toBe(true);
  });
});

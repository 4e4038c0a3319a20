// The rules of a class in person and its attendance, the same on the server (which decides) and
// in the browser (which shows the countdown and the button): when a class takes attendance, when
// its code changes, what counts as attended, and when a code may change a status.
import type { AttendanceStatus, AttendanceSummary } from './schemas/lessons.ts';

/** A class takes attendance from this long before it starts (the trainees arrive early). */
export const OPENS_MINUTES_BEFORE = 30;
/** A new code is shown every 30 seconds… */
export const CODE_PERIOD_SECONDS = 30;
/** …and each one is taken for 60 seconds after it appeared (its period and the next). */
export const CODE_VALID_PERIODS = 2;
/** A class lasts from 15 minutes to 12 hours ('Duración', in minutes). */
export const LESSON_MINUTES_MIN = 15;
export const LESSON_MINUTES_MAX = 12 * 60;
/** What 'Nueva clase' opens with: a Saturday morning's 4 hours. */
export const LESSON_MINUTES_DEFAULT = 4 * 60;
export const LESSON_PLACE_MAX = 120;
export const LESSON_TOPIC_MAX = 200;
/** The attendance code: 6 digits. */
export const CODE_DIGITS = 6;

/** A class's times, as much of it as these rules need. */
export interface LessonTimes {
  startsAt: Date;
  durationMinutes: number;
}

const MINUTE = 60_000;

/** When a class takes attendance: from 30 minutes before it starts to its end. */
export function attendanceWindow(lesson: LessonTimes): { opensAt: Date; closesAt: Date } {
  const start = lesson.startsAt.getTime();
  return {
    opensAt: new Date(start - OPENS_MINUTES_BEFORE * MINUTE),
    closesAt: new Date(start + lesson.durationMinutes * MINUTE),
  };
}

/** Whether a class takes attendance at `now` (its end is already outside). */
export function isAttendanceOpen(lesson: LessonTimes, now: Date): boolean {
  const { opensAt, closesAt } = attendanceWindow(lesson);
  return now.getTime() >= opensAt.getTime() && now.getTime() < closesAt.getTime();
}

/** A class counts for the attendance percentage once it has started. */
export const hasStarted = (lesson: LessonTimes, now: Date) => now.getTime() >= lesson.startsAt.getTime();

/** Where a class stands: 'proxima' (not taking attendance yet), 'abierta', or 'terminada'. */
export type LessonPhase = 'proxima' | 'abierta' | 'terminada';
export function lessonPhase(lesson: LessonTimes, now: Date): LessonPhase {
  if (isAttendanceOpen(lesson, now)) return 'abierta';
  return now.getTime() < attendanceWindow(lesson).opensAt.getTime() ? 'proxima' : 'terminada';
}

/** The number of the 30-second period `now` falls in (what a code is derived from, as TOTP). */
export const codePeriod = (now: Date) => Math.floor(now.getTime() / (CODE_PERIOD_SECONDS * 1000));

/** Seconds until the next code appears (1 to 30). */
export function secondsToNextCode(now: Date): number {
  const periodMs = CODE_PERIOD_SECONDS * 1000;
  return Math.ceil((periodMs - (now.getTime() % periodMs)) / 1000);
}

/** 'Presente' and 'Tarde' are attended; 'Justificado' and 'Ausente' are not. */
export const isAttended = (status: AttendanceStatus | null) => status === 'presente' || status === 'tarde';

/**
 * A trainee's attendance from their status in each class held so far (null: not marked, which
 * counts as absent). A 'Justificado' class is left out of the percentage; with no class left,
 * the percentage is null.
 */
export function summarizeAttendance(statusesOfHeld: Array<AttendanceStatus | null>): AttendanceSummary {
  const held = statusesOfHeld.length;
  const attended = statusesOfHeld.filter(isAttended).length;
  const justified = statusesOfHeld.filter((status) => status === 'justificado').length;
  const counted = held - justified;
  return { held, attended, justified, percent: counted > 0 ? Math.round((attended / counted) * 100) : null };
}

/** What a class's existing mark is, for deciding whether the trainee's code may change it. */
export interface ExistingMark {
  status: AttendanceStatus;
  source: 'codigo' | 'instructor';
}

/**
 * What marking with the code does to an existing mark: 'Presente' where there was nothing, or
 * where the instructor had put 'Ausente' (the trainee did come). A status the instructor set by
 * hand otherwise stays ('Tarde', 'Justificado'), and one marked with the code already is kept as
 * it is: marking twice changes nothing.
 */
export function codeMarkResult(existing: ExistingMark | null): 'insert' | 'update' | 'keep' {
  if (!existing) return 'insert';
  if (existing.source === 'instructor' && existing.status === 'ausente') return 'update';
  return 'keep';
}

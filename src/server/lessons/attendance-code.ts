// The attendance code of a class: 6 digits that change every 30 seconds, derived from the class's
// secret and the period's number as TOTP does (RFC 6238 with HMAC-SHA256), so nothing is stored
// per code and every app instance shows and accepts the same one. A code is taken in the period
// it appeared and the next: a photo of the screen sent to someone at home is useless a minute later.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CODE_DIGITS, CODE_VALID_PERIODS, codePeriod, isAttendanceOpen, type LessonTimes } from '../../shared/attendance-rules.ts';

/** A new class's secret: what its codes are derived from (it never leaves the server). */
export const newCodeSecret = () => randomBytes(32).toString('base64url');

/** The code of a class's secret in a 30-second period: HOTP's dynamic truncation of HMAC-SHA256. */
export function attendanceCode(secret: string, period: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(period));
  const digest = createHmac('sha256', secret).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, '0');
}

/** The code a class shows at `now`. */
export const currentCode = (secret: string, now: Date) => attendanceCode(secret, codePeriod(now));

/** A class as the code check needs it. */
export interface CodeLesson extends LessonTimes {
  id: string;
  courseId: string;
  codeSecret: string;
}

/**
 * Why a code was refused: the trainee does not have the course enabled ('not-enrolled'), no class
 * of the course takes attendance now ('closed'), or the code is none of theirs now ('wrong': a
 * typo, a code more than 60 seconds old, another course's code).
 */
export type CodeVerdict = { ok: true; lessonId: string } | { ok: false; reason: 'not-enrolled' | 'closed' | 'wrong' };

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether `code`, typed at `now` by a trainee (`enrolled`: with the course `courseId` enabled),
 * marks them in a class: one of the course's classes must take attendance now and have shown that
 * code in this period or the previous one.
 */
export function checkAttendanceCode(input: {
  courseId: string;
  enrolled: boolean;
  code: string;
  lessons: CodeLesson[];
  now: Date;
}): CodeVerdict {
  if (!input.enrolled) return { ok: false, reason: 'not-enrolled' };
  const open = input.lessons.filter((lesson) => lesson.courseId === input.courseId && isAttendanceOpen(lesson, input.now));
  if (open.length === 0) return { ok: false, reason: 'closed' };
  const current = codePeriod(input.now);
  for (const lesson of open) {
    for (let back = 0; back < CODE_VALID_PERIODS; back++) {
      if (sameCode(attendanceCode(lesson.codeSecret, current - back), input.code)) return { ok: true, lessonId: lesson.id };
    }
  }
  return { ok: false, reason: 'wrong' };
}

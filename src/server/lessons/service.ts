// The writes of classes in person and their attendance: create, edit and delete a class, the
// instructor's mark by hand and the trainee's mark with the code. Each one is logged in the
// course's change history in its own transaction (record/changes.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { codeMarkResult } from '../../shared/attendance-rules.ts';
import { dayOf, dayText, instantOf, timeOf } from '../../shared/calendar.ts';
import { lessonMessages } from '../../shared/messages.ts';
import {
  attendanceStatusLabels,
  type AttendanceStatus,
  type Lesson,
  type LessonInput,
  type RosterEntry,
} from '../../shared/schemas/lessons.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { attendance, lesson, rateLimit } from '../db/schema.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { notFound } from '../errors.ts';
import { logChange } from '../record/changes.ts';
import { newCodeSecret } from './attendance-code.ts';
import { presentLessonOf, readLesson, rosterOf, type LessonRow } from './read.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;

export const lessonNotFound = () => notFound(lessonMessages.lessonNotFound);
export const traineeNotFound = () => notFound(lessonMessages.traineeNotFound);

/** A class by id, or the classes' 404. */
export async function findLesson(db: Db | Tx, lessonId: string): Promise<LessonRow> {
  const row = await readLesson(db, lessonId);
  if (!row) throw lessonNotFound();
  return row;
}

/** '28 nov 2026 a las 09:00': a class's day and time as the change log names it. */
export const lessonWhen = (startsAt: Date) => `${dayText(dayOf(startsAt))} a las ${timeOf(startsAt)}`;

const valuesOf = (input: LessonInput) => ({
  startsAt: instantOf(input.date, input.time),
  durationMinutes: input.durationMinutes,
  place: input.place ?? '',
  topic: input.topic ?? '',
});

/** 'Nueva clase'. */
export async function createLesson(db: Db, courseId: string, input: LessonInput, actor: Actor, now: Date): Promise<Lesson> {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    const [row] = await tx
      .insert(lesson)
      .values({ id: randomUUID(), courseId, codeSecret: newCodeSecret(), ...valuesOf(input) })
      .returning();
    await logChange(tx, {
      kind: 'asistencia',
      courseId,
      userId: null,
      actor,
      summary: lessonMessages.lessonCreatedLog(lessonWhen(row!.startsAt)),
    });
    return presentLessonOf(tx, row!, now);
  });
}

/** 'Editar': its day, time, duration, place and topic (its marks stay). */
export async function updateLesson(db: Db, lessonId: string, input: LessonInput, actor: Actor, now: Date): Promise<Lesson> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(lesson).where(eq(lesson.id, lessonId)).for('update');
    if (!before) throw lessonNotFound();
    const [row] = await tx
      .update(lesson)
      .set({ ...valuesOf(input), updatedAt: sql`now()` })
      .where(eq(lesson.id, lessonId))
      .returning();
    const from = lessonWhen(before.startsAt);
    const to = lessonWhen(row!.startsAt);
    const summary = from === to ? lessonMessages.lessonEditedLog(from) : lessonMessages.lessonMovedLog(from, to);
    await logChange(tx, { kind: 'asistencia', courseId: row!.courseId, userId: null, actor, summary });
    return presentLessonOf(tx, row!, now);
  });
}

/** 'Cancelar clase' / 'Volver a dar la clase': the class stays (and its marks); calendars show it cancelled. */
export async function setLessonCancelled(db: Db, lessonId: string, cancelled: boolean, actor: Actor, now: Date): Promise<Lesson> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(lesson).where(eq(lesson.id, lessonId)).for('update');
    if (!before) throw lessonNotFound();
    if ((before.cancelledAt !== null) === cancelled) return presentLessonOf(tx, before, now);
    const [row] = await tx
      .update(lesson)
      .set({ cancelledAt: cancelled ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(lesson.id, lessonId))
      .returning();
    const when = lessonWhen(row!.startsAt);
    const summary = cancelled ? lessonMessages.lessonCancelledLog(when) : lessonMessages.lessonRestoredLog(when);
    await logChange(tx, { kind: 'asistencia', courseId: row!.courseId, userId: null, actor, summary });
    return presentLessonOf(tx, row!, now);
  });
}

/** 'Borrar': the class and its marks. */
export async function deleteLesson(db: Db, lessonId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(lesson).where(eq(lesson.id, lessonId)).for('update');
    if (!row) throw lessonNotFound();
    const [marks] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(attendance)
      .where(eq(attendance.lessonId, lessonId));
    await tx.delete(lesson).where(eq(lesson.id, lessonId));
    await logChange(tx, {
      kind: 'asistencia',
      courseId: row.courseId,
      userId: null,
      actor,
      summary: lessonMessages.lessonDeletedLog(lessonWhen(row.startsAt), Number(marks?.n ?? 0)),
    });
  });
}

/**
 * The instructor marks a trainee by hand ('Presente', 'Tarde', 'Justificado', 'Ausente'), or
 * clears the mark (null). Only someone on the class's list: a trainee of the course, or someone
 * already marked in it. Setting the status a trainee already has changes and logs nothing.
 */
export async function markByHand(
  db: Db,
  lessonId: string,
  userId: string,
  status: AttendanceStatus | null,
  actor: Actor,
): Promise<RosterEntry> {
  return db.transaction(async (tx) => {
    const row = await findLesson(tx, lessonId);
    const [entry] = await rosterOf(tx, row, userId);
    if (!entry) throw traineeNotFound();
    const when = lessonWhen(row.startsAt);
    const mark = and(eq(attendance.lessonId, lessonId), eq(attendance.userId, userId));
    if (status === null) {
      const deleted = await tx.delete(attendance).where(mark).returning({ userId: attendance.userId });
      if (deleted.length > 0)
        await logChange(tx, { kind: 'asistencia', courseId: row.courseId, userId, actor, summary: lessonMessages.clearedLog(when) });
    } else if (entry.status !== status) {
      await tx
        .insert(attendance)
        .values({ lessonId, userId, status, source: 'instructor' })
        .onConflictDoUpdate({
          target: [attendance.lessonId, attendance.userId],
          set: { status, source: 'instructor', markedAt: sql`now()` },
        });
      await logChange(tx, {
        kind: 'asistencia',
        courseId: row.courseId,
        userId,
        actor,
        summary: lessonMessages.markedByHandLog(when, attendanceStatusLabels[status]),
      });
    }
    // Someone whose course was blocked leaves the list once their mark is cleared.
    const [updated] = await rosterOf(tx, row, userId);
    return updated ?? { ...entry, status: null, source: null, markedAt: null };
  });
}

/**
 * The trainee marks themselves with the class's code (already checked): 'Presente', unless the
 * instructor set another status than 'Ausente' by hand. Marking again changes nothing. Returns
 * the trainee's status in the class.
 */
export async function markByCode(db: Db, lessonId: string, trainee: Actor): Promise<AttendanceStatus> {
  return db.transaction(async (tx) => {
    const row = await findLesson(tx, lessonId);
    const when = lessonWhen(row.startsAt);
    const log = () =>
      logChange(tx, {
        kind: 'asistencia',
        courseId: row.courseId,
        userId: trainee.id,
        actor: trainee,
        summary: lessonMessages.markedByCodeLog(when),
      });
    // Two taps at once: one inserts, the other finds the row (locked) and keeps it.
    const inserted = await tx
      .insert(attendance)
      .values({ lessonId, userId: trainee.id, status: 'presente', source: 'codigo' })
      .onConflictDoNothing()
      .returning({ status: attendance.status });
    if (inserted.length > 0) {
      await log();
      return 'presente';
    }
    const mark = and(eq(attendance.lessonId, lessonId), eq(attendance.userId, trainee.id));
    const [existing] = await tx.select({ status: attendance.status, source: attendance.source }).from(attendance).where(mark).for('update');
    if (!existing) throw lessonNotFound();
    if (codeMarkResult(existing) !== 'update') return existing.status;
    await tx
      .update(attendance)
      .set({ status: 'presente', source: 'codigo', markedAt: sql`now()` })
      .where(mark);
    await log();
    return 'presente';
  });
}

/**
 * Wrong codes per trainee (counted in the login attempts' table, shared by every app instance):
 * past 10 in 10 minutes every code is refused unchecked, the right one too, so the 1,000,000
 * codes cannot be tried in the minute one is valid.
 */
export const wrongCodes: Limit = { max: 10, windowSeconds: 10 * 60 };
const wrongCodesKey = (userId: string) => `attendance-code:user:${userId}`;

/** Whether the trainee used up their wrong codes for now. */
export async function wrongCodesSpent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, wrongCodesKey(userId)), sql`${rateLimit.resetAt} > now()`));
  return (row?.count ?? 0) >= wrongCodes.max;
}

/** Counts a wrong code. */
export const countWrongCode = (db: Db, userId: string) => hit(db, wrongCodesKey(userId), wrongCodes);

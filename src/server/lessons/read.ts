// How classes in person and their attendance are read: the course's classes with their counts, a
// class's list of trainees, each trainee's attendance (what the trainee's page and the class board
// read), and the one presenter of a class.
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { OPENS_MINUTES_BEFORE, attendanceWindow, lessonPhase, summarizeAttendance } from '../../shared/attendance-rules.ts';
import { dayOf, timeOf } from '../../shared/calendar.ts';
import {
  type AttendanceCounts,
  type AttendanceStatus,
  type AttendanceSummary,
  type Lesson,
  type RosterEntry,
  type TraineeAttendance,
} from '../../shared/schemas/lessons.ts';
import type { Db, Tx } from '../db/client.ts';
import { attendance, courseAccess, lesson, user } from '../db/schema.ts';

export type LessonRow = typeof lesson.$inferSelect;

/** The trainees of a course: students with the course enabled. */
export const enrolledIn = (courseId: string) =>
  and(
    eq(user.role, 'student'),
    sql`exists (select 1 from ${courseAccess} where ${courseAccess.userId} = ${user.id} and ${courseAccess.courseId} = ${courseId} and ${courseAccess.enabled})`,
  )!;

/** How many trainees a course has. */
export async function enrolledCount(db: Db | Tx, courseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(enrolledIn(courseId));
  return Number(row?.n ?? 0);
}

const noCounts = (): AttendanceCounts => ({ presente: 0, tarde: 0, justificado: 0, ausente: 0 });

/** Each class's counts per status, by class id. */
async function countsOf(db: Db | Tx, lessonIds: string[]): Promise<Map<string, AttendanceCounts>> {
  const counts = new Map(lessonIds.map((id) => [id, noCounts()]));
  if (lessonIds.length === 0) return counts;
  const rows = await db
    .select({ lessonId: attendance.lessonId, status: attendance.status, n: sql<number>`count(*)::int` })
    .from(attendance)
    .where(inArray(attendance.lessonId, lessonIds))
    .groupBy(attendance.lessonId, attendance.status);
  for (const row of rows) counts.get(row.lessonId)![row.status] = Number(row.n);
  return counts;
}

/** The one shape of a class, for the instructor (its secret never leaves the server). */
export function presentLesson(row: LessonRow, counts: AttendanceCounts, enrolled: number, now: Date): Lesson {
  return {
    id: row.id,
    courseId: row.courseId,
    date: dayOf(row.startsAt),
    time: timeOf(row.startsAt),
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    place: row.place,
    topic: row.topic,
    cancelled: row.cancelledAt !== null,
    phase: lessonPhase(row, now),
    counts,
    enrolled,
  };
}

/** A class by id, or undefined. */
export async function readLesson(db: Db | Tx, lessonId: string): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lesson).where(eq(lesson.id, lessonId));
  return row;
}

/** A course's classes in date order. */
export const lessonsOf = (db: Db | Tx, courseId: string) =>
  db.select().from(lesson).where(eq(lesson.courseId, courseId)).orderBy(asc(lesson.startsAt), asc(lesson.id));

/** A course's classes in date order, each with its counts. */
export async function listLessons(db: Db, courseId: string, now: Date): Promise<{ enrolled: number; lessons: Lesson[] }> {
  const rows = await lessonsOf(db, courseId);
  const enrolled = await enrolledCount(db, courseId);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return { enrolled, lessons: rows.map((row) => presentLesson(row, counts.get(row.id)!, enrolled, now)) };
}

/** One class with its counts. */
export async function presentLessonOf(db: Db | Tx, row: LessonRow, now: Date): Promise<Lesson> {
  const counts = await countsOf(db, [row.id]);
  return presentLesson(row, counts.get(row.id)!, await enrolledCount(db, row.courseId), now);
}

/**
 * A class's list: every trainee of its course, and anyone marked in it whose course was blocked
 * since (their mark stays visible), by name.
 */
export async function rosterOf(db: Db | Tx, row: LessonRow, onlyUserId?: string): Promise<RosterEntry[]> {
  const enrolled = enrolledIn(row.courseId);
  const rows = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      status: attendance.status,
      source: attendance.source,
      markedAt: attendance.markedAt,
      enrolled: sql<boolean>`${enrolled}`,
    })
    .from(user)
    .leftJoin(attendance, and(eq(attendance.userId, user.id), eq(attendance.lessonId, row.id)))
    .where(
      and(
        or(enrolled, and(eq(user.role, 'student'), sql`${attendance.userId} is not null`)),
        onlyUserId ? eq(user.id, onlyUserId) : undefined,
      ),
    )
    .orderBy(asc(user.name), asc(user.id));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    status: r.status ?? null,
    source: r.source ?? null,
    markedAt: r.markedAt ? new Date(r.markedAt).toISOString() : null,
    enrolled: Boolean(r.enrolled),
  }));
}

/** Each trainee's status in each class of `lessonIds`, by `${lessonId}:${userId}`. */
async function statusesOf(db: Db | Tx, lessonIds: string[], userIds: string[]): Promise<Map<string, AttendanceStatus>> {
  if (lessonIds.length === 0 || userIds.length === 0) return new Map();
  const rows = await db
    .select({ lessonId: attendance.lessonId, userId: attendance.userId, status: attendance.status })
    .from(attendance)
    .where(and(inArray(attendance.lessonId, lessonIds), inArray(attendance.userId, userIds)));
  return new Map(rows.map((row) => [`${row.lessonId}:${row.userId}`, row.status]));
}

/** Each trainee's attendance in a course: of the classes that have started by `now`, how many they attended. */
export async function attendanceSummaries(db: Db, courseId: string, userIds: string[], now: Date): Promise<Map<string, AttendanceSummary>> {
  const held = await db
    .select({ id: lesson.id })
    .from(lesson)
    .where(and(eq(lesson.courseId, courseId), lte(lesson.startsAt, now)));
  const ids = held.map((row) => row.id);
  const statuses = await statusesOf(db, ids, userIds);
  return new Map(userIds.map((userId) => [userId, summarizeAttendance(ids.map((id) => statuses.get(`${id}:${userId}`) ?? null))]));
}

/**
 * Each trainee's attendance as the approval requirements read it: the classes that started by `now`
 * and count (a 'Justificado' one does not), those attended, and the course's classes still to come.
 */
export async function attendanceFacts(
  db: Db | Tx,
  courseId: string,
  userIds: string[],
  now: Date,
): Promise<Map<string, { attended: number; counted: number; upcoming: number }>> {
  const rows = await db.select({ id: lesson.id, startsAt: lesson.startsAt }).from(lesson).where(eq(lesson.courseId, courseId));
  const held = rows.filter((row) => row.startsAt.getTime() <= now.getTime()).map((row) => row.id);
  const upcoming = rows.length - held.length;
  const statuses = await statusesOf(db, held, userIds);
  return new Map(
    userIds.map((userId) => {
      const summary = summarizeAttendance(held.map((id) => statuses.get(`${id}:${userId}`) ?? null));
      return [userId, { attended: summary.attended, counted: summary.held - summary.justified, upcoming }];
    }),
  );
}

/** A trainee's status in every class of a course, in date order, and their attendance so far. */
export async function traineeAttendance(db: Db, courseId: string, userId: string, now: Date): Promise<TraineeAttendance> {
  const rows = await lessonsOf(db, courseId);
  const statuses = await statusesOf(
    db,
    rows.map((row) => row.id),
    [userId],
  );
  const statusOf = (row: LessonRow) => statuses.get(`${row.id}:${userId}`) ?? null;
  return {
    summary: summarizeAttendance(rows.filter((row) => row.startsAt.getTime() <= now.getTime()).map(statusOf)),
    lessons: rows.map((row) => ({
      id: row.id,
      date: dayOf(row.startsAt),
      time: timeOf(row.startsAt),
      topic: row.topic,
      place: row.place,
      status: statusOf(row),
    })),
  };
}

/** The course's classes that may take attendance around `now` (the code check picks the open one). */
export async function lessonsAround(db: Db | Tx, courseId: string, now: Date): Promise<LessonRow[]> {
  const rows = await db
    .select()
    .from(lesson)
    .where(
      and(
        eq(lesson.courseId, courseId),
        // A cancelled class takes no attendance.
        sql`${lesson.cancelledAt} is null`,
        // Opened already (30 minutes before it starts), and not over.
        sql`${lesson.startsAt} <= ${new Date(now.getTime() + OPENS_MINUTES_BEFORE * 60_000).toISOString()}::timestamptz`,
        sql`${lesson.startsAt} + make_interval(mins => ${lesson.durationMinutes}) > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(lesson.startsAt));
  return rows;
}

/** The window of a class as ISO strings. */
export function windowOf(row: LessonRow) {
  const { opensAt, closesAt } = attendanceWindow(row);
  return { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() };
}

/**
 * The link a class's QR code holds: the trainee's 'Marcar asistencia' page with the code filled in
 * (the client's `paths.markAttendance`; the server does not import the client, a test checks they agree).
 */
export const markAttendanceLink = (publicUrl: string, courseId: string, code: string) =>
  `${publicUrl}/${encodeURIComponent(courseId)}/asistencia?codigo=${encodeURIComponent(code)}`;

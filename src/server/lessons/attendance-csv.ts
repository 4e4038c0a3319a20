// 'Descargar CSV' of a course's attendance: one row per trainee, one column per class with their
// status, and their percentage, as Excel in Spanish opens it (files/csv-out.ts escapes formulas).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { hasStarted, summarizeAttendance } from '../../shared/attendance-rules.ts';
import { dayText } from '../../shared/calendar.ts';
import { attendanceStatusLabels, type AttendanceStatus } from '../../shared/schemas/lessons.ts';
import { findCourse } from '../courses/service.ts';
import type { Db } from '../db/client.ts';
import { attendance, lesson, user } from '../db/schema.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { enrolledIn, lessonsOf, presentLesson } from './read.ts';

/** The course's trainees, and anyone marked in one of its classes whose course was blocked since, by name. */
function traineesOf(db: Db, courseId: string) {
  const markedHere = sql`exists (select 1 from ${attendance} join ${lesson} on ${lesson.id} = ${attendance.lessonId}
    where ${attendance.userId} = ${user.id} and ${lesson.courseId} = ${courseId})`;
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(or(enrolledIn(courseId), and(eq(user.role, 'student'), markedHere)))
    .orderBy(asc(user.name), asc(user.id));
}

export async function attendanceCsv(db: Db, courseId: string, now: Date) {
  const course = await findCourse(db, courseId);
  const lessons = await lessonsOf(db, courseId);
  const trainees = await traineesOf(db, courseId);
  const marks =
    lessons.length === 0
      ? []
      : await db
          .select({ lessonId: attendance.lessonId, userId: attendance.userId, status: attendance.status })
          .from(attendance)
          .where(
            inArray(
              attendance.lessonId,
              lessons.map((l) => l.id),
            ),
          );
  const statusOf = new Map(marks.map((m) => [`${m.lessonId}:${m.userId}`, m.status]));
  const columns = lessons.map((row) => {
    const shown = presentLesson(row, { presente: 0, tarde: 0, justificado: 0, ausente: 0 }, 0, now);
    return [dayText(shown.date), shown.time, shown.topic].filter(Boolean).join(' ');
  });
  const lines = [['Alumno', 'Email', ...columns, 'Asistencia']];
  for (const trainee of trainees) {
    const statuses: Array<AttendanceStatus | null> = lessons.map((row) => statusOf.get(`${row.id}:${trainee.id}`) ?? null);
    const held = statuses.filter((_, i) => hasStarted(lessons[i]!, now));
    const { percent } = summarizeAttendance(held);
    lines.push([
      trainee.name,
      trainee.email,
      ...statuses.map((status) => (status ? attendanceStatusLabels[status] : '')),
      percent === null ? '' : `${percent} %`,
    ]);
  }
  return { filename: `asistencia-${fileSlug(course.name, 'curso')}.csv`, body: csvDocument(lines) };
}

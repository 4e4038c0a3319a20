// The dates of a person's courses, read for their calendar: classes (place and topic, cancelled ones
// marked so), instalments still to pay, exam windows and the licence's expiry. One statement per
// kind, bounded in time, so a feed answers quickly whatever the number of courses.
import { sql } from 'drizzle-orm';
import { addDays, dayOf } from '../../shared/calendar.ts';
import { noticeMessages } from '../../shared/messages.ts';
import { pesos } from '../../shared/money.ts';
import { uncovered, type Instalment } from '../../shared/payment-rules.ts';
import type { Db } from '../db/client.ts';
import { momentText } from '../../shared/calendar.ts';

export interface CalendarEvent {
  /** Stable across reads and changes: a class that moves keeps its id, so calendars move it. */
  id: string;
  start: Date;
  end: Date;
  /** A whole day ('yyyy-mm-dd' in `start`'s place), for due dates and expiries. */
  day?: string;
  summary: string;
  location?: string;
  description?: string;
  cancelled: boolean;
  /** The app's page for it (a path). */
  path: string;
  updatedAt: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a feed reaches: the last months' classes stay in the calendar, older ones fall off. */
const PAST_DAYS = 120;

/** The courses a person takes (enabled, not archived) or works in (their team), as SQL on `c`. */
const theirCourses = (userId: string) => sql`c.archived_at is null and (
  exists (select 1 from course_access ca where ca.course_id = c.id and ca.user_id = ${userId} and ca.enabled)
  or exists (select 1 from course_staff cs where cs.course_id = c.id and cs.user_id = ${userId}))`;

type LessonRow = {
  id: string;
  course_id: string;
  course_name: string;
  starts_at: string | Date;
  duration_minutes: number;
  place: string;
  topic: string;
  cancelled_at: string | Date | null;
  updated_at: string | Date;
};

export function lessonEvent(row: LessonRow): CalendarEvent {
  const start = new Date(row.starts_at);
  const summary = noticeMessages.lessonSummary(row.course_name, row.topic);
  const cancelled = row.cancelled_at !== null;
  return {
    id: `clase-${row.id}`,
    start,
    end: new Date(start.getTime() + row.duration_minutes * 60_000),
    summary: cancelled ? `${noticeMessages.cancelledPrefix}${summary}` : summary,
    ...(row.place ? { location: row.place } : {}),
    ...(row.topic ? { description: row.topic } : {}),
    cancelled,
    path: `/${encodeURIComponent(row.course_id)}`,
    updatedAt: new Date(row.updated_at),
  };
}

type ExamRow = {
  id: string;
  title: string;
  module_id: string;
  course_id: string;
  course_name: string;
  opens_at: string | Date;
  closes_at: string | Date | null;
  time_minutes: number;
  updated_at: string | Date;
};

export function examEvent(row: ExamRow): CalendarEvent {
  const start = new Date(row.opens_at);
  const closes = row.closes_at ? new Date(row.closes_at) : null;
  return {
    id: `examen-${row.id}`,
    start,
    // No close: the length of one attempt from its opening.
    end: closes ?? new Date(start.getTime() + row.time_minutes * 60_000),
    summary: noticeMessages.examSummary(row.title, row.course_name),
    description: noticeMessages.examDescription(closes ? momentText(closes) : null),
    cancelled: false,
    path: `/${encodeURIComponent(row.course_id)}/${encodeURIComponent(row.module_id)}/examen/${encodeURIComponent(row.id)}`,
    updatedAt: new Date(row.updated_at),
  };
}

const lessonColumns = sql`l.id, l.course_id, c.name as course_name, l.starts_at, l.duration_minutes, l.place, l.topic, l.cancelled_at, l.updated_at`;
const examColumns = sql`e.id, e.title, e.module_id, e.course_id, c.name as course_name, e.opens_at, e.closes_at, e.time_minutes, e.updated_at`;

async function lessonsFor(db: Db, userId: string, since: Date): Promise<CalendarEvent[]> {
  const rows = rowsOf<LessonRow>(
    await db.execute(sql`select ${lessonColumns} from lesson l join course c on c.id = l.course_id
      where ${theirCourses(userId)} and l.starts_at >= ${since.toISOString()}::timestamptz order by l.starts_at limit 1000`),
  );
  return rows.map(lessonEvent);
}

/** Exam windows: a trainee's, of the modules they have; the team's, of their courses. */
async function examsFor(db: Db, userId: string, since: Date): Promise<CalendarEvent[]> {
  const rows = rowsOf<ExamRow>(
    await db.execute(sql`select ${examColumns} from exam e join course c on c.id = e.course_id
      where c.archived_at is null and e.opens_at is not null and coalesce(e.closes_at, e.opens_at) >= ${since.toISOString()}::timestamptz
        and (exists (select 1 from course_staff cs where cs.course_id = c.id and cs.user_id = ${userId})
             or (exists (select 1 from course_access ca where ca.course_id = c.id and ca.user_id = ${userId} and ca.enabled)
                 and exists (select 1 from module_access ma where ma.module_id = e.module_id and ma.user_id = ${userId} and ma.enabled)))
      order by e.opens_at limit 500`),
  );
  return rows.map(examEvent);
}

/** The trainee's instalments that their payments do not cover yet, on their due day. */
async function instalmentsFor(db: Db, userId: string): Promise<CalendarEvent[]> {
  const rows = rowsOf<{
    course_id: string;
    course_name: string;
    instalments: Instalment[];
    paid: string | number;
    updated_at: string | Date;
  }>(
    await db.execute(sql`select c.id as course_id, c.name as course_name, o.instalments, tp.updated_at,
        coalesce((select sum(p.amount) from payment p where p.course_id = c.id and p.user_id = ${userId}), 0) as paid
      from trainee_plan tp join payment_option o on o.id = tp.option_id join course c on c.id = tp.course_id
      where tp.user_id = ${userId} and c.archived_at is null
        and exists (select 1 from course_access ca where ca.course_id = c.id and ca.user_id = ${userId} and ca.enabled)`),
  );
  return rows.flatMap((row) =>
    uncovered(row.instalments, Number(row.paid))
      .filter((instalment) => instalment.left > 0)
      .map((instalment) =>
        dayEvent({
          id: `cuota-${row.course_id}-${instalment.dueDate}`,
          day: instalment.dueDate,
          summary: noticeMessages.instalmentSummary(pesos(instalment.left), row.course_name),
          path: '/mi-cuenta',
          updatedAt: new Date(row.updated_at),
        }),
      ),
  );
}

async function licencesFor(db: Db, userId: string): Promise<CalendarEvent[]> {
  const rows = rowsOf<{ id: string; level: string; course_name: string; expires_on: string; issued_at: string | Date }>(
    await db.execute(sql`select id, level, course_name, expires_on::text as expires_on, issued_at from certificate
      where user_id = ${userId} and revoked_at is null order by expires_on limit 50`),
  );
  return rows.map((row) =>
    dayEvent({
      id: `licencia-${row.id}`,
      day: row.expires_on,
      summary: noticeMessages.licenceSummary(row.level),
      description: row.course_name,
      path: '/mi-cuenta/certificados',
      updatedAt: new Date(row.issued_at),
    }),
  );
}

function dayEvent(input: { id: string; day: string; summary: string; description?: string; path: string; updatedAt: Date }): CalendarEvent {
  const start = new Date(`${input.day}T00:00:00Z`);
  return {
    id: input.id,
    start,
    end: new Date(start.getTime() + DAY_MS),
    day: input.day,
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    cancelled: false,
    path: input.path,
    updatedAt: input.updatedAt,
  };
}

/** Every date of a person's courses for their feed, from a few months back. */
export async function calendarEventsOf(db: Db, userId: string, now: Date): Promise<CalendarEvent[]> {
  const since = new Date(now.getTime() - PAST_DAYS * DAY_MS);
  const [lessons, exams, instalments, licences] = await Promise.all([
    lessonsFor(db, userId, since),
    examsFor(db, userId, since),
    instalmentsFor(db, userId),
    licencesFor(db, userId),
  ]);
  const from = addDays(dayOf(now), -PAST_DAYS);
  return [...lessons, ...exams, ...instalments.filter((event) => event.day! >= from), ...licences];
}

/** One class, for its .ics download. */
export async function lessonEventById(db: Db, lessonId: string): Promise<CalendarEvent | undefined> {
  const [row] = rowsOf<LessonRow>(
    await db.execute(sql`select ${lessonColumns} from lesson l join course c on c.id = l.course_id where l.id = ${lessonId}`),
  );
  return row && lessonEvent(row);
}

/** One exam's window, for its .ics download (none while it has no 'Abre'). */
export async function examEventById(db: Db, examId: string): Promise<CalendarEvent | undefined> {
  const [row] = rowsOf<ExamRow>(
    await db.execute(
      sql`select ${examColumns} from exam e join course c on c.id = e.course_id where e.id = ${examId} and e.opens_at is not null`,
    ),
  );
  return row && examEvent(row);
}

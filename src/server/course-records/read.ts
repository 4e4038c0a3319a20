// Reading a course's records ('Acta del curso'): the list, one record, and the document its files
// print — a closed record's from its stored row only, the draft's from the live outcomes.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { RecordRow } from '../../shared/approval-rules.ts';
import { dayOf } from '../../shared/calendar.ts';
import { courseRecordMessages } from '../../shared/messages.ts';
import type { CourseRecordList, CourseRecordSummary } from '../../shared/schemas/course-records.ts';
import { courseApproval, type CourseRecordRow } from '../approval/read.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { courseRecord, lesson } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { examsOfRows, type RecordDocument } from './document.ts';

export const recordNotFound = () => notFound(courseRecordMessages.recordNotFound);

const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
/** A record's rows as Spanish sorts names (Ávila with the A, Ñandú after Nuñez), whatever the database's collation. */
export const byName = (rows: RecordRow[]) => rows.sort((a, b) => spanish.compare(a.name, b.name) || a.userId.localeCompare(b.userId));

/** The one JSON of a record. */
export function presentRecord(
  row: Pick<CourseRecordRow, 'id' | 'number' | 'closedAt' | 'closedByName' | 'supersededAt' | 'rows'>,
): CourseRecordSummary {
  return {
    id: row.id,
    number: row.number,
    closedAt: row.closedAt.toISOString(),
    closedByName: row.closedByName,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    traineeCount: row.rows.length,
    aptoCount: row.rows.filter((r) => r.outcome === 'apto').length,
  };
}

/** The course's records, newest first, and whether it is open (none in force). */
export async function listRecords(db: Db | Tx, courseId: string): Promise<CourseRecordList> {
  await findCourse(db, courseId);
  const rows = await db.select().from(courseRecord).where(eq(courseRecord.courseId, courseId)).orderBy(desc(courseRecord.number));
  return { open: rows.every((row) => row.supersededAt !== null), records: rows.map(presentRecord) };
}

export async function findRecord(db: Db | Tx, recordId: string): Promise<CourseRecordRow> {
  const [row] = await db.select().from(courseRecord).where(eq(courseRecord.id, recordId));
  if (!row) throw recordNotFound();
  return row;
}

/** The first and last day the course had a class, in the course's zone (null without classes). */
export async function classSpan(db: Db | Tx, courseId: string): Promise<{ firstDay: string | null; lastDay: string | null }> {
  const [span] = await db
    .select({
      first: sql<Date | null>`min(${lesson.startsAt})`.mapWith(lesson.startsAt),
      last: sql<Date | null>`max(${lesson.startsAt})`.mapWith(lesson.startsAt),
    })
    .from(lesson)
    .where(eq(lesson.courseId, courseId));
  return { firstDay: span?.first ? dayOf(span.first) : null, lastDay: span?.last ? dayOf(span.last) : null };
}

/** The record before `number` in the course: the one a record closed after a correction replaces. */
async function recordBefore(db: Db | Tx, courseId: string, number: number): Promise<RecordDocument['rectifies']> {
  const [previous] = await db
    .select({ number: courseRecord.number, closedAt: courseRecord.closedAt })
    .from(courseRecord)
    .where(and(eq(courseRecord.courseId, courseId), lt(courseRecord.number, number)))
    .orderBy(desc(courseRecord.number))
    .limit(1);
  return previous ? { number: previous.number, day: dayOf(previous.closedAt) } : null;
}

/** A closed record's document: its stored row as it was closed (and the record it corrected). */
export async function closedDocument(db: Db | Tx, row: CourseRecordRow): Promise<RecordDocument> {
  return {
    number: row.number,
    courseName: row.courseName,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    requirements: row.requirements,
    exams: examsOfRows(row.rows),
    rows: row.rows,
    instructorName: row.closedByName,
    day: dayOf(row.closedAt),
    rectifies: await recordBefore(db, row.courseId, row.number),
    created: row.closedAt,
  };
}

/**
 * The record as it would be closed now, with the live outcomes ('En curso' stays so: the draft
 * shows where everyone stands). 409 while a record is in force: that one is the course's record.
 */
export async function draftDocument(db: Db | Tx, courseId: string, now: Date, instructorName: string): Promise<RecordDocument> {
  const course = await findCourse(db, courseId);
  const approval = await courseApproval(db, courseId, now);
  if (approval.closedRecord) throw conflict(courseRecordMessages.draftOfClosed);
  const rows: RecordRow[] = byName(
    approval.trainees.map((trainee) => ({
      userId: trainee.id,
      name: trainee.name,
      email: trainee.email,
      outcome: trainee.outcome,
      results: trainee.results,
      summary: trainee.summary,
    })),
  );
  const [last] = await db
    .select({ number: courseRecord.number })
    .from(courseRecord)
    .where(eq(courseRecord.courseId, courseId))
    .orderBy(desc(courseRecord.number))
    .limit(1);
  return {
    number: null,
    courseName: course.name,
    ...(await classSpan(db, courseId)),
    requirements: approval.requirements,
    exams: approval.exams,
    rows,
    instructorName,
    day: dayOf(now),
    rectifies: last ? await recordBefore(db, courseId, last.number + 1) : null,
    created: now,
  };
}

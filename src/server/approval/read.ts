// Who is 'Apto': each trainee's facts (shared/approval-rules.ts `TraineeFacts`) gathered from the
// batch read of each part of the record — a handful of statements for the whole class, whatever
// its size — and judged against the course's requirements. While a course record is closed, the
// outcomes are the record's, as issued.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  closingOutcome,
  decideOutcome,
  noRequirements,
  type ApprovalRequirements,
  type RecordRow,
  type TraineeFacts,
  type TraineeOutcome,
} from '../../shared/approval-rules.ts';
import { dayOf } from '../../shared/calendar.ts';
import type { CourseApproval } from '../../shared/schemas/approval.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, courseRecord, user } from '../db/schema.ts';
import { findCourse } from '../courses/service.ts';
import { approvedActivityCounts } from '../activities/read.ts';
import { examStandings } from '../exams/read.ts';
import { fitnessStatuses } from '../fitness/read.ts';
import { courseJugadaScores } from '../jugadas/score.ts';
import { attendanceFacts, enrolledIn } from '../lessons/read.ts';
import { modulesWithQuestions } from '../modules/read.ts';
import { observationAverages } from '../observations/read.ts';
import { paymentStatuses } from '../payments/read.ts';

export type { CourseApproval } from '../../shared/schemas/approval.ts';

type CourseRow = typeof course.$inferSelect;

/** The course's requirements, every key present (a row written before a key existed gets its 'asks nothing'). */
export const requirementsOf = (row: Pick<CourseRow, 'requirements'>): ApprovalRequirements => ({ ...noRequirements, ...row.requirements });

/** The ids of the course's trainees: students with the course enabled, by name. */
async function traineeIds(db: Db | Tx, courseId: string): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(enrolledIn(courseId)).orderBy(asc(user.name), asc(user.id));
  return rows.map((row) => row.id);
}

/**
 * The facts of every trainee of the course (students with the course enabled), or only of
 * `userIds` (enrolled or not). One batch read per part of the record, whatever the number of trainees.
 */
export async function courseFacts(db: Db | Tx, courseId: string, now: Date, userIds?: string[]): Promise<Map<string, TraineeFacts>> {
  const ids = userIds ?? (await traineeIds(db, courseId));
  if (ids.length === 0) return new Map();
  const [attendance, exams, approved, jugadas, fitness, observations, payments] = await Promise.all([
    attendanceFacts(db, courseId, ids, now),
    examStandings(db, courseId, ids, now),
    modulesWithQuestions(db, courseId).then(async (moduleIds) => ({
      total: moduleIds.length,
      of: await approvedActivityCounts(db, moduleIds, ids),
    })),
    courseJugadaScores(db, courseId, ids),
    fitnessStatuses(db, courseId, ids),
    observationAverages(db, courseId, ids),
    paymentStatuses(db, courseId, ids, dayOf(now)),
  ]);
  return new Map(
    ids.map((id): [string, TraineeFacts] => [
      id,
      {
        attendance: attendance.get(id) ?? { attended: 0, counted: 0, upcoming: 0 },
        exams: exams.of(id),
        activities: { total: approved.total, approved: approved.of.get(id) ?? 0 },
        jugadas: { total: jugadas.total, ...jugadas.of(id) },
        fitness: fitness.get(id) ?? null,
        observationAverage: observations.get(id)?.average ?? null,
        owed: payments.get(id)?.owed ?? 0,
      },
    ]),
  );
}

export type CourseRecordRow = typeof courseRecord.$inferSelect;

/** The course's closed record in force (not superseded; the newest), or null while none is closed. */
export async function currentRecord(db: Db | Tx, courseId: string): Promise<CourseRecordRow | null> {
  const [row] = await db
    .select()
    .from(courseRecord)
    .where(and(eq(courseRecord.courseId, courseId), isNull(courseRecord.supersededAt)))
    .orderBy(desc(courseRecord.number))
    .limit(1);
  return row ?? null;
}

/** A frozen row's outcome (the record keeps the whole `RecordRow`). */
const outcomeOfRow = (row: RecordRow): TraineeOutcome => ({ outcome: row.outcome, results: row.results, summary: row.summary });

/**
 * Each of `userIds`'s outcome in the course: from the closed record in force when they are in it;
 * otherwise judged now — and, while a record is closed, as the record would have written it
 * (what is missing can no longer be met). Facts are read only for those not in the record.
 */
export async function traineeOutcomes(
  db: Db | Tx,
  courseRow: Pick<CourseRow, 'id' | 'requirements'>,
  now: Date,
  userIds: string[],
  /** The record in force, when the caller already read it. */
  known?: { record: CourseRecordRow | null },
): Promise<Map<string, TraineeOutcome>> {
  const record = known ? known.record : await currentRecord(db, courseRow.id);
  const frozen = new Map((record?.rows ?? []).map((row) => [row.userId, outcomeOfRow(row)]));
  const live = userIds.filter((id) => !frozen.has(id));
  const facts = live.length ? await courseFacts(db, courseRow.id, now, live) : new Map<string, TraineeFacts>();
  const requirements = requirementsOf(courseRow);
  return new Map(
    userIds.map((id) => {
      const kept = frozen.get(id);
      if (kept) return [id, kept];
      const decided = decideOutcome(requirements, facts.get(id)!);
      return [id, record ? closingOutcome(decided) : decided];
    }),
  );
}

/**
 * The approval page: the requirements, the licence, the course's exams, the closed record in force,
 * and every trainee's outcome (students with the course enabled, or only `userIds` among those
 * given the course), by name. Throws the course's 404 when it does not exist.
 */
export async function courseApproval(db: Db | Tx, courseId: string, now: Date, userIds?: string[]): Promise<CourseApproval> {
  const courseRow = await findCourse(db, courseId);
  const trainees = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      userIds
        ? and(
            eq(user.role, 'student'),
            inArray(user.id, userIds.length ? userIds : ['']),
            // Only trainees given the course (enabled now or blocked since).
            inArray(user.id, db.select({ id: courseAccess.userId }).from(courseAccess).where(eq(courseAccess.courseId, courseId))),
          )
        : enrolledIn(courseId),
    )
    .orderBy(asc(user.name), asc(user.id));
  const record = await currentRecord(db, courseId);
  const [standings, outcomes] = await Promise.all([
    examStandings(db, courseId, [], now),
    traineeOutcomes(
      db,
      courseRow,
      now,
      trainees.map((t) => t.id),
      { record },
    ),
  ]);
  return {
    course: { id: courseRow.id, name: courseRow.name },
    requirements: requirementsOf(courseRow),
    licence: { level: courseRow.licenceLevel, rulesEdition: courseRow.rulesEdition, months: courseRow.licenceMonths },
    signer: { name: courseRow.certificateSignerName, title: courseRow.certificateSignerTitle },
    exams: standings.exams,
    closedRecord: record
      ? { id: record.id, number: record.number, closedAt: record.closedAt.toISOString(), closedByName: record.closedByName }
      : null,
    trainees: trainees.map((t) => ({ ...t, ...outcomes.get(t.id)! })),
  };
}

/** One trainee's outcome in the course (enrolled or not: the trainee's page reads a blocked trainee's too). */
export async function traineeApproval(db: Db | Tx, courseId: string, userId: string, now: Date): Promise<TraineeOutcome> {
  const courseRow = await findCourse(db, courseId);
  const outcomes = await traineeOutcomes(db, courseRow, now, [userId]);
  return outcomes.get(userId)!;
}

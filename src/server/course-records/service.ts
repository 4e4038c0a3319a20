// Closing the course's record ('Cerrar acta') and correcting it ('Corregir acta'). Both lock the
// course's row first: two instructors closing at once make one record, the second is told it is
// closed already. A closed record never changes; a correction marks it replaced and opens the course.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { closingOutcome, type RecordRow } from '../../shared/approval-rules.ts';
import { courseRecordMessages as m } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { CourseRecordChange, CourseRecordSummary } from '../../shared/schemas/course-records.ts';
import { courseApproval, currentRecord } from '../approval/read.ts';
import { courseNotFound } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseRecord } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { logChange } from '../record/changes.ts';
import { byName, classSpan, presentRecord, recordNotFound } from './read.ts';

type Admin = Pick<SessionUser, 'id' | 'name'>;

/** The course's row, locked until the transaction ends (404 when there is no such course). */
async function lockCourse(tx: Tx, courseId: string) {
  const [row] = await tx.select({ id: course.id, name: course.name }).from(course).where(eq(course.id, courseId)).for('update');
  if (!row) throw courseNotFound();
  return row;
}

/**
 * 'Cerrar acta': the record with the next number, the course's name and classes, its requirements
 * and every trainee's results and outcome as they stand, what is still missing written down as
 * 'No apto'. 409 when a record is in force already, or when the course has no trainees.
 */
export async function closeRecord(db: Db | Tx, courseId: string, admin: Admin, now: Date): Promise<CourseRecordSummary> {
  return db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (await currentRecord(tx, courseId)) throw conflict(m.alreadyClosed);
    const approval = await courseApproval(tx, courseId, now);
    if (approval.trainees.length === 0) throw conflict(m.noTrainees);
    const rows: RecordRow[] = byName(
      approval.trainees.map(({ id, name, email, outcome, results, summary }) => ({
        userId: id,
        name,
        email,
        ...closingOutcome({ outcome, results, summary }),
      })),
    );
    const [last] = await tx
      .select({ number: courseRecord.number })
      .from(courseRecord)
      .where(eq(courseRecord.courseId, courseId))
      .orderBy(desc(courseRecord.number))
      .limit(1);
    const [row] = await tx
      .insert(courseRecord)
      .values({
        id: randomUUID(),
        courseId,
        number: (last?.number ?? 0) + 1,
        courseName: locked.name,
        ...(await classSpan(tx, courseId)),
        requirements: approval.requirements,
        rows,
        closedAt: now,
        closedBy: admin.id,
        closedByName: admin.name,
      })
      .returning();
    const record = presentRecord(row!);
    await logChange(tx, {
      kind: 'aprobacion',
      courseId,
      userId: null,
      actor: admin,
      summary: m.closedLogged(record.number, record.aptoCount, record.traineeCount),
    });
    return record;
  });
}

/**
 * 'Corregir acta': the record in force is kept as issued and marked replaced ('Reemplazada'); the
 * course is open again, and the record closed next says which one it corrects. 404 for a record of
 * another course; 409 for one that is not the one in force.
 */
export async function supersedeRecord(db: Db, courseId: string, recordId: string, admin: Admin, now: Date): Promise<CourseRecordChange> {
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [target] = await tx
      .select({ id: courseRecord.id })
      .from(courseRecord)
      .where(and(eq(courseRecord.id, recordId), eq(courseRecord.courseId, courseId)));
    if (!target) throw recordNotFound();
    const inForce = await currentRecord(tx, courseId);
    if (inForce?.id !== recordId) throw conflict(m.notInForce);
    const [row] = await tx.update(courseRecord).set({ supersededAt: now }).where(eq(courseRecord.id, recordId)).returning();
    await logChange(tx, { kind: 'aprobacion', courseId, userId: null, actor: admin, summary: m.supersededLogged(row!.number) });
    return { record: presentRecord(row!), message: m.reopened };
  });
}

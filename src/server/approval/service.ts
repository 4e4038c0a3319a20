// 'Requisitos de aprobación' saved: the requirements and the licence settings of a course, refused
// while a course record is closed (its results must not change), logged in the course's history.
import { eq, sql } from 'drizzle-orm';
import { noRequirements, type ApprovalRequirements } from '../../shared/approval-rules.ts';
import { approvalMessages as m } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { ApprovalInput } from '../../shared/schemas/approval.ts';
import type { Db } from '../db/client.ts';
import { course } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import { courseNotFound } from '../courses/service.ts';
import { courseExams } from '../exams/read.ts';
import { logChange } from '../record/changes.ts';
import { currentRecord, requirementsOf } from './read.ts';

/** Same requirements, whatever the order of their keys (jsonb keeps its own). */
const sameRequirements = (a: ApprovalRequirements, b: ApprovalRequirements) =>
  JSON.stringify({ ...noRequirements, ...a }) === JSON.stringify({ ...noRequirements, ...b });

/**
 * Saves the course's requirements and licence. The course's row is locked for the transaction, so
 * closing a record (which locks it too) and this never cross: either the record sees the new
 * requirements, or this sees the record and answers 409.
 */
export async function saveApproval(db: Db, courseId: string, input: ApprovalInput, actor: Pick<SessionUser, 'id' | 'name'>) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(course).where(eq(course.id, courseId)).for('update');
    if (!row) throw courseNotFound();
    if (await currentRecord(tx, courseId)) throw conflict(m.recordClosed);
    const exams = await courseExams(tx, courseId);
    const examIds = [...new Set(input.requirements.examIds)];
    if (examIds.some((id) => !exams.some((e) => e.id === id))) {
      throw badRequest(m.examNotInCourse, { 'requirements.examIds': m.examNotInCourse });
    }
    const requirements = { ...input.requirements, examIds };
    const licence = input.licence;
    const unchanged =
      sameRequirements(requirementsOf(row), requirements) &&
      row.licenceLevel === licence.level &&
      row.rulesEdition === licence.rulesEdition &&
      row.licenceMonths === licence.months;
    if (unchanged) return;
    await tx
      .update(course)
      .set({
        requirements,
        licenceLevel: licence.level,
        rulesEdition: licence.rulesEdition,
        licenceMonths: licence.months,
        updatedAt: sql`now()`,
      })
      .where(eq(course.id, courseId));
    const titles = examIds.map((id) => exams.find((e) => e.id === id)!.title);
    await logChange(tx, {
      kind: 'aprobacion',
      courseId,
      userId: null,
      actor,
      summary: m.requirementsLogged(requirements, titles, licence),
    });
  });
}

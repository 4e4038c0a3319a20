// Archive instead of losing work: an archived course or module is hidden from students (the
// access checks treat it as not enabled) and everything they wrote is kept; one with no student
// work yet may be deleted outright.
import { eq, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseModule } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { findModule } from '../modules/service.ts';
import { findCourse } from './service.ts';

/**
 * Whether any student did something in the modules `moduleIds` selects: an answer written or
 * submitted, a correction, a forum message, a jugada answered.
 */
async function hasStudentWork(tx: Tx, moduleIds: SQL): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select (
      exists (select 1 from activity a where a.module_id in (${moduleIds})
              and (a.submitted_at is not null or a.corrected_at is not null
                   or exists (select 1 from activity_item i where i.activity_id = a.id and coalesce(i.answer, '') <> '')))
      or exists (select 1 from forum_message f where f.module_id in (${moduleIds}) and not f.is_admin)
      or exists (select 1 from jugada_answer ja join jugada j on j.id = ja.jugada_id where j.module_id in (${moduleIds}))
    ) as found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

export async function setCourseArchived(db: Db, courseId: string, archived: boolean) {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    const [row] = await tx
      .update(course)
      .set({ archivedAt: archived ? sql`coalesce(${course.archivedAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(course.id, courseId))
      .returning();
    return row!;
  });
}

export async function setModuleArchived(db: Db, moduleId: string, archived: boolean) {
  return db.transaction(async (tx) => {
    await findModule(tx, moduleId);
    const [row] = await tx
      .update(courseModule)
      .set({ archivedAt: archived ? sql`coalesce(${courseModule.archivedAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(courseModule.id, moduleId))
      .returning();
    return row!;
  });
}

/** Deletes a course with its modules, documents and access, only while no student has worked in it (409 otherwise). */
export async function deleteCourse(db: Db, courseId: string) {
  await db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    if (await hasStudentWork(tx, sql`select id from module where course_id = ${courseId}`)) throw conflict(messages.courseHasWork);
    await tx.delete(course).where(eq(course.id, courseId));
  });
}

/** Deletes a module with its questions and access, only while no student has worked in it (409 otherwise). */
export async function deleteModule(db: Db, moduleId: string) {
  await db.transaction(async (tx) => {
    await findModule(tx, moduleId);
    if (await hasStudentWork(tx, sql`select ${moduleId}::text`)) throw conflict(messages.moduleHasWork);
    await tx.delete(courseModule).where(eq(courseModule.id, moduleId));
  });
}

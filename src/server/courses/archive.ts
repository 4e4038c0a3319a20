// Archive instead of losing work: an archived course or module is hidden from students (the
// access checks treat it as not enabled) and everything they wrote is kept; one with no student
// work yet may be deleted outright.
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { course, courseModule } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { findModule } from '../modules/service.ts';
import { findCourse } from './service.ts';
import { hasStudentWork } from './student-work.ts';

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

import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Course, CourseInput, CourseOverview } from '../../shared/schemas/content.ts';
import { messages } from '../../shared/messages.ts';
import type { Db, Tx } from '../db/client.ts';
import { activity, course, courseAccess, courseModule, forumState, image, user } from '../db/schema.ts';
import { hasNewMessages } from '../forum/service.ts';
import { studentWorkIn } from './student-work.ts';
import { qualified } from '../db/qualified.ts';
import { badRequest, notFound } from '../errors.ts';
import { imageUrl } from '../images/routes.ts';

export const courseNotFound = () => notFound(messages.courseNotFound);

export function presentCourse(row: typeof course.$inferSelect): Course {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: imageUrl(row.imageId),
    ...(row.archivedAt ? { archivedAt: row.archivedAt.toISOString() } : {}),
  };
}

export async function assertImageExists(db: Db | Tx, imageId: string) {
  const [row] = await db.select({ id: image.id }).from(image).where(eq(image.id, imageId));
  if (!row) throw badRequest(messages.incomplete, { imageId: messages.incomplete });
}

export async function findCourse(db: Db | Tx, courseId: string) {
  const [row] = await db.select().from(course).where(eq(course.id, courseId));
  if (!row) throw courseNotFound();
  return row;
}

export async function listAllCourses(db: Db) {
  return db.select().from(course).orderBy(asc(course.createdAt), asc(course.id));
}

/** Every course with what it holds and what waits in it: one statement, whatever the number of courses. */
export async function courseOverview(db: Db): Promise<CourseOverview[]> {
  const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
  const courseId = qualified(course.id);
  const rows = await db
    .select({
      course,
      modules: count(
        sql`select count(*) from ${courseModule} where ${courseModule.courseId} = ${courseId} and ${courseModule.archivedAt} is null`,
      ),
      students: count(
        sql`select count(*) from ${courseAccess} join ${user} on ${user.id} = ${courseAccess.userId}
            where ${courseAccess.courseId} = ${courseId} and ${courseAccess.enabled} and ${user.role} = 'student'`,
      ),
      awaitingCorrection: count(
        sql`select count(*) from ${activity} join ${courseModule} on ${courseModule.id} = ${activity.moduleId}
            where ${courseModule.courseId} = ${courseId} and ${activity.submitted}`,
      ),
      modulesWithNewMessages: count(
        sql`select count(*) from ${courseModule} join ${forumState} on ${forumState.moduleId} = ${courseModule.id}
            where ${courseModule.courseId} = ${courseId} and ${hasNewMessages}`,
      ),
      hasStudentWork: studentWorkIn(sql`select m.id from module m where m.course_id = ${courseId}`),
    })
    .from(course)
    .orderBy(asc(course.createdAt), asc(course.id));
  return rows.map(({ course: row, hasStudentWork, ...counts }) => ({
    ...presentCourse(row),
    ...counts,
    hasStudentWork: Boolean(hasStudentWork),
  }));
}

export async function listEnabledCourses(db: Db, userId: string) {
  return db
    .select({ course })
    .from(course)
    .innerJoin(courseAccess, and(eq(courseAccess.courseId, course.id), eq(courseAccess.userId, userId), eq(courseAccess.enabled, true)))
    .where(isNull(course.archivedAt))
    .orderBy(asc(course.createdAt), asc(course.id))
    .then((rows) => rows.map((r) => r.course));
}

export async function createCourse(db: Db, input: { name: string; description: string; imageId: string }) {
  return db.transaction(async (tx) => {
    await assertImageExists(tx, input.imageId);
    const [row] = await tx
      .insert(course)
      .values({ id: randomUUID(), ...input })
      .returning();
    return row!;
  });
}

export async function updateCourse(db: Db, courseId: string, input: Partial<CourseInput>) {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    if (input.imageId) await assertImageExists(tx, input.imageId);
    const [row] = await tx
      .update(course)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(course.id, courseId))
      .returning();
    return row!;
  });
}

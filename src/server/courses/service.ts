// Writing courses: create and edit. How they are read and shown: read.ts.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { CourseInput } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, image } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';

export const courseNotFound = () => notFound(messages.courseNotFound);

export async function assertImageExists(db: Db | Tx, imageId: string) {
  const [row] = await db.select({ id: image.id }).from(image).where(eq(image.id, imageId));
  if (!row) throw badRequest(messages.incomplete, { imageId: messages.incomplete });
}

export async function findCourse(db: Db | Tx, courseId: string) {
  const [row] = await db.select().from(course).where(eq(course.id, courseId));
  if (!row) throw courseNotFound();
  return row;
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

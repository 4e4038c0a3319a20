import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, or, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { ForumMessage, ForumModule, LiveEvent } from '../../shared/schemas/forum.ts';
import type { Db } from '../db/client.ts';
import { courseModule, forumMessage, forumState } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { imageUrl } from '../images/routes.ts';
import { messages } from '../../shared/messages.ts';

type MessageRow = typeof forumMessage.$inferSelect;

const MESSAGES_SHOWN = 500;

export function presentMessage(row: MessageRow, reader: SessionUser): ForumMessage {
  return {
    id: row.id,
    moduleId: row.moduleId,
    authorName: row.authorName,
    isAdmin: row.isAdmin,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    mine: row.userId === reader.id,
  };
}

export function createdEvent(row: MessageRow, courseId: string): LiveEvent {
  return {
    type: 'message.created',
    courseId,
    moduleId: row.moduleId,
    message: {
      id: row.id,
      moduleId: row.moduleId,
      userId: row.userId,
      authorName: row.authorName,
      isAdmin: row.isAdmin,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** The latest messages of a module, oldest first. */
export async function listMessages(db: Db, moduleId: string) {
  const rows = await db
    .select()
    .from(forumMessage)
    .where(eq(forumMessage.moduleId, moduleId))
    .orderBy(desc(forumMessage.createdAt), desc(forumMessage.id))
    .limit(MESSAGES_SHOWN);
  return rows.reverse();
}

/** Posts a message; a student's message raises the module's NUEVOS MENSAJES badge. */
export async function postMessage(db: Db, moduleId: string, author: SessionUser, body: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumMessage)
      .values({ id: randomUUID(), moduleId, userId: author.id, authorName: author.name, isAdmin: author.role === 'admin', body })
      .returning();
    let badgeRaised = false;
    if (author.role !== 'admin') {
      await tx
        .insert(forumState)
        .values({ moduleId, lastStudentMessageAt: row!.createdAt })
        .onConflictDoUpdate({ target: forumState.moduleId, set: { lastStudentMessageAt: row!.createdAt } });
      badgeRaised = true;
    }
    return { row: row!, badgeRaised };
  });
}

export async function findMessage(db: Db, messageId: string) {
  const [row] = await db
    .select({ message: forumMessage, courseId: courseModule.courseId })
    .from(forumMessage)
    .innerJoin(courseModule, eq(courseModule.id, forumMessage.moduleId))
    .where(eq(forumMessage.id, messageId));
  if (!row) throw notFound(messages.messageNotFound);
  return row;
}

export async function deleteMessage(db: Db, messageId: string) {
  const [row] = await db.delete(forumMessage).where(eq(forumMessage.id, messageId)).returning();
  return row;
}

/** An admin opened the module's forum: the badge goes away. Returns whether it was up. */
export async function markRead(db: Db, moduleId: string): Promise<boolean> {
  const [before] = await db.select().from(forumState).where(eq(forumState.moduleId, moduleId));
  const wasNew = hasNew(before);
  await db
    .insert(forumState)
    .values({ moduleId, lastAdminReadAt: sql`now()` })
    .onConflictDoUpdate({ target: forumState.moduleId, set: { lastAdminReadAt: sql`now()` } });
  return wasNew;
}

const hasNew = (state: typeof forumState.$inferSelect | undefined) =>
  Boolean(state?.lastStudentMessageAt && (!state.lastAdminReadAt || state.lastStudentMessageAt > state.lastAdminReadAt));

/** A course's modules with their NUEVOS MENSAJES flag. */
export async function forumModules(db: Db, courseId: string): Promise<ForumModule[]> {
  const rows = await db
    .select({
      module: courseModule,
      newMessages: sql<boolean>`coalesce(${and(
        isNotNull(forumState.lastStudentMessageAt),
        or(isNull(forumState.lastAdminReadAt), gt(forumState.lastStudentMessageAt, forumState.lastAdminReadAt)),
      )}, false)`,
    })
    .from(courseModule)
    .leftJoin(forumState, eq(forumState.moduleId, courseModule.id))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.createdAt));
  return rows.map(({ module, newMessages }) => ({
    id: module.id,
    courseId: module.courseId,
    name: module.name,
    imageUrl: imageUrl(module.imageId),
    newMessages: Boolean(newMessages),
  }));
}

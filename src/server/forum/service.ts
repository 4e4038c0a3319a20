import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { ForumMessage, ForumModule, LiveEvent } from '../../shared/schemas/forum.ts';
import type { ForumBusEvent, StoredMessage } from '../live/bus.ts';
import type { Db } from '../db/client.ts';
import { course, courseModule, forumMessage, forumState } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { imageUrl } from '../images/routes.ts';
import { messages } from '../../shared/messages.ts';

type MessageRow = typeof forumMessage.$inferSelect;

/**
 * The one presenter of a forum message, for the HTTP answers and the live events alike: what
 * its reader may see (whether they wrote it, never the author's id).
 */
export function presentMessage(row: MessageRow | StoredMessage, reader: Pick<SessionUser, 'id'>): ForumMessage {
  return {
    id: row.id,
    moduleId: row.moduleId,
    authorName: row.authorName,
    isAdmin: row.isAdmin,
    body: row.body,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
    mine: row.userId !== null && row.userId === reader.id,
  };
}

/** A forum event on the bus, as the stream of `reader` sends it. */
export function presentEvent(event: ForumBusEvent, reader: Pick<SessionUser, 'id'>): LiveEvent {
  return event.type === 'message.created' ? { ...event, message: presentMessage(event.message, reader) } : event;
}

/** The bus event announcing a new message (server-internal: it still knows the author). */
export function createdEvent(row: MessageRow, courseId: string): ForumBusEvent {
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

/** `message.created` events of the messages written since `since`, oldest first (replayed after an outage). */
export async function createdEventsSince(db: Db, since: Date, limit = 1000): Promise<ForumBusEvent[]> {
  const rows = await db
    .select({ message: forumMessage, courseId: courseModule.courseId })
    .from(forumMessage)
    .innerJoin(courseModule, eq(courseModule.id, forumMessage.moduleId))
    .where(gte(forumMessage.createdAt, since))
    .orderBy(asc(forumMessage.createdAt), asc(forumMessage.id))
    .limit(limit);
  return rows.map(({ message, courseId }) => createdEvent(message, courseId));
}

/** The cursor of a message: its time in microseconds (all PostgreSQL keeps) and its id. */
const cursorOf = (micros: string, id: string) => `${micros}_${id}`;

/**
 * One page of a module's history, oldest first: the latest `limit` messages, or those just
 * before `before` (a cursor from an earlier page). Ordered by time, then id, so every message is
 * in exactly one page even when several share a time, and a deleted message leaves no gap.
 */
export async function listMessagesPage(db: Db, moduleId: string, { before, limit }: { before?: string | undefined; limit: number }) {
  let older = sql`true`;
  if (before) {
    const split = before.indexOf('_');
    const micros = before.slice(0, split);
    const id = before.slice(split + 1);
    older = sql`(${forumMessage.createdAt}, ${forumMessage.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id})`;
  }
  const rows = await db
    .select({ message: forumMessage, micros: sql<string>`(extract(epoch from ${forumMessage.createdAt}) * 1000000)::bigint::text` })
    .from(forumMessage)
    .where(and(eq(forumMessage.moduleId, moduleId), older))
    .orderBy(desc(forumMessage.createdAt), desc(forumMessage.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return {
    rows: page.reverse().map((r) => r.message),
    hasMore,
    nextCursor: hasMore && oldest ? cursorOf(oldest.micros, oldest.message.id) : null,
  };
}

/**
 * Posts a message; a student's message raises the module's NUEVOS MENSAJES badge. `answering`:
 * the author answers for the course (an administrator, or on its team with 'foro.responder').
 */
export async function postMessage(db: Db, moduleId: string, author: SessionUser, body: string, answering = author.role === 'admin') {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumMessage)
      .values({ id: randomUUID(), moduleId, userId: author.id, authorName: author.name, isAdmin: answering, body })
      .returning();
    let badgeRaised = false;
    if (!answering) {
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
  if (!row) throw messageNotFound();
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
/** A student wrote in the module's forum after an admin last opened it (the NUEVOS MENSAJES badge). */
export const hasNewMessages = sql<boolean>`coalesce(${and(
  isNotNull(forumState.lastStudentMessageAt),
  or(isNull(forumState.lastAdminReadAt), gt(forumState.lastStudentMessageAt, forumState.lastAdminReadAt)),
)}, false)`;

/**
 * The module forums of one course in the course's order, or (without `courseId`) of every course
 * not archived: those with new messages first, the most recently written to first.
 */
/** The forums of one course, or of every course (`only`: of these courses). */
export async function forumModules(db: Db, courseId?: string, only?: SQL): Promise<ForumModule[]> {
  const rows = await db
    .select({ module: courseModule, courseName: course.name, newMessages: hasNewMessages })
    .from(courseModule)
    .innerJoin(course, eq(course.id, courseModule.courseId))
    .leftJoin(forumState, eq(forumState.moduleId, courseModule.id))
    .where(courseId ? eq(courseModule.courseId, courseId) : and(isNull(course.archivedAt), only ? inArray(course.id, only) : undefined))
    .orderBy(
      ...(courseId
        ? []
        : [
            desc(hasNewMessages),
            sql`case when ${hasNewMessages} then ${forumState.lastStudentMessageAt} end desc nulls last`,
            asc(course.createdAt),
          ]),
      asc(courseModule.position),
      asc(courseModule.createdAt),
    );
  return rows.map(({ module, courseName, newMessages }) => ({
    id: module.id,
    courseId: module.courseId,
    courseName,
    name: module.name,
    imageUrl: imageUrl(module.imageId),
    newMessages: Boolean(newMessages),
  }));
}

export const messageNotFound = () => notFound(messages.messageNotFound);

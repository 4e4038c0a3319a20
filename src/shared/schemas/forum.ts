import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';

export const MESSAGE_MAX = 2000;

export const postMessageSchema = z.object({
  body: z
    .string({ error: messages.writeMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.writeMessageFirst, abort: true }),
      z.maxLength(MESSAGE_MAX, tooLong('El mensaje', MESSAGE_MAX)),
    ),
});

export const forumMessageSchema = z.object({
  id: z.string(),
  moduleId: z.string(),
  authorName: z.string(),
  isAdmin: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** Whether the reader wrote it. */
  mine: z.boolean(),
});
export type ForumMessage = z.infer<typeof forumMessageSchema>;

/** Messages in one page of a forum's history, unless the request asks for another count. */
export const FORUM_PAGE_SIZE = 50;
export const FORUM_PAGE_MAX = 200;

/**
 * A position in a forum's history: the `nextCursor` a page gave, passed back as `before` for the
 * page of older messages. Clients treat it as opaque (it is the message's time in microseconds
 * and its id, so deleting a message never breaks the pages after it).
 */
export const FORUM_CURSOR_PATTERN = /^\d{1,17}_[A-Za-z0-9-]{1,64}$/;

export const forumHistoryQuerySchema = z.object({
  before: z.optional(z.string().check(z.regex(FORUM_CURSOR_PATTERN, messages.forumCursorInvalid))),
  limit: z._default(
    z.coerce
      .number({ error: messages.forumLimitInvalid })
      .check(
        z.int(messages.forumLimitInvalid),
        z.minimum(1, messages.forumLimitInvalid),
        z.maximum(FORUM_PAGE_MAX, messages.forumLimitInvalid),
      ),
    FORUM_PAGE_SIZE,
  ),
});
export type ForumHistoryQuery = z.infer<typeof forumHistoryQuerySchema>;

/** One page of a forum's history, oldest first; `nextCursor` asks for the messages before it. */
export const forumHistorySchema = z.object({
  messages: z.array(forumMessageSchema),
  hasMore: z.boolean(),
  nextCursor: z.nullable(z.string()),
});
export type ForumHistory = z.infer<typeof forumHistorySchema>;

export const forumModuleSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  newMessages: z.boolean(),
});
export type ForumModule = z.infer<typeof forumModuleSchema>;

/**
 * What the live event stream sends: a new message is the HTTP answer's message, presented for
 * the stream's reader by the same presenter (so `mine` is set and no author id leaves the server).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message.created'), courseId: z.string(), moduleId: z.string(), message: forumMessageSchema }),
  z.object({ type: z.literal('message.deleted'), courseId: z.string(), moduleId: z.string(), messageId: z.string() }),
  z.object({ type: z.literal('forum.badge'), courseId: z.string(), moduleId: z.string(), newMessages: z.boolean() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Server-internal: access was taken away. Streams it matches are closed (a field left out
 * matches any value), so a blocked student stops receiving at once; pages never see it.
 */
export interface AccessRevokedEvent {
  type: 'access.revoked';
  userId?: string;
  courseId?: string;
  moduleId?: string;
}

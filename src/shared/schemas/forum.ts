import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';

export const MESSAGE_MAX = 2000;

export const postMessageSchema = z.object({
  body: z.string({ error: messages.writeMessage }).check(
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

export const forumModuleSchema = z.object({
  id: z.string(),
  courseId: z.string(),
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

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

/** What the live event stream sends. `mine` in messages is false: each page compares authors itself. */
export type LiveEvent =
  | { type: 'message.created'; courseId: string; moduleId: string; message: Omit<ForumMessage, 'mine'> & { userId: string | null } }
  | { type: 'message.deleted'; courseId: string; moduleId: string; messageId: string }
  | { type: 'forum.badge'; courseId: string; moduleId: string; newMessages: boolean };

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

export type BusEvent = LiveEvent | AccessRevokedEvent;

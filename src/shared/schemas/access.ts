// Users as the admin sees them, and the per-student access toggles.
import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';
import { roleSchema } from './auth.ts';
import { studentModuleSchema } from './content.ts';

export const USERS_PAGE_SIZE = 10;
export const SEARCH_MAX = 200;

export const userListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, tooLong('La búsqueda', SEARCH_MAX)))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1, messages.invalidPage), z.maximum(100_000)), 1),
});

export const userListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** At least one submitted activity awaits correction. */
  pending: z.boolean(),
  /** They have not accepted their invitation (chosen a password) yet. */
  invitationPending: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListSchema = z.object({
  users: z.array(userListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserList = z.infer<typeof userListSchema>;

export const accessInputSchema = z.object({ enabled: z.boolean({ error: messages.accessChoice }) });

export const userCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  enabled: z.boolean(),
});
export type UserCourse = z.infer<typeof userCourseSchema>;

/** A module of a course as the admin sees it for one student: the same shape the student gets. */
export const userModuleSchema = studentModuleSchema;
export type UserModule = z.infer<typeof userModuleSchema>;

export const bulkAccessResultSchema = z.object({ affected: z.number() });

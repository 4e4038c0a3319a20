import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';
import { idSchema, NAME_MAX } from './content.ts';
import { emailSchema, newPasswordSchema, PASSWORD_MAX, roleSchema, sessionUserSchema } from './auth.ts';

export const userNameSchema = z
  .string({ error: messages.required })
  .check(z.trim(), z.minLength(1, { error: messages.required, abort: true }), z.maxLength(NAME_MAX, tooLong('El nombre', NAME_MAX)));

/** 'Mi cuenta' → 'Tus datos': the name others see (forum messages, corrections). */
export const updateMeSchema = z.object({ name: userNameSchema });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** 'Mi cuenta' → 'Cambiar contraseña'. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: messages.required })
    .check(z.minLength(1, { error: messages.required, abort: true }), z.maxLength(PASSWORD_MAX, messages.currentPasswordWrong)),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Without a password the user gets an invitation by email to choose their own. */
export const createUserSchema = z.object({
  name: userNameSchema,
  email: emailSchema,
  password: z.optional(newPasswordSchema),
  role: z._default(roleSchema, 'student'),
  /**
   * The course the new trainee is enrolled in (enabled, with its first module): optional for an
   * administrator, required of an instructor, who creates trainees of their own courses only.
   */
  courseId: z.optional(idSchema),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** GET /api/users/:userId: the user, and whether they still have to accept their invitation. */
export const userDetailSchema = z.object({
  user: sessionUserSchema,
  invitationPending: z.boolean(),
  /** False once an admin deactivated the account: it cannot sign in; its data is kept. */
  active: z.boolean(),
});

export const activeInputSchema = z.object({ active: z.boolean({ error: messages.activeChoice }) });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** 'Creá tu contraseña': the invitation's token and the chosen password. */
export const acceptInvitationSchema = z.object({
  token: z
    .string({ error: messages.invitationInvalid })
    .check(z.minLength(1, messages.invitationInvalid), z.maxLength(200, messages.invitationInvalid)),
  password: newPasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** Signed in after accepting: where to land (their course when they have exactly one). */
export const acceptInvitationResponseSchema = z.object({ user: sessionUserSchema, courseId: z.nullable(z.string()) });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

// Class lists from a CSV file.
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  name: z.string(),
  email: z.string(),
  /** What is wrong with the row; null when it can be imported. */
  problem: z.nullable(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  valid: z.number(),
  invalid: z.number(),
  course: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.number(),
  failed: z.number(),
  message: z.string(),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// Notification emails.
export const deliveryChoices = ['immediate', 'daily', 'never'] as const;
export const deliverySchema = z.enum(deliveryChoices);
export type Delivery = z.infer<typeof deliverySchema>;
export const forumReplyChoices = ['immediate', 'never'] as const;

export const emailPreferencesSchema = z.object({
  /** Admins: an activity was submitted for correction. */
  submissions: deliverySchema,
  /** Admins: a student wrote in a module forum. */
  questions: deliverySchema,
  /** Students: an admin answered in the forum of one of their modules. */
  forumReplies: z.enum(forumReplyChoices),
  /** Students: 'Avisos de vencimiento de mi licencia', 60, 30 and 7 days before a licence expires. */
  licenceReminders: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const updateEmailPreferencesSchema = z.partial(emailPreferencesSchema);

export const userSchema = sessionUserSchema;
export type User = z.infer<typeof userSchema>;

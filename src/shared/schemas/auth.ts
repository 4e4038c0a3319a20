// Shared by the server (request validation) and the client (forms). Written with zod/mini
// so the login page, which ships in the first download, stays small.
import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';

export const roles = ['admin', 'student'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const passwordTooShort = `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`;

/** A required email, trimmed and lower-cased; `invalid` is the text shown for a bad shape. */
export const emailField = (invalid: string = messages.invalidEmail, required: string = messages.required) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(254, { error: invalid, abort: true }),
      z.regex(z.regexes.email, { error: invalid }),
    );

export const emailSchema = emailField();

export const newPasswordSchema = z
  .string({ error: messages.required })
  .check(
    z.minLength(1, { error: messages.required, abort: true }),
    z.minLength(PASSWORD_MIN, { error: passwordTooShort, abort: true }),
    z.maxLength(PASSWORD_MAX, tooLong('La contraseña', PASSWORD_MAX)),
  );

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.required })
    .check(z.minLength(1, { error: messages.required, abort: true }), z.maxLength(PASSWORD_MAX, messages.wrongLogin)),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(messages.resetInvalidEmail, messages.resetInvalidEmail),
});

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: messages.resetLinkInvalid })
    .check(z.minLength(1, messages.resetLinkInvalid), z.maxLength(200, messages.resetLinkInvalid)),
  password: newPasswordSchema,
});

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** On some course's team ('Equipo del curso'): the instructors' side opens for them too. */
  staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
  /** Signed out because the server no longer accepts the browser's session (ended elsewhere, a password changed). */
  lapsed: z.optional(z.boolean()),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

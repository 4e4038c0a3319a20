import { z } from 'zod';
import { messages } from '../messages.ts';

export const roles = ['admin', 'student'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.required }).min(1, messages.required).max(PASSWORD_MAX, messages.wrongLogin),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: messages.resetInvalidEmail })
    .trim()
    .max(254, messages.resetInvalidEmail)
    .pipe(z.email({ error: messages.resetInvalidEmail }))
    .transform((email) => email.toLowerCase()),
});

export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.resetLinkInvalid }).min(1, messages.resetLinkInvalid).max(200, messages.resetLinkInvalid),
  password: newPasswordSchema,
});

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

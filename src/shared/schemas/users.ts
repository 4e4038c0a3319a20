import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';
import { NAME_MAX } from './content.ts';
import { emailSchema, newPasswordSchema, roleSchema, sessionUserSchema } from './auth.ts';

export const createUserSchema = z.object({
  name: z.string({ error: messages.required }).check(
    z.trim(),
    z.minLength(1, { error: messages.required, abort: true }),
    z.maxLength(NAME_MAX, tooLong('El nombre', NAME_MAX)),
  ),
  email: emailSchema,
  password: newPasswordSchema,
  role: z._default(roleSchema, 'student'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const userSchema = sessionUserSchema;
export type User = z.infer<typeof userSchema>;

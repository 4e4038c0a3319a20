import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailSchema, newPasswordSchema, roleSchema, sessionUserSchema } from './auth.ts';

export const createUserSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(120, 'El nombre no puede tener más de 120 caracteres'),
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.default('student'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const userSchema = sessionUserSchema;
export type User = z.infer<typeof userSchema>;

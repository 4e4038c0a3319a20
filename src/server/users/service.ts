import { APIError } from 'better-auth/api';
import { messages } from '../../shared/messages.ts';
import type { Role } from '../../shared/schemas/auth.ts';
import type { User } from '../../shared/schemas/users.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';

/** Creates an account with a password (better-auth hashes it); 409 when the email is taken. */
export async function createUser(
  ctx: { auth: Auth },
  input: { name: string; email: string; password: string; role: Role },
): Promise<User> {
  try {
    const { user } = await ctx.auth.api.createUser({
      body: { name: input.name, email: input.email, password: input.password, role: input.role },
    });
    return { id: user.id, name: user.name, email: user.email, role: input.role };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      throw new AppError('EMAIL_TAKEN', messages.emailTaken, { email: messages.emailTaken });
    }
    throw error;
  }
}

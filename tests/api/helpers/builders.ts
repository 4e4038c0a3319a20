import type { Role } from '../../../src/shared/schemas/auth.ts';
import type { User } from '../../../src/shared/schemas/users.ts';
import type { AppContext } from '../../../src/server/context.ts';
import { createUser as createUserAccount } from '../../../src/server/users/service.ts';

let userCounter = 0;

export const DEFAULT_PASSWORD = 'secreto123';

/** An account created through the users service (as an admin would), with its password. */
export async function createUser(
  ctx: AppContext,
  overrides: { role?: Role; name?: string; email?: string; password?: string } = {},
): Promise<User & { password: string }> {
  userCounter += 1;
  const role = overrides.role ?? 'student';
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createUserAccount(ctx, {
    name: overrides.name ?? `${role === 'admin' ? 'Admin' : 'Estudiante'} ${userCounter}`,
    email: overrides.email ?? `${role}-${userCounter}-${process.pid}@example.com`,
    password,
    role,
  });
  return { ...user, password };
}

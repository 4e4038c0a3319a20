// `npm run reset-password -- EMAIL`: the way back in for an admin who lost their password (or
// never saw the one printed at the first start), run by the operator on the server. The password
// is hashed by better-auth as every other one, and everything that let someone in without it ends:
// open sessions (on every instance), pending reset links and invitations.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { account, invitation, session, user, verification } from '../db/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/schemas/auth.ts';

/** A new random password: 16 URL-safe characters (96 bits). */
export const randomPassword = () => randomBytes(12).toString('base64url');

export interface PasswordReset {
  email: string;
  name: string;
  role: string;
  /** How many open sessions ended. */
  sessions: number;
}

/** Sets `password` for the user with `email`; null when there is no such user. */
export async function resetPasswordAsOperator(
  ctx: Pick<AppContext, 'db' | 'auth' | 'events'>,
  email: string,
  password: string,
): Promise<PasswordReset | null> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new Error(`la contraseña debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres`);
  const passwordHash = await (await ctx.auth.$context).password.hash(password);
  const reset = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!found) return null;
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: sql`now()` })
      .where(and(eq(account.userId, found.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    // Invited and never accepted: the password is their first.
    if (updated.length === 0) {
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: found.id, providerId: 'credential', userId: found.id, password: passwordHash });
    }
    const ended = await tx.delete(session).where(eq(session.userId, found.id)).returning({ id: session.id });
    await tx.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, found.id)));
    await tx
      .update(invitation)
      .set({ usedAt: sql`now()` })
      .where(and(eq(invitation.userId, found.id), isNull(invitation.usedAt)));
    return { id: found.id, email: found.email, name: found.name, role: found.role, sessions: ended.length };
  });
  if (!reset) return null;
  // Their open live streams close, on every instance.
  await ctx.events.publish({ type: 'session.ended', userId: reset.id });
  return { email: reset.email, name: reset.name, role: reset.role, sessions: reset.sessions };
}

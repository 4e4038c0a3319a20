import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages } from '../../shared/messages.ts';
import type { Role } from '../../shared/schemas/auth.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { account, invitation, user } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationEmail } from './emails.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface InvitedUser {
  id: string;
  name: string;
  email: string;
  /** The secret of the emailed link; only its hash is stored. */
  token: string;
}

/**
 * A new invitation for the user. Earlier unused invitations stop working, so only the link of
 * the newest email opens the page.
 */
export async function createInvitation(tx: Db | Tx, userId: string): Promise<string> {
  await tx.delete(invitation).where(and(eq(invitation.userId, userId), isNull(invitation.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx
    .insert(invitation)
    .values({ id: randomUUID(), userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) });
  return token;
}

/**
 * Creates accounts without a password, each with an invitation, in the caller's transaction.
 * Rows whose email is already registered (even by a request that raced this one) are skipped:
 * the result lists only the users created.
 */
export async function insertInvitedUsers(tx: Tx, rows: Array<{ name: string; email: string; role: Role }>): Promise<InvitedUser[]> {
  const created: InvitedUser[] = [];
  // In chunks, so a class of thousands stays within PostgreSQL's parameter limit.
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500).map((row) => ({ id: randomUUID(), ...row }));
    const inserted = await tx
      .insert(user)
      .values(chunk.map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role })))
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id, name: user.name, email: user.email });
    if (inserted.length === 0) continue;
    const withTokens = inserted.map((row) => ({ ...row, token: randomBytes(32).toString('base64url') }));
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    await tx
      .insert(invitation)
      .values(withTokens.map((row) => ({ id: randomUUID(), userId: row.id, tokenHash: hashToken(row.token), expiresAt })));
    created.push(...withTokens);
  }
  return created;
}

export function invitationLink(publicUrl: string, token: string) {
  return `${publicUrl}/crear-contrasena?token=${encodeURIComponent(token)}`;
}

/** Sends the invitation emails after the accounts are committed; a failed send is logged, never undoes the accounts. */
export async function sendInvitations(
  deps: { mailer: Mailer; logger: Logger; publicUrl: string },
  invited: InvitedUser[],
  concurrency = 4,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < invited.length) {
      const person = invited[next++]!;
      const link = invitationLink(deps.publicUrl, person.token);
      try {
        await deps.mailer.send({ to: person.email, link, ...invitationEmail(person.name, link) });
      } catch (error) {
        deps.logger.error({ err: error, to: person.email }, 'no se pudo enviar el email de invitación');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, invited.length) }, worker));
}

/** Whether the user has chosen a password yet (an account created by invitation has none until accepted). */
export async function hasPassword(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  return Boolean(row);
}

/** 'Reenviar invitación': a new link (the previous one stops working); 409 once the user chose a password. */
export async function resendInvitation(ctx: AppContext, userId: string): Promise<void> {
  const invited = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', messages.userNotFound);
    if (await hasPassword(tx, userId)) throw new AppError('CONFLICT', messages.invitationAlreadyAccepted);
    return { ...row, token: await createInvitation(tx, userId) };
  });
  const link = invitationLink(ctx.config.publicUrl, invited.token);
  await ctx.mailer.send({ to: invited.email, link, ...invitationEmail(invited.name, link) });
}

/**
 * 'Creá tu contraseña': uses up the invitation and sets the user's first password (hashed by
 * better-auth), all or nothing. Returns the user's email, to sign them in.
 */
export async function acceptInvitation(ctx: AppContext, token: string, password: string): Promise<{ userId: string; email: string }> {
  // A cheap look first: a wrong link never costs a password hash.
  const [valid] = await ctx.db
    .select({ id: invitation.id })
    .from(invitation)
    .where(and(eq(invitation.tokenHash, hashToken(token)), isNull(invitation.usedAt), gt(invitation.expiresAt, sql`now()`)));
  if (!valid) throw new AppError('INVALID_TOKEN', messages.invitationInvalid);
  const authContext = await ctx.auth.$context;
  const passwordHash = await authContext.password.hash(password);
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: invitation.id, userId: invitation.userId, email: user.email })
      .from(invitation)
      .innerJoin(user, eq(user.id, invitation.userId))
      .where(and(eq(invitation.tokenHash, hashToken(token)), isNull(invitation.usedAt), gt(invitation.expiresAt, sql`now()`)))
      .for('update', { of: invitation });
    if (!found) throw new AppError('INVALID_TOKEN', messages.invitationInvalid);
    const used = await tx
      .update(invitation)
      .set({ usedAt: sql`now()` })
      .where(and(eq(invitation.id, found.id), isNull(invitation.usedAt)))
      .returning({ id: invitation.id });
    if (used.length === 0) throw new AppError('INVALID_TOKEN', messages.invitationInvalid);
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: sql`now()` })
      .where(and(eq(account.userId, found.userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: found.userId, providerId: 'credential', userId: found.userId, password: passwordHash });
    }
    // The email reached them: the address is theirs.
    await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, found.userId));
    return { userId: found.userId, email: found.email };
  });
}

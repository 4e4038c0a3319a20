import { APIError } from 'better-auth/api';
import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Role } from '../../shared/schemas/auth.ts';
import type { User } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { courseAccess, session, user } from '../db/schema.ts';
import { findUser } from '../access/service.ts';
import { enrollNewTrainees } from '../access/grant.ts';
import { findCourse } from '../courses/service.ts';
import { AppError, conflict } from '../errors.ts';
import { insertInvitedUsers, sendInvitations } from './invitations.ts';

export const emailTaken = () => new AppError('EMAIL_TAKEN', messages.emailTaken, { email: messages.emailTaken });

/**
 * Creates an account, enrolled in `courseId` when given (the course and its first module enabled,
 * in the course's record of changes as `actor`'s; none for the app's own seeding). With a password, better-auth hashes it; without
 * one the user gets an invitation email to choose it. 409 when the email is taken, 404 when the
 * course does not exist (checked before anything is written).
 */
export async function createUser(
  ctx: Pick<AppContext, 'auth' | 'db' | 'mailer' | 'logger' | 'config'>,
  input: { name: string; email: string; password?: string | undefined; role: Role; courseId?: string | undefined },
  actor: { id: string; name: string } | null = null,
): Promise<User> {
  const { courseId } = input;
  if (courseId !== undefined) await findCourse(ctx.db, courseId);
  if (input.password === undefined) {
    const invited = await ctx.db.transaction(async (tx) => {
      const [row] = await insertInvitedUsers(tx, [{ name: input.name, email: input.email, role: input.role }]);
      if (row && courseId !== undefined) await enrollNewTrainees(tx, [row.id], courseId, actor);
      return row;
    });
    if (!invited) throw emailTaken();
    await sendInvitations({ mailer: ctx.mailer, logger: ctx.logger, publicUrl: ctx.config.publicUrl }, [invited]);
    return { id: invited.id, name: invited.name, email: invited.email, role: input.role, staff: false };
  }
  let created: { id: string; name: string; email: string };
  try {
    ({ user: created } = await ctx.auth.api.createUser({
      body: { name: input.name, email: input.email, password: input.password, role: input.role },
    }));
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') throw emailTaken();
    throw error;
  }
  // better-auth writes the account in its own transaction: the enrollment follows it (the course
  // was found above, so what is left to fail is the database itself).
  if (courseId !== undefined) await ctx.db.transaction((tx) => enrollNewTrainees(tx, [created.id], courseId, actor));
  return { id: created.id, name: created.name, email: created.email, role: input.role, staff: false };
}

/** Where a student lands after accepting an invitation: the course enabled for them most recently. */
export async function landingCourse(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ courseId: courseAccess.courseId })
    .from(courseAccess)
    .where(and(eq(courseAccess.userId, userId), eq(courseAccess.enabled, true)))
    .orderBy(desc(courseAccess.updatedAt))
    .limit(1);
  return row?.courseId ?? null;
}

/**
 * 'Desactivar' / 'Reactivar'. A deactivated user cannot sign in (better-auth's ban) and their
 * sessions are deleted in the same transaction, so the very next request of any open session
 * gets 401; everything they wrote is kept. An admin cannot deactivate themselves.
 */
export async function setUserActive(db: Db, actorId: string, userId: string, active: boolean) {
  if (!active && actorId === userId) throw conflict(messages.cannotDeactivateSelf);
  return db.transaction(async (tx) => {
    await findUser(tx, userId);
    const [row] = await tx
      .update(user)
      .set({ banned: !active, banReason: active ? null : 'Desactivado por un administrador', banExpires: null, updatedAt: sql`now()` })
      .where(eq(user.id, userId))
      .returning();
    if (!active) await tx.delete(session).where(eq(session.userId, userId));
    return row!;
  });
}

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/schemas/auth.ts';
import { passwordResetEmail } from './emails.ts';

export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  logger: Logger;
  /** Called after a session row was deleted and the deletion committed (sign-out, reset, revoke). */
  onSessionDeleted?: (session: { id: string; userId: string }) => Promise<void>;
  /** Called after a user row was changed or deleted and it committed (a role change, a ban, a new name). */
  onUserChanged?: (user: { id: string }) => Promise<void>;
  /** How passwords are hashed; better-auth's own scrypt unless given (the server tests give a cheaper one). */
  passwordHasher?: PasswordHasher;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * better-auth owns passwords, sessions and reset tokens. Its HTTP handler is not mounted:
 * our own routes call `auth.api` so every answer keeps our error shape and Spanish texts.
 */
export function createAuth({ db, secret, publicUrl, mailer, logger, onSessionDeleted, onUserChanged, passwordHasher }: AuthOptions) {
  return betterAuth({
    appName: 'Aula Virtual',
    baseURL: publicUrl,
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      sendResetPassword: async ({ user, token }) => {
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: answering as fast for a real account as for an unknown email keeps
        // response times from revealing which emails are registered.
        mailer.send({ to: user.email, link, ...passwordResetEmail(user.name, link) }).catch((error: unknown) => {
          logger.error({ err: error, to: user.email }, 'no se pudo enviar el email de recuperación');
        });
      },
    },
    databaseHooks: {
      // What a session says about its user (role, name) changes with the user: sessions kept in
      // memory are dropped (session-cache.ts) on every instance.
      user: {
        update: { after: async (user) => void (await onUserChanged?.({ id: user.id })) },
        delete: { after: async (user) => void (await onUserChanged?.({ id: user.id })) },
      },
      session: {
        delete: {
          // Runs after the transaction committed (better-auth queues it), once per session row.
          after: async (session) => {
            await onSessionDeleted?.({ id: session.id, userId: session.userId });
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Our routes limit login attempts per email and per IP themselves (rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'aula',
      // Session and user in one query instead of two, on every request.
      database: { joins: true },
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [admin({ roles: { admin: adminAc, student: userAc }, defaultRole: 'student', adminRoles: ['admin'] })],
    telemetry: { enabled: false },
    // Its own messages go through our logger (JSON, LOG_LEVEL respected) instead of the console.
    // They are English, and its warnings are about a request our routes already answered in
    // Spanish ('Invalid password' on every failed login): those are written at debug. Its errors
    // (the database failing under it) stay errors, said in Spanish, with its text as `detail`.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        const fields = { component: 'better-auth', ...(err ? { err } : args.length > 0 ? { details: args } : {}) };
        if (level === 'error') logger.error({ ...fields, detail: message }, 'error en la autenticación (better-auth)');
        else logger.debug(fields, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

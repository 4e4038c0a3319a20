// Who is signed in. The session cookie (better-auth's, signed) carries a token; the token is
// looked up in the database on every request — one indexed read, and part of each page's own
// statement — so a session that ends (sign-out, password change or reset, deactivation, a new
// role) stops working at once on every instance, with nothing kept in memory to forget.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { roleSchema } from '../../shared/schemas/auth.ts';
import { session, user } from '../db/schema.ts';

/** better-auth's cookie, plain or with the __Secure- prefix it gets on https. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?aula\.session_token=([^;]+)/;

/**
 * The session token of the request's cookie, when its signature is right (better-auth signs it:
 * `token.signature`, the signature an HMAC-SHA256 of the token with the app's secret, in base64).
 */
export function sessionToken(cookieHeader: string | undefined, secret: string): string | null {
  const raw = cookieHeader ? sessionCookie.exec(cookieHeader)?.[1] : undefined;
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** A signed-in request's session as `sessionUserSql` reads it. Times are strings inside a page's JSON. */
export interface SessionRow {
  id: string;
  name: string;
  email: string;
  role: string;
  /** On some course's team. */
  staff: boolean;
  sessionId: string;
  expiresAt: string | Date;
}

/**
 * The user and session of the token `token` (SQL), named as `SessionRow`: nothing for an unknown
 * or expired session, or a deactivated user. A statement of its own, or part of a page's.
 */
export const sessionUserSql = (token: SQL) => sql`
  select u.id as "id", u.name as "name", u.email as "email", u.role as "role",
    exists (select 1 from course_staff cs where cs.user_id = u.id) as "staff", s.id as "sessionId", s.expires_at as "expiresAt"
  from ${session} s join ${user} u on u.id = s.user_id
  where s.token = ${token} and s.expires_at > now() and u.banned is not true`;

export function toSessionUser(row: { id: string; name: string; email: string; role?: string | null; staff: boolean }): SessionUser {
  const role = roleSchema.safeParse(row.role);
  return { id: row.id, name: row.name, email: row.email, role: role.success ? role.data : 'student', staff: Boolean(row.staff) };
}

/** Sessions last 30 days from their last extension; one in use is extended at most once a day. */
export const SESSION_DAYS = 30;
export const SESSION_EXTEND_AFTER_DAYS = 1;

/** The session was extended more than a day ago: in use today, it gets its 30 days again (better-auth does it, with a new cookie). */
export function dueForExtension(row: Pick<SessionRow, 'expiresAt'>, now = Date.now()): boolean {
  const lastExtension = new Date(row.expiresAt).getTime() - SESSION_DAYS * 86_400_000;
  return now - lastExtension > SESSION_EXTEND_AFTER_DAYS * 86_400_000;
}

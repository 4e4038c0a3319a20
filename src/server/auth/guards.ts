import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { createCourseGuard, type CourseGuard } from '../access/course-roles.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Auth } from './auth.ts';
import { dueForExtension, sessionToken, sessionUserSql, toSessionUser, type SessionRow } from './session.ts';

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, String(value));
  }
  // better-auth records the client address from this header; Fastify has already resolved it.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** A signed-in request's session: who, which session, until when. */
export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

export interface Guards {
  /** The request's session token (its cookie's, when the signature is right), or null. */
  tokenOf(request: FastifyRequest): string | null;
  /** The request's session, or null. */
  currentSession(request: FastifyRequest): Promise<CurrentSession | null>;
  /** The request's session from a row a page's own statement read (see pages/routes.ts). */
  sessionFromRow(request: FastifyRequest, row: SessionRow | null): Promise<CurrentSession | null>;
  /** The signed-in user, or null. */
  currentUser(request: FastifyRequest): Promise<SessionUser | null>;
  /** The signed-in user; 401 when there is none. */
  requireUser(request: FastifyRequest): Promise<SessionUser>;
  /** The signed-in admin; 401 when signed out, 403 for anyone else. */
  requireAdmin(request: FastifyRequest): Promise<SessionUser>;
  /** The signed-in person, when they may do an action in the course of a resource (access/course-roles.ts). */
  requireCourse: CourseGuard['require'];
  /** The signed-in person, when they may do an action in at least one course. */
  requireSomewhere: CourseGuard['requireSomewhere'];
  /** Cookies a session extension set, for the answer (app.ts sends them). */
  cookiesFor(request: FastifyRequest): string[];
}

const sessionStatement = preparedStatement<'token', SessionRow>('signed_in_session', ['token'], ({ token }) => sessionUserSql(token));

/** One database read per request: the session cookie's token, looked up (auth/session.ts). */
export function createGuards(auth: Auth, db: Db, secret: string): Guards {
  const sessions = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
  const extended = new WeakMap<FastifyRequest, string[]>();

  // The cookie's signature is checked once per cookie (an HMAC per request was a visible share of a
  // page's cost); the answer depends only on the cookie and the secret, so it cannot go stale.
  const verified = new Map<string, string | null>();
  function tokenOf(request: FastifyRequest) {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    let token = verified.get(cookie);
    if (token === undefined) {
      if (verified.size >= 10_000) verified.clear();
      token = sessionToken(cookie, secret);
      verified.set(cookie, token);
    }
    return token;
  }

  async function fromRow(request: FastifyRequest, row: SessionRow | null): Promise<CurrentSession | null> {
    if (!row) return null;
    // A session in use is extended by better-auth itself, which also sends the cookie its new age.
    if (dueForExtension(row)) {
      const result = await auth.api.getSession({ headers: toWebHeaders(request), returnHeaders: true }).catch(() => null);
      if (result?.headers) extended.set(request, result.headers.getSetCookie());
    }
    return { user: toSessionUser(row), sessionId: row.sessionId, expiresAt: new Date(row.expiresAt) };
  }

  function currentSession(request: FastifyRequest) {
    let pending = sessions.get(request);
    if (!pending) {
      const token = tokenOf(request);
      pending = token ? sessionStatement.run(db, { token }).then(([row]) => fromRow(request, row ?? null)) : Promise.resolve(null);
      sessions.set(request, pending);
    }
    return pending;
  }

  function sessionFromRow(request: FastifyRequest, row: SessionRow | null) {
    const pending = fromRow(request, row);
    sessions.set(request, pending);
    return pending;
  }

  async function currentUser(request: FastifyRequest) {
    return (await currentSession(request))?.user ?? null;
  }

  async function requireUser(request: FastifyRequest) {
    const user = await currentUser(request);
    if (!user) throw unauthorized();
    return user;
  }

  async function requireAdmin(request: FastifyRequest) {
    const user = await requireUser(request);
    if (user.role !== 'admin') throw forbidden();
    return user;
  }

  const guards: Guards = {
    tokenOf,
    currentSession,
    sessionFromRow,
    currentUser,
    requireUser,
    requireAdmin,
    requireCourse: (...args) => courseGuard.require(...args),
    requireSomewhere: (...args) => courseGuard.requireSomewhere(...args),
    cookiesFor: (request) => extended.get(request) ?? [],
  };
  const courseGuard = createCourseGuard(db, guards);
  return guards;
}

export { toSessionUser };

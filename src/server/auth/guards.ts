import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { roleSchema } from '../../shared/schemas/auth.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Auth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';

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
  /** The request's session, or null. */
  currentSession(request: FastifyRequest): Promise<CurrentSession | null>;
  /** The signed-in user, or null. */
  currentUser(request: FastifyRequest): Promise<SessionUser | null>;
  /** The signed-in user; 401 when there is none. */
  requireUser(request: FastifyRequest): Promise<SessionUser>;
  /** The signed-in admin; 401 when signed out, 403 for anyone else. */
  requireAdmin(request: FastifyRequest): Promise<SessionUser>;
}

export function toSessionUser(user: { id: string; name: string; email: string; role?: string | null }): SessionUser {
  const role = roleSchema.safeParse(user.role);
  return { id: user.id, name: user.name, email: user.email, role: role.success ? role.data : 'student' };
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

/** The session cookie's value (better-auth's signed token), under either of its names. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?aula\.session_token=([^;]+)/;

/** With `sessionCache`, a session already seen costs no database query until it ends (session-cache.ts). */
export function createGuards(auth: Auth, sessionCache?: SessionCache<CurrentSession>): Guards {
  function currentSession(request: FastifyRequest) {
    let pending = cache.get(request);
    if (!pending) {
      pending = lookup(request);
      cache.set(request, pending);
    }
    return pending;
  }

  async function currentUser(request: FastifyRequest) {
    return (await currentSession(request))?.user ?? null;
  }

  async function lookup(request: FastifyRequest): Promise<CurrentSession | null> {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    const token = sessionCache && sessionCookie.exec(cookie)?.[1];
    return sessionCache && token ? sessionCache.get(token, () => ask(request)) : ask(request);
  }

  async function ask(request: FastifyRequest): Promise<CurrentSession | null> {
    const result = await auth.api.getSession({ headers: toWebHeaders(request) });
    // Deactivating a user deletes their sessions; a session that outlived it still counts for nothing.
    if (!result || (result.user as { banned?: boolean | null }).banned) return null;
    return { user: toSessionUser(result.user), sessionId: result.session.id, expiresAt: new Date(result.session.expiresAt) };
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

  return { currentSession, currentUser, requireUser, requireAdmin };
}

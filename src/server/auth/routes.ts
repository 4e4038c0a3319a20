import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { loginWait, messages } from '../../shared/messages.ts';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, sessionResponseSchema } from '../../shared/schemas/auth.ts';
import { acceptInvitationResponseSchema, acceptInvitationSchema } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { acceptInvitation } from '../users/invitations.ts';
import { landingCourse } from '../users/service.ts';
import { AppError } from '../errors.ts';
import { isStaff } from '../access/course-roles.ts';
import { toSessionUser, toWebHeaders } from './guards.ts';
import { attemptFailed, countAttempt, hit, limits, loginDelays, loginSucceeded, requireUnderLimit } from './rate-limit.ts';
import { noContent } from '../http/responses.ts';

const messageResponse = z.object({ message: z.string() });

/** Copies the cookies better-auth set (or cleared) onto our reply. */
function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** 429 with `Retry-After` and the wait in Spanish. */
function tooManyAttempts(reply: FastifyReply, seconds: number): never {
  const wait = Math.max(1, Math.ceil(seconds));
  reply.header('retry-after', String(wait));
  throw new AppError('TOO_MANY_REQUESTS', loginWait(wait));
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { auth, db, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/login', { schema: { body: loginSchema, response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    const emailKey = `login:email:${email}`;
    const pairKey = `login:email-ip:${email}|${request.ip}`;
    const ipKey = `login:ip:${request.ip}`;
    // Counted before the password is checked, atomically: parallel attempts cannot all slip in.
    // Only this email's failures from this client refuse before the check; the account's and
    // the address's counts are other people's too, so a right password always gets in past them.
    const verdict = await countAttempt(db, [
      { key: pairKey, delay: loginDelays.emailAndClient },
      { key: emailKey, delay: loginDelays.email },
      { key: ipKey, delay: loginDelays.client },
    ]);
    if (!verdict.allowed) tooManyAttempts(reply, verdict.retryAfterSeconds);
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password, rememberMe: true },
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      await loginSucceeded(db, [emailKey, pairKey], ipKey, loginDelays.client.free);
      forwardCookies(reply, headers);
      return { user: toSessionUser({ ...response.user, staff: await isStaff(db, response.user.id) }) };
    } catch (error) {
      if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 400)) {
        const wait = await attemptFailed(db, verdict.waits);
        // A deactivated account (better-auth's ban) is told so, only after the right password.
        if (error.body?.code === 'BANNED_USER') throw new AppError('FORBIDDEN', messages.userDeactivated);
        // The account or the address was already waiting: a wrong password is told to wait too.
        if (verdict.slowed) tooManyAttempts(reply, wait);
        throw new AppError('INVALID_CREDENTIALS', messages.wrongLogin);
      }
      throw error;
    }
  });

  r.post('/auth/logout', { schema: { response: noContent } }, async (request, reply) => {
    if (await guards.currentUser(request)) {
      const { headers } = await auth.api.signOut({ headers: toWebHeaders(request), returnHeaders: true });
      forwardCookies(reply, headers);
    }
    return reply.status(204).send();
  });

  r.get('/auth/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await guards.currentUser(request);
    // A session cookie the server signed, for a session it no longer has: the login page says the
    // session lapsed, rather than nothing.
    if (!user && guards.tokenOf(request)) return { user: null, lapsed: true };
    return { user };
  });

  r.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      await requireUnderLimit(db, reply, `recovery:ip:${request.ip}`, limits.recoveryPerIp);
      // The answer is the same whether or not the account exists (no enumeration);
      // past the per-email limit nothing more is sent, to stop mail bombing.
      if (await hit(db, `recovery:email:${email}`, limits.recoveryPerEmail)) {
        await auth.api.requestPasswordReset({ body: { email } });
      }
      return { message: messages.resetSent };
    },
  );

  r.post('/auth/reset-password', { schema: { body: resetPasswordSchema, response: { 200: messageResponse } } }, async (request) => {
    try {
      await auth.api.resetPassword({ body: { token: request.body.token, newPassword: request.body.password } });
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 400) {
        throw new AppError('INVALID_TOKEN', messages.resetLinkInvalid);
      }
      throw error;
    }
    return { message: messages.resetDone };
  });

  // 'Creá tu contraseña': the invitation link's page. Uses up the invitation, sets the first
  // password and signs the user in.
  r.post(
    '/auth/accept-invitation',
    { schema: { body: acceptInvitationSchema, response: { 200: acceptInvitationResponseSchema } } },
    async (request, reply) => {
      const { userId, email } = await acceptInvitation(ctx, request.body.token, request.body.password);
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: request.body.password, rememberMe: true },
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      const user = toSessionUser({ ...response.user, staff: await isStaff(db, userId) });
      return { user, courseId: user.role === 'student' ? await landingCourse(db, userId) : null };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { messages } from '../../shared/messages.ts';
import { sessionResponseSchema } from '../../shared/schemas/auth.ts';
import { changePasswordSchema, updateMeSchema } from '../../shared/schemas/users.ts';
import { toWebHeaders } from '../auth/guards.ts';
import { requireUnderLimit, type Limit } from '../auth/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { noContent } from '../http/responses.ts';

/** Wrong current passwords per account: someone at an open session cannot guess their way to the password. */
const passwordChecks: Limit = { max: 10, windowSeconds: 15 * 60 };

/** 'Mi cuenta': one's own name and password (each user reaches only their own). */
export async function meRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, guards } = ctx;

  r.patch('/me', { schema: { body: updateMeSchema, response: { 200: sessionResponseSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    // Through better-auth, so that every instance forgets the sessions that still carry the old name.
    await auth.api.updateUser({ body: { name: request.body.name }, headers: toWebHeaders(request) });
    return { user: { ...user, name: request.body.name } };
  });

  // 'Cambiar contraseña': the current one first; every other session of the account ends, this
  // one goes on (with a new cookie).
  r.put('/me/password', { schema: { body: changePasswordSchema, response: noContent } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    await requireUnderLimit(db, reply, `password-change:user:${user.id}`, passwordChecks);
    try {
      const { headers } = await auth.api.changePassword({
        body: { currentPassword: request.body.currentPassword, newPassword: request.body.newPassword, revokeOtherSessions: true },
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 400)
        throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
      throw error;
    }
    // The other sessions' open live streams close, on every instance.
    await ctx.events.publish({ type: 'session.ended', userId: user.id });
    return reply.status(204).send();
  });
}

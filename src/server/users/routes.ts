import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userListQuerySchema, userListSchema } from '../../shared/schemas/access.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { createUserSchema, userSchema } from '../../shared/schemas/users.ts';
import { findUser } from '../access/service.ts';
import { toSessionUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { listUsers } from './list-users.ts';
import { createUser } from './service.ts';
import { idempotencyHeaders, idempotent } from '../http/idempotency.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/users', { schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    return listUsers(ctx.db, request.query);
  });

  r.post(
    '/users',
    { schema: { headers: idempotencyHeaders, body: createUserSchema, response: { 201: z.object({ user: userSchema }) } } },
    async (request, reply) => {
      const admin = await ctx.guards.requireAdmin(request);
      const { name, email, role } = request.body;
      // The password stays out of the stored fingerprint.
      const user = await idempotent(ctx.db, request, admin.id, () => createUser(ctx, request.body), { name, email, role });
      return reply.status(201).send({ user });
    },
  );

  r.get(
    '/users/:userId',
    { schema: { params: z.object({ userId: idSchema }), response: { 200: z.object({ user: userSchema }) } } },
    async (request) => {
      await ctx.guards.requireAdmin(request);
      return { user: toSessionUser(await findUser(ctx.db, request.params.userId)) };
    },
  );
}

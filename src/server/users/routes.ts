import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, userSchema } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { createUser } from './service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users',
    { schema: { body: createUserSchema, response: { 201: z.object({ user: userSchema }) } } },
    async (request, reply) => {
      await ctx.guards.requireAdmin(request);
      const user = await createUser(ctx, request.body);
      return reply.status(201).send({ user });
    },
  );
}

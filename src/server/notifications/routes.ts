import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailPreferencesSchema, updateEmailPreferencesSchema } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { getPreferences, updatePreferences } from './preferences.ts';

const response = { 200: z.object({ preferences: emailPreferencesSchema }) };

/** 'Mi cuenta': the signed-in user's own email choices (each user reaches only their own). */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me/email-preferences', { schema: { response } }, async (request, reply) => {
    const user = await ctx.guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return { preferences: await getPreferences(ctx.db, user.id) };
  });

  r.put('/me/email-preferences', { schema: { body: updateEmailPreferencesSchema, response } }, async (request) => {
    const user = await ctx.guards.requireUser(request);
    return { preferences: await updatePreferences(ctx.db, user.id, request.body) };
  });
}

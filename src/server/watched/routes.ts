import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { watchedInputSchema, watchedResponseSchema } from '../../shared/schemas/watched.ts';
import { canViewModule, loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import { recordWatched } from './service.ts';

const moduleParams = z.object({ moduleId: idSchema });

export async function watchedRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // The student's player reports what played (every few seconds, on pause and when the page is
  // left). Repeating a report is harmless: intervals are merged, not added up.
  r.post(
    '/modules/:moduleId/watched',
    { schema: { params: moduleParams, body: watchedInputSchema, response: { 200: watchedResponseSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const module = await findModule(db, request.params.moduleId);
      // Only students have watched progress; an admin previewing a module records nothing.
      requireRole(user.role === 'student');
      requireVisible(canViewModule(user, await loadAccess(db, user.id, module.courseId, module.id)), moduleNotFound);
      return { watched: await recordWatched(db, user.id, module.id, request.body) };
    },
  );
}

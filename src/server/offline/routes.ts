// 'Descargar para ver sin conexión': the list of what to download of a module. The files and data
// it lists are fetched from their own routes, which check access on every request, so a
// download never gets what the trainee may no longer see.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { offlineJugadaKeysSchema, offlineModuleSchema } from '../../shared/schemas/offline.ts';
import { requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { isOpen, presentStudentModule, readStudentModules } from '../modules/read.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import { offlineJugadaKeys, offlineModule } from './read.ts';

const moduleParams = z.object({ moduleId: idSchema });

/**
 * A trainee's own (admins get 403, as on practice): only a module open to them now, in a course
 * enabled for them; a blocked or archived module answers the 404 of an unknown one.
 */
async function openModule({ db, guards }: AppContext, request: FastifyRequest, moduleId: string) {
  const user = await guards.requireUser(request);
  requireRole(user.role === 'student');
  const found = await findModule(db, moduleId);
  const [row] = await readStudentModules(db, user.id, found.courseId, sql`m.id = ${found.id}`);
  requireVisible(row !== undefined && row.courseEnabled && isOpen(row), moduleNotFound);
  return row!;
}

export async function offlineRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The app asks again for each download when it is online, and removes those that answer 404.
  r.get('/modules/:moduleId/offline', { schema: { params: moduleParams, response: { 200: offlineModuleSchema } } }, async (request) => {
    const row = await openModule(ctx, request, request.params.moduleId);
    // A module without questions gives an empty activity: nothing to download for it.
    return offlineModule(ctx.db, presentStudentModule(row), row.submitted !== null && (row.items ?? 0) > 0);
  });

  r.get(
    '/modules/:moduleId/offline/jugadas',
    { schema: { params: moduleParams, response: { 200: offlineJugadaKeysSchema } } },
    async (request) => {
      const row = await openModule(ctx, request, request.params.moduleId);
      return { keys: await offlineJugadaKeys(ctx.db, row.id) };
    },
  );
}

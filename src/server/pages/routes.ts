import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { activitiesPageSchema, courseModulesPageSchema, homePageSchema, modulePageSchema } from '../../shared/schemas/pages.ts';
import { canViewCourse, canViewModule, isAdmin, requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound, listAllCourses, listEnabledCourses, presentCourse } from '../courses/service.ts';
import { findModule, moduleNotFound, withQuestions } from '../modules/service.ts';
import { activityNotFound, loadActivity, loadCourseModules, loadModule } from './service.ts';

const courseParams = z.object({ courseId: idSchema });
const moduleParams = z.object({ moduleId: idSchema });

/**
 * One request per page a student opens most, with exactly the authorization of the routes it
 * stands for (GET /courses, /courses/:id/my-modules, /modules/:id, /modules/:id/activity).
 */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get('/pages/inicio', { schema: { response: { 200: homePageSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    const rows = isAdmin(user) ? await listAllCourses(db) : await listEnabledCourses(db, user.id);
    return { user, courses: rows.map(presentCourse) };
  });

  r.get(
    '/pages/courses/:courseId/modulos',
    { schema: { params: courseParams, response: { 200: courseModulesPageSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const { access, modules } = await loadCourseModules(db, user.id, request.params.courseId);
      requireVisible(canViewCourse(user, access), courseNotFound);
      return { user, modules };
    },
  );

  r.get('/pages/modules/:moduleId', { schema: { params: moduleParams, response: { 200: modulePageSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    const { module, access, modules } = await loadModule(db, user.id, request.params.moduleId);
    // Admins edit modules: theirs comes with its questions (rare, a second query is fine).
    if (isAdmin(user)) return { user, module: await withQuestions(db, await findModule(db, module.id)), modules };
    requireVisible(canViewModule(user, access), moduleNotFound);
    return { user, module, modules };
  });

  r.get(
    '/pages/modules/:moduleId/actividades',
    { schema: { params: moduleParams, response: { 200: activitiesPageSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const { access, archivedReadable, activity } = await loadActivity(db, user.id, request.params.moduleId);
      requireRole(user.role === 'student');
      requireVisible(canViewModule(user, access) || archivedReadable, moduleNotFound);
      if (!activity) throw activityNotFound();
      return { user, activity };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessInputSchema, bulkAccessResultSchema, userCourseSchema, userModuleSchema } from '../../shared/schemas/access.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import {
  coursesOfUser,
  findUser,
  modulesOfUser,
  setModuleAccessForCourseStudents,
  setUserCourseAccess,
  setUserModuleAccess,
} from './service.ts';
import { noContent } from '../http/responses.ts';
import { moduleNotFound } from '../modules/service.ts';

const userParams = z.object({ userId: idSchema });
const userCourseParams = z.object({ userId: idSchema, courseId: idSchema });
const userModuleParams = z.object({ userId: idSchema, moduleId: idSchema });

/** The admin's per-student toggles: 'Habilitar' / 'Bloquear' courses and modules. */
export async function accessRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get(
    '/users/:userId/courses',
    { schema: { params: userParams, response: { 200: z.object({ courses: z.array(userCourseSchema) }) } } },
    async (request) => {
      await guards.requireAdmin(request);
      await findUser(db, request.params.userId);
      return { courses: await coursesOfUser(db, request.params.userId) };
    },
  );

  r.put(
    '/users/:userId/courses/:courseId/access',
    { schema: { params: userCourseParams, body: accessInputSchema, response: noContent } },
    async (request, reply) => {
      const { user } = await guards.requireCourse(request, { course: request.params.courseId }, 'alumnos.gestionar', courseNotFound);
      const { userId, courseId } = request.params;
      await setUserCourseAccess(db, userId, courseId, request.body.enabled, user);
      if (!request.body.enabled) await ctx.events.publish({ type: 'access.revoked', userId, courseId });
      return reply.status(204).send();
    },
  );

  r.get(
    '/users/:userId/courses/:courseId/modules',
    { schema: { params: userCourseParams, response: { 200: z.object({ modules: z.array(userModuleSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'alumnos.gestionar', courseNotFound);
      await findUser(db, request.params.userId);
      await findCourse(db, request.params.courseId);
      return { modules: await modulesOfUser(db, request.params.userId, request.params.courseId) };
    },
  );

  r.put(
    '/users/:userId/modules/:moduleId/access',
    { schema: { params: userModuleParams, body: accessInputSchema, response: noContent } },
    async (request, reply) => {
      const { user } = await guards.requireCourse(request, { module: request.params.moduleId }, 'alumnos.gestionar', moduleNotFound);
      const { userId, moduleId } = request.params;
      await setUserModuleAccess(db, userId, moduleId, request.body.enabled, user);
      if (!request.body.enabled) await ctx.events.publish({ type: 'access.revoked', userId, moduleId });
      return reply.status(204).send();
    },
  );

  r.put(
    '/modules/:moduleId/access',
    { schema: { params: z.object({ moduleId: idSchema }), body: accessInputSchema, response: { 200: bulkAccessResultSchema } } },
    async (request) => {
      const { user } = await guards.requireCourse(request, { module: request.params.moduleId }, 'alumnos.gestionar', moduleNotFound);
      const { moduleId } = request.params;
      const affected = await setModuleAccessForCourseStudents(db, moduleId, request.body.enabled, user);
      if (!request.body.enabled) await ctx.events.publish({ type: 'access.revoked', moduleId });
      return { affected };
    },
  );
}

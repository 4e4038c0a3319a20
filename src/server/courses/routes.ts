import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseInputSchema, courseSchema, courseUpdateSchema, idSchema } from '../../shared/schemas/content.ts';
import { authorize, canViewCourse, isAdmin, loadAccess } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { idempotencyHeaders, idempotent } from '../http/idempotency.ts';
import { createCourse, findCourse, listAllCourses, listEnabledCourses, presentCourse, updateCourse } from './service.ts';

const courseParams = z.object({ courseId: idSchema });

export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // Admins get every course; a student the courses enabled for them.
  r.get('/courses', { schema: { response: { 200: z.object({ courses: z.array(courseSchema) }) } } }, async (request) => {
    const user = await guards.requireUser(request);
    const rows = isAdmin(user) ? await listAllCourses(db) : await listEnabledCourses(db, user.id);
    return { courses: rows.map(presentCourse) };
  });

  r.post(
    '/courses',
    { schema: { headers: idempotencyHeaders, body: courseInputSchema, response: { 201: z.object({ course: courseSchema }) } } },
    async (request, reply) => {
      const admin = await guards.requireAdmin(request);
      const course = await idempotent(db, request, admin.id, async () => presentCourse(await createCourse(db, request.body)));
      return reply.status(201).send({ course });
    },
  );

  r.get('/courses/:courseId', { schema: { params: courseParams, response: { 200: z.object({ course: courseSchema }) } } }, async (request) => {
    const user = await guards.requireUser(request);
    const row = await findCourse(db, request.params.courseId);
    authorize(canViewCourse(user, await loadAccess(db, user.id, row.id)));
    return { course: presentCourse(row) };
  });

  r.patch(
    '/courses/:courseId',
    { schema: { params: courseParams, body: courseUpdateSchema, response: { 200: z.object({ course: courseSchema }) } } },
    async (request) => {
      await guards.requireAdmin(request);
      const row = await updateCourse(db, request.params.courseId, request.body);
      return { course: presentCourse(row) };
    },
  );
}

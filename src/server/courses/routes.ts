import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveInputSchema,
  courseInputSchema,
  courseOverviewSchema,
  courseSchema,
  courseUpdateSchema,
  idSchema,
} from '../../shared/schemas/content.ts';
import { noContent } from '../http/responses.ts';
import { deleteCourse, setCourseArchived } from './archive.ts';
import { canViewCourse, loadAccess, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { courseOverview, listVisibleCourses, presentCourse } from './read.ts';
import { courseNotFound, createCourse, findCourse, updateCourse } from './service.ts';
import { coursesAllowing, mayDoIn } from '../access/course-roles.ts';
import { may } from '../../shared/course-roles.ts';
import { waitingIn } from './waiting.ts';

const courseParams = z.object({ courseId: idSchema });

export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // Admins get every course; a student the courses enabled for them.
  r.get('/courses', { schema: { response: { 200: z.object({ courses: z.array(courseSchema) }) } } }, async (request) => {
    const user = await guards.requireUser(request);
    return { courses: await listVisibleCourses(db, user.id) };
  });

  // The admin's 'Cursos' page and home tiles: each course with what waits in it.
  // `?pendientes=1` (the home): also what waits in payments and approval, for whoever sees each.
  r.get(
    '/courses/overview',
    {
      schema: {
        querystring: z.object({ pendientes: z.optional(z.literal('1', { error: 'pendientes sólo puede ser 1.' })) }),
        response: { 200: z.object({ courses: z.array(courseOverviewSchema) }) },
      },
    },
    async (request) => {
      const user = await guards.requireSomewhere(request, 'curso.ver');
      const only = coursesAllowing(user, 'curso.ver');
      const courses = await courseOverview(db, only && { userId: user.id, only });
      if (!request.query.pendientes) return { courses };
      const now = ctx.clock.now();
      for (const course of courses.filter((c) => !c.archivedAt)) {
        const reader = course.roles ?? 'admin';
        const sees = { payments: may(reader, 'pagos.ver'), approval: may(reader, 'aprobacion.gestionar') };
        Object.assign(course, await waitingIn(db, course.id, now, sees));
      }
      return { courses };
    },
  );

  r.post(
    '/courses',
    { schema: { headers: idempotencyHeaders, body: courseInputSchema, response: { 201: z.object({ course: courseSchema }) } } },
    async (request, reply) => {
      const admin = await guards.requireAdmin(request);
      const course = await idempotentWrite(db, request, admin.id, async (tx) => presentCourse(await createCourse(tx, request.body)));
      return reply.status(201).send({ course });
    },
  );

  r.get(
    '/courses/:courseId',
    { schema: { params: courseParams, response: { 200: z.object({ course: courseSchema }) } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const row = await findCourse(db, request.params.courseId);
      // Its trainees, and its team.
      if (!(await mayDoIn(db, user, { course: row.id }, 'curso.ver')))
        requireVisible(canViewCourse(user, await loadAccess(db, user.id, row.id)), courseNotFound);
      return { course: presentCourse(row) };
    },
  );

  r.patch(
    '/courses/:courseId',
    { schema: { params: courseParams, body: courseUpdateSchema, response: { 200: z.object({ course: courseSchema }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const row = await updateCourse(db, request.params.courseId, request.body);
      return { course: presentCourse(row) };
    },
  );

  // 'Archivar' / 'Restaurar': hidden from students or shown again; nothing they wrote is touched.
  r.put(
    '/courses/:courseId/archived',
    { schema: { params: courseParams, body: archiveInputSchema, response: { 200: z.object({ course: courseSchema }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const row = await setCourseArchived(db, request.params.courseId, request.body.archived);
      // Students' open forum streams of the course end at once.
      if (request.body.archived) await ctx.events.publish({ type: 'access.revoked', courseId: row.id });
      return { course: presentCourse(row) };
    },
  );

  // 'Eliminar': only a course no student has worked in (409 otherwise).
  r.delete('/courses/:courseId', { schema: { params: courseParams, response: noContent } }, async (request, reply) => {
    await guards.requireAdmin(request);
    await deleteCourse(db, request.params.courseId);
    return reply.status(204).send();
  });
}

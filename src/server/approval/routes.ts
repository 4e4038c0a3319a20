import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalInputSchema, courseApprovalSchema } from '../../shared/schemas/approval.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import type { AppContext } from '../context.ts';
import { courseApproval } from './read.ts';
import { saveApproval } from './service.ts';
import { courseNotFound } from '../courses/service.ts';

const courseParams = z.object({ courseId: idSchema });

/** 'Requisitos de aprobación' and who is 'Apto'. Only the course's instructors (admins). */
export async function approvalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get('/courses/:courseId/approval', { schema: { params: courseParams, response: { 200: courseApprovalSchema } } }, async (request) => {
    await guards.requireCourse(request, { course: request.params.courseId }, 'aprobacion.gestionar', courseNotFound);
    return courseApproval(db, request.params.courseId, ctx.clock.now());
  });

  // Refused (409) while a course record is closed: the record's results must not change.
  r.put(
    '/courses/:courseId/approval',
    { schema: { params: courseParams, body: approvalInputSchema, response: { 200: courseApprovalSchema } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { course: request.params.courseId },
        'aprobacion.gestionar',
        courseNotFound,
      );
      await saveApproval(db, request.params.courseId, request.body, admin);
      return courseApproval(db, request.params.courseId, ctx.clock.now());
    },
  );
}

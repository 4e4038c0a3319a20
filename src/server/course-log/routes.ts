import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { courseLogQuerySchema, courseLogSchema } from '../../shared/schemas/course-log.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound } from '../courses/service.ts';
import { courseLog, courseLogCsv } from './read.ts';

const courseParams = z.object({ courseId: idSchema });

/** 'Registro de cambios': for the course's instructors and the administrators. Read only: nothing edits or deletes an entry. */
export async function courseLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get(
    '/courses/:courseId/changes',
    { schema: { params: courseParams, querystring: courseLogQuerySchema, response: { 200: courseLogSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'registro.ver', courseNotFound);
      return courseLog(db, request.params.courseId, request.query);
    },
  );

  r.get(
    '/courses/:courseId/changes.csv',
    {
      schema: {
        params: courseParams,
        querystring: courseLogQuerySchema,
        response: { 200: z.string().meta({ description: 'El registro en CSV (punto y coma, UTF-8 con BOM)' }) },
      },
    },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'registro.ver', courseNotFound);
      const { filename, body } = await courseLogCsv(db, request.params.courseId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { boardQuerySchema, progressBoardSchema, type BoardColumns } from '../../shared/schemas/progress.ts';
import { may, type Reader } from '../../shared/course-roles.ts';
import type { AppContext } from '../context.ts';
import { progressBoard, progressBoardCsv } from './service.ts';
import { courseNotFound } from '../courses/service.ts';

const courseParams = z.object({ courseId: idSchema });

/** What of the trainees' record the reader's roles let them see on the board. */
const boardColumnsFor = (reader: Reader): BoardColumns => ({ payments: may(reader, 'pagos.ver'), observations: may(reader, 'legajo.ver') });

export async function progressRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // The class progress board, one page of students at a time.
  r.get(
    '/courses/:courseId/progress',
    { schema: { params: courseParams, querystring: boardQuerySchema, response: { 200: progressBoardSchema } } },
    async (request) => {
      const { roles } = await guards.requireCourse(request, { course: request.params.courseId }, 'tablero.ver', courseNotFound);
      return progressBoard(db, request.params.courseId, request.query, ctx.clock.now(), boardColumnsFor(roles));
    },
  );

  // 'Descargar CSV': every student matching the filter.
  r.get(
    '/courses/:courseId/progress.csv',
    {
      schema: {
        params: courseParams,
        querystring: boardQuerySchema,
        response: { 200: z.string().meta({ description: 'El tablero en CSV (separado por punto y coma, UTF-8 con BOM)' }) },
      },
    },
    async (request, reply) => {
      const { roles } = await guards.requireCourse(request, { course: request.params.courseId }, 'tablero.ver', courseNotFound);
      const { filename, body } = await progressBoardCsv(
        db,
        request.params.courseId,
        request.query,
        ctx.clock.now(),
        boardColumnsFor(roles),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

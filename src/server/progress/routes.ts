import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { boardQuerySchema, progressBoardSchema } from '../../shared/schemas/progress.ts';
import type { AppContext } from '../context.ts';
import { progressBoard, progressBoardCsv } from './service.ts';

const courseParams = z.object({ courseId: idSchema });

export async function progressRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // The class progress board, one page of students at a time.
  r.get(
    '/courses/:courseId/progress',
    { schema: { params: courseParams, querystring: boardQuerySchema, response: { 200: progressBoardSchema } } },
    async (request) => {
      await guards.requireAdmin(request);
      return progressBoard(db, request.params.courseId, request.query, ctx.clock.now());
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
      await guards.requireAdmin(request);
      const { filename, body } = await progressBoardCsv(db, request.params.courseId, request.query, ctx.clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

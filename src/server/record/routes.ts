import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { myRecordSchema, traineeRecordSchema } from '../../shared/schemas/record.ts';
import { changeKindsFor, may } from '../../shared/course-roles.ts';
import type { AppContext } from '../context.ts';
import { myRecord, traineeRecord } from './read.ts';
import { courseNotFound } from '../courses/service.ts';

const traineeParams = z.object({ courseId: idSchema, userId: idSchema });

export async function recordRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // The trainee's page: a student of the course, for the instructor. Anyone else is a 404.
  r.get(
    '/courses/:courseId/trainees/:userId/record',
    { schema: { params: traineeParams, response: { 200: traineeRecordSchema } } },
    async (request) => {
      const { roles } = await guards.requireCourse(request, { course: request.params.courseId }, 'legajo.ver', courseNotFound);
      const payments = may(roles, 'pagos.ver');
      return traineeRecord(db, request.params.courseId, request.params.userId, ctx.clock.now(), { payments, kinds: changeKindsFor(roles) });
    },
  );

  // 'Mi cuenta': the signed-in trainee's own standing, exams, certificates, attendance, plan and
  // payments, physical test and observations. Only theirs: the session says whose.
  r.get('/me/record', { schema: { response: { 200: myRecordSchema } } }, async (request) => {
    const me = await guards.requireUser(request);
    return myRecord(db, me, ctx.clock.now(), ctx.config.publicUrl);
  });
}

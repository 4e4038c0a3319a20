import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { recordMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  fitnessResultInputSchema,
  fitnessResultSchema,
  fitnessTestInputSchema,
  fitnessTestSchema,
  traineeFitnessSchema,
} from '../../shared/schemas/fitness.ts';
import type { AppContext } from '../context.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { findTrainee } from '../record/read.ts';
import { fitnessOf } from './read.ts';
import { deleteFitnessResult, findFitnessTest, recordFitnessResult, updateFitnessTest, resultNotFound } from './service.ts';
import { courseNotFound } from '../courses/service.ts';

const courseParams = z.object({ courseId: idSchema });
const traineeParams = z.object({ courseId: idSchema, userId: idSchema });
const resultParams = z.object({ resultId: idSchema });
const testResponse = z.object({ test: fitnessTestSchema });

/** 'Prueba física': the course's test and each trainee's results. Only the course's instructors (admins). */
export async function fitnessRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get('/courses/:courseId/fitness-test', { schema: { params: courseParams, response: { 200: testResponse } } }, async (request) => {
    await guards.requireCourse(request, { course: request.params.courseId }, 'observaciones.registrar', courseNotFound);
    return { test: await findFitnessTest(db, request.params.courseId) };
  });

  // Changing the minimum judges every result again: the verdict is never stored.
  r.put(
    '/courses/:courseId/fitness-test',
    { schema: { params: courseParams, body: fitnessTestInputSchema, response: { 200: testResponse } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      return { test: await updateFitnessTest(db, request.params.courseId, request.body, admin) };
    },
  );

  // A trainee's test and results (a blocked trainee's stay readable, like the rest of their record).
  r.get(
    '/courses/:courseId/trainees/:userId/fitness-results',
    { schema: { params: traineeParams, response: { 200: traineeFitnessSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'observaciones.registrar', courseNotFound);
      const { courseId, userId } = request.params;
      await findFitnessTest(db, courseId);
      await findTrainee(db, courseId, userId);
      return fitnessOf(db, courseId, userId);
    },
  );

  // 'Registrar prueba física': only for a trainee with the course enabled.
  r.post(
    '/courses/:courseId/trainees/:userId/fitness-results',
    {
      schema: {
        headers: idempotencyHeaders,
        params: traineeParams,
        body: fitnessResultInputSchema,
        response: { 201: z.object({ result: fitnessResultSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { course: request.params.courseId },
        'observaciones.registrar',
        courseNotFound,
      );
      const today = dayOf(ctx.clock.now());
      const result = await idempotentWrite(db, request, admin.id, (tx) =>
        recordFitnessResult(tx, request.params, request.body, admin, today),
      );
      return reply.status(201).send({ result, message: recordMessages.fitnessRecorded });
    },
  );

  r.delete(
    '/fitness-results/:resultId',
    { schema: { params: resultParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { fitnessResult: request.params.resultId },
        'observaciones.registrar',
        resultNotFound,
      );
      await deleteFitnessResult(db, request.params.resultId, admin);
      return { message: recordMessages.fitnessResultDeleted };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { recordMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { observationInputSchema, observationSchema, traineeObservationsSchema } from '../../shared/schemas/observations.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { findTrainee } from '../record/read.ts';
import { observationsOf } from './read.ts';
import { createObservation, deleteObservation, updateObservation, observationNotFound } from './service.ts';

const traineeParams = z.object({ courseId: idSchema, userId: idSchema });
const observationParams = z.object({ observationId: idSchema });
const observationResponse = z.object({ observation: observationSchema, message: z.string() });

/** 'Observaciones de partido': a trainee's observations. Only the course's instructors (admins). */
export async function observationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // A trainee's observations (a blocked trainee's stay readable, like the rest of their record).
  r.get(
    '/courses/:courseId/trainees/:userId/observations',
    { schema: { params: traineeParams, response: { 200: traineeObservationsSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'observaciones.registrar', courseNotFound);
      const { courseId, userId } = request.params;
      await findCourse(db, courseId);
      await findTrainee(db, courseId, userId);
      return observationsOf(db, courseId, userId);
    },
  );

  // 'Nueva observación': only for a trainee with the course enabled.
  r.post(
    '/courses/:courseId/trainees/:userId/observations',
    {
      schema: {
        headers: idempotencyHeaders,
        params: traineeParams,
        body: observationInputSchema,
        response: { 201: observationResponse },
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
      const observation = await idempotentWrite(db, request, admin.id, (tx) =>
        createObservation(tx, request.params, request.body, admin, today),
      );
      return reply.status(201).send({ observation, message: recordMessages.observationRecorded });
    },
  );

  r.put(
    '/observations/:observationId',
    { schema: { params: observationParams, body: observationInputSchema, response: { 200: observationResponse } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { observation: request.params.observationId },
        'observaciones.registrar',
        observationNotFound,
      );
      const observation = await updateObservation(db, request.params.observationId, request.body, admin, dayOf(ctx.clock.now()));
      return { observation, message: recordMessages.observationSaved };
    },
  );

  r.delete(
    '/observations/:observationId',
    { schema: { params: observationParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { observation: request.params.observationId },
        'observaciones.registrar',
        observationNotFound,
      );
      await deleteObservation(db, request.params.observationId, admin);
      return { message: recordMessages.observationDeleted };
    },
  );
}

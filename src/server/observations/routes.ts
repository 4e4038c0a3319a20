import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { recordMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { observationInputSchema, observationSchema, traineeObservationsSchema } from '../../shared/schemas/observations.ts';
import type { AppContext } from '../context.ts';
import { findCourse } from '../courses/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { findTrainee } from '../record/read.ts';
import { observationsOf } from './read.ts';
import { createObservation, deleteObservation, updateObservation } from './service.ts';

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
      await guards.requireAdmin(request);
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
      const admin = await guards.requireAdmin(request);
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
      const admin = await guards.requireAdmin(request);
      const observation = await updateObservation(db, request.params.observationId, request.body, admin, dayOf(ctx.clock.now()));
      return { observation, message: recordMessages.observationSaved };
    },
  );

  r.delete(
    '/observations/:observationId',
    { schema: { params: observationParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      await deleteObservation(db, request.params.observationId, admin);
      return { message: recordMessages.observationDeleted };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { defaultRenewalName, renewalCreatedSchema, renewalInputSchema, renewalPreviewSchema } from '../../shared/schemas/renewal.ts';
import type { AppContext } from '../context.ts';
import { presentCourse } from '../courses/read.ts';
import { findCourse } from '../courses/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { renewalHolders, renewalsOf } from './read.ts';
import { copyDocuments, createRenewalCourse } from './service.ts';

const courseParams = z.object({ courseId: idSchema });

/** 'Curso de actualización' on a course's approval page: what it would do, and doing it. */
export async function renewalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get(
    '/courses/:courseId/renewal',
    { schema: { params: courseParams, response: { 200: renewalPreviewSchema } } },
    async (request, reply) => {
      await guards.requireAdmin(request);
      const original = await findCourse(db, request.params.courseId);
      const today = dayOf(ctx.clock.now());
      reply.header('cache-control', 'no-store');
      return {
        holders: (await renewalHolders(db, original.id, today)).length,
        defaultName: defaultRenewalName(original.name, today.slice(0, 4)),
        renewals: await renewalsOf(db, original.id),
      };
    },
  );

  // 'Crear curso de actualización': the documents' bytes copied first, then the copy and the
  // enrolments in one transaction; 201 with the new course. Copies nothing ends up using (a failure,
  // a repeat answered with the first request's answer) are removed.
  r.post(
    '/courses/:courseId/renewal',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: renewalInputSchema, response: { 201: renewalCreatedSchema } } },
    async (request, reply) => {
      const admin = await guards.requireAdmin(request);
      const original = await findCourse(db, request.params.courseId);
      const copies = await copyDocuments(db, ctx.storage, original.id);
      for (const missing of copies.missing)
        request.log.warn(
          { documentId: missing.id, key: missing.storageKey },
          'documento sin archivo: no se copió al curso de actualización',
        );
      let unused: string[] | undefined;
      try {
        const created = await idempotentWrite(db, request, admin.id, async (tx, afterCommit) => {
          const made = await createRenewalCourse(tx, {
            courseId: original.id,
            name: request.body.name,
            today: dayOf(ctx.clock.now()),
            actor: admin,
            documentKeys: copies.keys,
          });
          afterCommit(() => {
            unused = made.unusedCopies;
          });
          return { course: presentCourse(made.course), enrolled: made.enrolled };
        });
        await copies.discard(unused);
        return reply.status(201).send(created);
      } catch (error) {
        await copies.discard();
        throw error;
      }
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { practiceAnswerBodySchema, practiceAnswerSchema, practiceSchema } from '../../shared/schemas/exams.ts';
import { loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound } from '../courses/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { readPractice } from './read.ts';
import { answerPractice } from './service.ts';

const courseParams = z.object({ courseId: idSchema });

/**
 * Practice is a trainee's own: only a student, in a course enabled for them (and not archived).
 * Anything else of theirs answers the 404 of an unknown course, so no course id can be probed.
 * An admin gets 403, as on the other pages only students use (their jugadas): practice keeps a
 * person's own boxes, and an admin sees the questions themselves in the course's bank.
 */
async function requireTrainee({ db, guards }: AppContext, request: FastifyRequest, courseId: string) {
  const user = await guards.requireUser(request);
  requireRole(user.role === 'student');
  requireVisible((await loadAccess(db, user.id, courseId)).courseEnabled, courseNotFound);
  return user;
}

export async function practiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // What is due today, each chapter's progress and the next question (never its right options).
  r.get('/courses/:courseId/practice', { schema: { params: courseParams, response: { 200: practiceSchema } } }, async (request) => {
    const user = await requireTrainee(ctx, request, request.params.courseId);
    return readPractice(ctx.db, user.id, request.params.courseId, ctx.clock.now());
  });

  // Graded at once; the card moves once per answer. With an Idempotency-Key, a repeated request
  // (a retry after a lost answer) gets the first answer back.
  r.post(
    '/courses/:courseId/practice/answers',
    {
      schema: {
        headers: idempotencyHeaders,
        params: courseParams,
        body: practiceAnswerBodySchema,
        response: { 200: practiceAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireTrainee(ctx, request, request.params.courseId);
      return idempotentWrite(ctx.db, request, user.id, (db) =>
        answerPractice(db, user.id, request.params.courseId, request.body, ctx.clock.now()),
      );
    },
  );
}

import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/content.ts';
import { jugadaAnswerInputSchema } from '../../shared/schemas/jugadas.ts';
import {
  answerBodySchema,
  attemptSchema,
  clipFileQuerySchema,
  clipResponseSchema,
  examInputSchema,
  examResultsSchema,
  examScheduleSchema,
  examSchema,
  studentExamSchema,
  userExamSchema,
} from '../../shared/schemas/exams.ts';
import { canViewModule, loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { findUser } from '../access/service.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { noContent } from '../http/responses.ts';
import {
  answerValues,
  closeExpiredAttempts,
  findAttempt,
  remaining,
  saveAnswerStatement,
  startOrResume,
  submitAttempt,
  whyNotSaved,
} from './attempts.ts';
import { unauthorized } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { fileContent } from '../http/responses.ts';
import { renditionsOf, servedClip } from '../videos/read.ts';
import { answerClip, clipFile, startViewing } from './clips.ts';
import { bestResults, courseExams, listExams, presentStudentExam, showAttempt } from './read.ts';
import { examResults, examResultsCsv } from './results.ts';
import { createExam, deleteExam, examNotFound, findExam, updateExam, updateSchedule } from './service.ts';
import { mayDoIn } from '../access/course-roles.ts';

const courseParams = z.object({ courseId: idSchema });
const examParams = z.object({ examId: idSchema });
const attemptParams = z.object({ attemptId: idSchema });
const userCourseParams = z.object({ userId: idSchema, courseId: idSchema });
const answerParams = z.object({ attemptId: idSchema, position: z.coerce.number().int().min(0).max(1_000) });
const examResponse = z.object({ exam: examSchema });
const attemptResponse = z.object({ attempt: attemptSchema });

export async function examRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  adminRoutes(r, ctx);
  traineeRoutes(r, ctx);
  attemptRoutes(r, ctx);
}

/** The app with the zod type provider: routes typed by their schemas. */
type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The admin's: the course's exams, their conditions, their results. */
function adminRoutes(r: Routes, { db, guards, clock }: AppContext) {
  r.get(
    '/courses/:courseId/exams',
    { schema: { params: courseParams, response: { 200: z.object({ exams: z.array(examSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      return { exams: await listExams(db, request.params.courseId) };
    },
  );

  r.post(
    '/courses/:courseId/exams',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: examInputSchema, response: { 201: examResponse } } },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      const exam = await idempotentWrite(db, request, admin.id, (tx) => createExam(tx, request.params.courseId, request.body));
      return reply.status(201).send({ exam });
    },
  );

  r.put('/exams/:examId', { schema: { params: examParams, body: examInputSchema, response: { 200: examResponse } } }, async (request) => {
    await guards.requireCourse(request, { exam: request.params.examId }, 'contenido.editar', examNotFound);
    return { exam: await updateExam(db, request.params.examId, request.body) };
  });

  r.put(
    '/exams/:examId/schedule',
    { schema: { params: examParams, body: examScheduleSchema, response: { 200: examResponse } } },
    async (request) => {
      const { user } = await guards.requireCourse(request, { exam: request.params.examId }, 'contenido.editar', examNotFound);
      return { exam: await updateSchedule(db, request.params.examId, request.body, user) };
    },
  );

  r.delete('/exams/:examId', { schema: { params: examParams, response: noContent } }, async (request, reply) => {
    const { user } = await guards.requireCourse(request, { exam: request.params.examId }, 'contenido.editar', examNotFound);
    // An attempt whose time ran out is closed first: only someone still sitting the exam holds it.
    await closeExpiredAttempts(db, clock.now(), { examId: request.params.examId });
    await deleteExam(db, request.params.examId, user);
    return reply.status(204).send();
  });

  // The admin's page of a trainee: their best result at each of the course's exams.
  r.get(
    '/users/:userId/courses/:courseId/exams',
    { schema: { params: userCourseParams, response: { 200: z.object({ exams: z.array(userExamSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'examenes.resultados', courseNotFound);
      const { userId, courseId } = request.params;
      await findUser(db, userId);
      await findCourse(db, courseId);
      const exams = await courseExams(db, courseId);
      const best = await bestResults(
        db,
        exams.map((e) => e.id),
        [userId],
      );
      return {
        exams: exams.map((e) => {
          const mine = best.find((result) => result.examId === e.id);
          return {
            id: e.id,
            title: e.title,
            result: mine ? { scorePercent: mine.scorePercent, passed: mine.passed } : null,
            attempts: mine?.attempts ?? 0,
          };
        }),
      };
    },
  );

  r.get('/exams/:examId/results', { schema: { params: examParams, response: { 200: examResultsSchema } } }, async (request) => {
    await guards.requireCourse(request, { exam: request.params.examId }, 'examenes.resultados', examNotFound);
    return examResults(db, request.params.examId, clock.now());
  });

  r.get(
    '/exams/:examId/results.csv',
    {
      schema: {
        params: examParams,
        response: { 200: z.string().meta({ description: 'Los resultados en CSV (punto y coma, UTF-8 con BOM)' }) },
      },
    },
    async (request, reply) => {
      await guards.requireCourse(request, { exam: request.params.examId }, 'examenes.resultados', examNotFound);
      const { filename, body } = await examResultsCsv(db, request.params.examId, clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

/** An exam a trainee may see: on a module enabled for them (else the same 404 as an unknown exam). */
async function visibleExam(ctx: AppContext, request: FastifyRequest, examId: string) {
  const user = await ctx.guards.requireUser(request);
  const examRow = await findExam(ctx.db, examId);
  requireVisible(canViewModule(user, await loadAccess(ctx.db, user.id, examRow.courseId, examRow.moduleId)), examNotFound);
  return { user, examRow };
}

/**
 * The exam page's data (GET /api/pages/exams/:examId, and the page's document): where the trainee
 * stands, and their open attempt as it stands now, so a reload shows the questions and counts
 * down from the server's remaining time with no request of its own.
 */
export async function examPage(ctx: AppContext, request: FastifyRequest, examId: string) {
  const { user, examRow } = await visibleExam(ctx, request, examId);
  const now = ctx.clock.now();
  await closeExpiredAttempts(ctx.db, now, { examId: examRow.id, userId: user.id });
  const exam = await presentStudentExam(ctx.db, examRow, user.id, now);
  const open = exam.openAttemptId ? await findAttempt(ctx.db, exam.openAttemptId, user.id, now) : null;
  return { user, exam, attempt: open ? await showAttempt(ctx.db, open.attempt, open.examRow, now) : null };
}

/** The trainee's: where they stand with an exam, and starting an attempt (the module page's data links to its exams). */
function traineeRoutes(r: Routes, ctx: AppContext) {
  const { db, clock } = ctx;
  r.get('/exams/:examId/me', { schema: { params: examParams, response: { 200: studentExamSchema } } }, async (request) => {
    const { user, examRow } = await visibleExam(ctx, request, request.params.examId);
    const now = clock.now();
    await closeExpiredAttempts(db, now, { examId: examRow.id, userId: user.id });
    return presentStudentExam(db, examRow, user.id, now);
  });

  // 'Comenzar examen' / 'Continuar examen': a new attempt (201) or the open one (200), the same questions in the same order.
  r.post(
    '/exams/:examId/attempts',
    { schema: { params: examParams, response: { 200: attemptResponse, 201: attemptResponse } } },
    async (request, reply) => {
      const { user, examRow } = await visibleExam(ctx, request, request.params.examId);
      requireRole(user.role === 'student');
      const now = clock.now();
      const { attempt, started } = await startOrResume(db, examRow.id, user.id, now);
      return reply.status(started ? 201 : 200).send({ attempt: await showAttempt(db, attempt, examRow, now) });
    },
  );
}

/** An attempt: read by its trainee (or an admin), answered and handed in by its trainee. */
function attemptRoutes(r: Routes, ctx: AppContext) {
  const { db, guards, clock } = ctx;
  r.get('/attempts/:attemptId', { schema: { params: attemptParams, response: { 200: attemptResponse } } }, async (request) => {
    const user = await guards.requireUser(request);
    const now = clock.now();
    // The course's instructors read any attempt, as an administrator does; a trainee only their own.
    const reviewer = await mayDoIn(db, user, { attempt: request.params.attemptId }, 'examenes.resultados');
    const { attempt, examRow } = await findAttempt(db, request.params.attemptId, reviewer ? null : user.id, now);
    return { attempt: await showAttempt(db, attempt, examRow, now, { reviewAlways: reviewer }) };
  });

  r.put(
    '/attempts/:attemptId/answers/:position',
    {
      schema: {
        params: answerParams,
        body: answerBodySchema,
        response: { 200: z.object({ position: z.number(), answerSeq: z.number(), remainingSeconds: z.number() }) },
      },
    },
    async (request) => {
      const token = guards.tokenOf(request);
      if (!token) throw unauthorized();
      const now = clock.now();
      const input = { attemptId: request.params.attemptId, position: request.params.position, ...request.body };
      const values = answerValues(input, now);
      const [row] = await saveAnswerStatement.run(db, { ...values, token });
      const session = await guards.sessionFromRow(request, row?.session ?? null);
      if (!session || !row) throw unauthorized();
      requireRole(session.user.role === 'student');
      if (row.deadline) return { position: input.position, answerSeq: input.seq, remainingSeconds: remaining(row.deadline, now) };
      return whyNotSaved(db, { ...input, userId: session.user.id }, values.highest, now);
    },
  );

  r.post('/attempts/:attemptId/submit', { schema: { params: attemptParams, response: { 200: attemptResponse } } }, async (request) => {
    const user = await guards.requireUser(request);
    requireRole(user.role === 'student');
    const now = clock.now();
    const { attempt, examRow } = await submitAttempt(db, request.params.attemptId, user.id, now);
    return { attempt: await showAttempt(db, attempt, examRow, now) };
  });
  clipRoutes(r, ctx);
}

/** A video attempt's clips: 'Ver', 'Responder' and the clip's file, each for the attempt's trainee only. */
function clipRoutes(r: Routes, { db, guards, clock, storage }: AppContext) {
  r.post(
    '/attempts/:attemptId/clips/:position/views',
    { schema: { params: answerParams, response: { 200: clipResponseSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      requireRole(user.role === 'student');
      const { attemptId, position } = request.params;
      return startViewing(db, attemptId, user.id, position, clock.now());
    },
  );

  // The call for a clip; the last clip's answer hands the attempt in.
  r.put(
    '/attempts/:attemptId/clips/:position/answer',
    { schema: { params: answerParams, body: jugadaAnswerInputSchema, response: { 200: clipResponseSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      requireRole(user.role === 'student');
      const { attemptId, position } = request.params;
      const now = clock.now();
      const answered = await answerClip(db, attemptId, user.id, position, request.body, now);
      if (answered.allDone) await submitAttempt(db, attemptId, user.id, now);
      return answered.response;
    },
  );

  // The clip's file (its light copy when there is one) inside a viewing only, never kept in a cache:
  // a shared phone keeps nothing of an exam.
  r.get(
    '/attempts/:attemptId/clips/:position/video',
    { schema: { params: answerParams, querystring: clipFileQuerySchema, response: fileContent } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      requireRole(user.role === 'student');
      const { attemptId, position } = request.params;
      const file = await clipFile(db, attemptId, user.id, position, request.query.viewing, clock.now());
      const served = servedClip(file, await renditionsOf(db, file.id));
      return sendStoredFile(request, reply, storage, {
        key: served.key,
        size: served.size,
        contentType: served.mimeType,
        storedAt: served.storedAt,
        cacheControl: 'private, no-store',
      });
    },
  );
}

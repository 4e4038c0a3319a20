import { and, eq } from 'drizzle-orm';
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
import { isAttendanceOpen, secondsToNextCode } from '../../shared/attendance-rules.ts';
import { dayOf, timeOf } from '../../shared/calendar.ts';
import { lessonMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  attendanceCodeInputSchema,
  attendanceMarkedSchema,
  attendanceMarkSchema,
  currentLessonSchema,
  lessonCodeSchema,
  lessonDetailSchema,
  lessonInputSchema,
  lessonListSchema,
  lessonCancelSchema,
  lessonSchema,
  rosterEntrySchema,
} from '../../shared/schemas/lessons.ts';
import { loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound, findCourse } from '../courses/service.ts';
import { attendance } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { noticeLessonCancelled } from '../push/notify.ts';
import { attendanceCsv } from './attendance-csv.ts';
import { checkAttendanceCode, currentCode } from './attendance-code.ts';
import { lessonsAround, listLessons, markAttendanceLink, presentLessonOf, rosterOf, windowOf } from './read.ts';
import {
  countWrongCode,
  createLesson,
  deleteLesson,
  findLesson,
  markByCode,
  markByHand,
  setLessonCancelled,
  updateLesson,
  wrongCodes,
  wrongCodesSpent,
  lessonNotFound,
} from './service.ts';

const courseParams = z.object({ courseId: idSchema });
const lessonParams = z.object({ lessonId: idSchema });
const markParams = z.object({ lessonId: idSchema, userId: idSchema });
const lessonResponse = z.object({ lesson: lessonSchema });
const messageResponse = z.object({ message: z.string() });

/** The app with the zod type provider: routes typed by their schemas. */
type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export async function lessonRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, clock } = ctx;

  // The course's classes in date order, each with its attendance counts.
  r.get('/courses/:courseId/lessons', { schema: { params: courseParams, response: { 200: lessonListSchema } } }, async (request) => {
    await guards.requireCourse(request, { course: request.params.courseId }, 'asistencia.tomar', courseNotFound);
    const course = await findCourse(db, request.params.courseId);
    return { course: { id: course.id, name: course.name }, ...(await listLessons(db, course.id, clock.now())) };
  });

  // 'Nueva clase'.
  r.post(
    '/courses/:courseId/lessons',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: lessonInputSchema, response: { 201: lessonResponse } } },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const lesson = await idempotentWrite(db, request, admin.id, (tx) =>
        createLesson(tx, request.params.courseId, request.body, admin, clock.now()),
      );
      return reply.status(201).send({ lesson });
    },
  );

  // A class with its list: every trainee of the course and their status.
  r.get('/lessons/:lessonId', { schema: { params: lessonParams, response: { 200: lessonDetailSchema } } }, async (request) => {
    await guards.requireCourse(request, { lesson: request.params.lessonId }, 'asistencia.tomar', lessonNotFound);
    const row = await findLesson(db, request.params.lessonId);
    const course = await findCourse(db, row.courseId);
    return {
      course: { id: course.id, name: course.name },
      lesson: await presentLessonOf(db, row, clock.now()),
      roster: await rosterOf(db, row),
    };
  });

  // 'Editar': day, time, duration, place, topic.
  r.put(
    '/lessons/:lessonId',
    { schema: { params: lessonParams, body: lessonInputSchema, response: { 200: lessonResponse } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { lesson: request.params.lessonId }, 'contenido.editar', lessonNotFound);
      return { lesson: await updateLesson(db, request.params.lessonId, request.body, admin, clock.now()) };
    },
  );

  // 'Borrar': the class and its marks.
  r.delete('/lessons/:lessonId', { schema: { params: lessonParams, response: { 200: messageResponse } } }, async (request) => {
    const { user: admin } = await guards.requireCourse(request, { lesson: request.params.lessonId }, 'contenido.editar', lessonNotFound);
    await deleteLesson(db, request.params.lessonId, admin);
    return { message: lessonMessages.lessonDeleted };
  });

  // The instructor marks a trainee by hand, or clears the mark (`status: null`).
  r.put(
    '/lessons/:lessonId/attendance/:userId',
    { schema: { params: markParams, body: attendanceMarkSchema, response: { 200: z.object({ entry: rosterEntrySchema }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { lesson: request.params.lessonId }, 'asistencia.tomar', lessonNotFound);
      return { entry: await markByHand(db, request.params.lessonId, request.params.userId, request.body.status, admin) };
    },
  );

  // 'Tomar asistencia': the code to show now, when the next one comes, the QR's link, who is present.
  r.get('/lessons/:lessonId/code', { schema: { params: lessonParams, response: { 200: lessonCodeSchema } } }, async (request, reply) => {
    await guards.requireCourse(request, { lesson: request.params.lessonId }, 'asistencia.tomar', lessonNotFound);
    const row = await findLesson(db, request.params.lessonId);
    const now = clock.now();
    const lesson = await presentLessonOf(db, row, now);
    const code = isAttendanceOpen(row, now) ? currentCode(row.codeSecret, now) : null;
    reply.header('cache-control', 'no-store');
    return {
      lesson,
      ...windowOf(row),
      code,
      secondsLeft: secondsToNextCode(now),
      link: code ? markAttendanceLink(ctx.config.publicUrl, row.courseId, code) : null,
      present: lesson.counts.presente + lesson.counts.tarde,
    };
  });

  r.get(
    '/courses/:courseId/attendance.csv',
    {
      schema: {
        params: courseParams,
        response: { 200: z.string().meta({ description: 'La asistencia en CSV (separado por punto y coma, UTF-8 con BOM)' }) },
      },
    },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'asistencia.tomar', courseNotFound);
      const { filename, body } = await attendanceCsv(db, request.params.courseId, clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  cancelRoutes(r, ctx);
  traineeRoutes(r, ctx);
}

/** Who may mark attendance with a code: a student (an admin gets 403, as on practice and jugadas). */
async function requireStudent({ guards }: AppContext, request: FastifyRequest) {
  const user = await guards.requireUser(request);
  requireRole(user.role === 'student');
  return user;
}

/** 'Cancelar clase' / 'Volver a dar la clase'; its trainees hear of a cancellation (once: cancelling again changes nothing). */
function cancelRoutes(r: Routes, ctx: AppContext) {
  const { db, guards, clock } = ctx;
  r.put(
    '/lessons/:lessonId/cancelled',
    { schema: { params: lessonParams, body: lessonCancelSchema, response: { 200: z.object({ lesson: lessonSchema }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { lesson: request.params.lessonId }, 'contenido.editar', lessonNotFound);
      const before = await findLesson(db, request.params.lessonId);
      const lesson = await setLessonCancelled(db, request.params.lessonId, request.body.cancelled, admin, clock.now());
      if (request.body.cancelled && before.cancelledAt === null) {
        void noticeLessonCancelled(ctx, lesson.id).catch((error: unknown) =>
          request.log.error({ err: error }, 'no se pudo preparar el aviso de la clase cancelada'),
        );
      }
      return { lesson };
    },
  );
}

/** What the trainee does: see whether a class is running (their 'Marcar asistencia' button), and mark themselves with its code. */
function traineeRoutes(r: Routes, ctx: AppContext) {
  const { db, clock } = ctx;

  // The class taking attendance now in the course (null when none) and the trainee's status in it.
  r.get(
    '/courses/:courseId/lessons/current',
    { schema: { params: courseParams, response: { 200: currentLessonSchema } } },
    async (request, reply) => {
      const user = await requireStudent(ctx, request);
      requireVisible((await loadAccess(db, user.id, request.params.courseId)).courseEnabled, courseNotFound);
      const now = clock.now();
      const running = (await lessonsAround(db, request.params.courseId, now)).find((row) => isAttendanceOpen(row, now));
      reply.header('cache-control', 'no-store');
      if (!running) return { lesson: null, status: null };
      const [mark] = await db
        .select({ status: attendance.status })
        .from(attendance)
        .where(and(eq(attendance.lessonId, running.id), eq(attendance.userId, user.id)));
      return {
        lesson: {
          id: running.id,
          date: dayOf(running.startsAt),
          time: timeOf(running.startsAt),
          topic: running.topic,
          place: running.place,
          closesAt: windowOf(running).closesAt,
        },
        status: mark?.status ?? null,
      };
    },
  );

  // 'Registrar': the code typed (or filled in from the QR's link). Marking again is not an error.
  r.post(
    '/courses/:courseId/attendance',
    { schema: { params: courseParams, body: attendanceCodeInputSchema, response: { 200: attendanceMarkedSchema } } },
    async (request, reply) => {
      const user = await requireStudent(ctx, request);
      const { courseId } = request.params;
      const now = clock.now();
      const [access, lessons] = await Promise.all([loadAccess(db, user.id, courseId), lessonsAround(db, courseId, now)]);
      const enrolled = access.courseEnabled;
      if (enrolled && (await wrongCodesSpent(db, user.id))) {
        reply.header('retry-after', String(wrongCodes.windowSeconds));
        throw new AppError('TOO_MANY_REQUESTS', lessonMessages.tooManyCodes);
      }
      const verdict = checkAttendanceCode({ courseId, enrolled, code: request.body.code, lessons, now });
      if (!verdict.ok) {
        if (verdict.reason === 'not-enrolled') throw courseNotFound();
        if (verdict.reason === 'closed') throw badRequest(lessonMessages.noLessonNow, { code: lessonMessages.noLessonNow });
        await countWrongCode(db, user.id);
        throw badRequest(lessonMessages.codeWrong, { code: lessonMessages.codeWrong });
      }
      const status = await markByCode(db, verdict.lessonId, user);
      return { message: lessonMessages.attendanceRecorded, status };
    },
  );
}

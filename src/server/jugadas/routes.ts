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
import { messages } from '../../shared/messages.ts';
import { archiveInputSchema, idSchema, videoProcessingSchema } from '../../shared/schemas/content.ts';
import {
  VIDEO_MAX_BYTES,
  courseJugadasQuerySchema,
  courseJugadasSchema,
  jugadaAnswerInputSchema,
  jugadaAnswerResponseSchema,
  jugadaInputSchema,
  jugadaOptionsInputSchema,
  jugadaOptionsSchema,
  jugadaOrderSchema,
  jugadaResultsSchema,
  jugadaSchema,
  studentJugadasSchema,
  userJugadasSchema,
} from '../../shared/schemas/jugadas.ts';
import { canViewModule, loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import { findUser } from '../access/service.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { courseJugadas } from './course-jugadas.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { notFound, type AppError } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { receiveUpload } from '../files/upload.ts';
import { multipartBody } from '../http/multipart.ts';
import { fileContent, noContent } from '../http/responses.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import { heightParam } from '../videos/read.ts';
import { sendPoster, sendRendition } from '../videos/serve.ts';
import {
  answerJugada,
  courseOptions,
  createJugada,
  deleteJugada,
  findJugada,
  inPractice,
  jugadaNotFound,
  jugadaResults,
  listJugadas,
  reorderJugadas,
  saveCourseOptions,
  setJugadaArchived,
  studentJugadas,
  updateJugada,
  userJugadas,
} from './service.ts';
import { readVideoDuration } from '../videos/duration.ts';
import { retryRendition } from '../videos/rendition.ts';
import { insertVideo } from '../videos/service.ts';
import { mayDoIn } from '../access/course-roles.ts';

const courseParams = z.object({ courseId: idSchema });
const moduleParams = z.object({ moduleId: idSchema });
const jugadaParams = z.object({ jugadaId: idSchema });
const videoParams = z.object({ videoId: idSchema });
const renditionParams = z.object({ jugadaId: idSchema, height: heightParam });
const jugadaResponse = z.object({ jugada: jugadaSchema });

/** The app with the zod type provider: routes typed by their schemas. */
type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Only a student practises, and only in a module enabled for them (else `missing`, as for an unknown id). */
async function requireStudent(ctx: AppContext, request: FastifyRequest, moduleId: string, courseId: string, missing: () => AppError) {
  const user = await ctx.guards.requireUser(request);
  requireRole(user.role === 'student');
  requireVisible(canViewModule(user, await loadAccess(ctx.db, user.id, courseId, moduleId)), missing);
  return user;
}

/**
 * The jugada's uploaded clip, for admins and for students with the module enabled, or 404. An
 * archived jugada is gone for students, exactly like one that does not exist; so is one only for
 * exams outside an exam (its clip must not be seen before the exam).
 */
async function viewableClip(ctx: AppContext, request: FastifyRequest, jugadaId: string) {
  const user = await ctx.guards.requireUser(request);
  const found = await findJugada(ctx.db, jugadaId);
  // The course's instructors see every clip, as an administrator does.
  if (!(await mayDoIn(ctx.db, user, { jugada: jugadaId }, 'contenido.editar'))) {
    requireVisible(canViewModule(user, await loadAccess(ctx.db, user.id, found.courseId, found.jugada.moduleId)), jugadaNotFound);
    requireVisible(inPractice(found.jugada), jugadaNotFound);
  }
  const { storageKey, mimeType, size, storedAt, fileId } = found;
  if (!storageKey || !mimeType || size === null || !storedAt || !fileId) throw notFound(messages.videoNotFound);
  return { storageKey, mimeType, size, storedAt, fileId, posterKey: found.posterKey };
}

/** Bytes left behind by a deleted or replaced clip: removed after the commit; a failure only leaves unused space. */
async function removeFile(ctx: AppContext, keys: string[]) {
  for (const key of keys)
    await ctx.storage.delete(key).catch((error: unknown) => ctx.logger.warn({ err: error }, 'no se pudo borrar un video sin uso'));
}

export async function jugadaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  courseOptionRoutes(r, ctx);
  editingRoutes(r, ctx);
  practiceRoutes(r, ctx);
  resultRoutes(r, ctx);
}

/** The admin's: the course's lists of decisions and sanctions. */
function courseOptionRoutes(r: Routes, { db, guards }: AppContext) {
  // The course's lists of decisions and sanctions (created from the IHF lists on first use).
  r.get(
    '/courses/:courseId/jugada-options',
    { schema: { params: courseParams, response: { 200: z.object({ options: jugadaOptionsSchema }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      return { options: await courseOptions(db, request.params.courseId) };
    },
  );

  r.put(
    '/courses/:courseId/jugada-options',
    { schema: { params: courseParams, body: jugadaOptionsInputSchema, response: { 200: z.object({ options: jugadaOptionsSchema }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      return { options: await saveCourseOptions(db, request.params.courseId, request.body) };
    },
  );
}

/** The admin's: clips and the jugadas made of them. */
function editingRoutes(r: Routes, ctx: AppContext) {
  const { db, guards, storage } = ctx;
  // multipart/form-data with one `file`: an MP4 or WebM clip, checked by its content.
  r.post(
    '/videos',
    { schema: { ...multipartBody, response: { 201: z.object({ id: z.string(), mimeType: z.string(), size: z.number() }) } } },
    async (request, reply) => {
      await guards.requireSomewhere(request, 'contenido.editar');
      const file = await receiveUpload(request, storage, { kind: 'video', maxBytes: VIDEO_MAX_BYTES });
      // Its length, read back from storage: what watched percentages of a module video are computed against.
      const durationSeconds = await storage.get(file.key).then(
        (content) => readVideoDuration(content, file),
        () => null,
      );
      const id = await insertVideo(db, { ...file, durationSeconds }).catch(async (error: unknown) => {
        await storage.delete(file.key).catch(() => undefined);
        throw error;
      });
      return reply.status(201).send({ id, mimeType: file.mime, size: file.size });
    },
  );

  // 'Reintentar' on a video whose processing failed: the tries start anew.
  r.post(
    '/videos/:videoId/retry',
    { schema: { params: videoParams, response: { 200: z.object({ processing: videoProcessingSchema }) } } },
    async (request) => {
      await guards.requireSomewhere(request, 'contenido.editar');
      const processing = await retryRendition(db, request.params.videoId);
      ctx.renditions.wake();
      return { processing };
    },
  );

  r.get(
    '/modules/:moduleId/jugadas',
    { schema: { params: moduleParams, response: { 200: z.object({ jugadas: z.array(jugadaSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      return { jugadas: await listJugadas(db, request.params.moduleId) };
    },
  );

  r.post(
    '/modules/:moduleId/jugadas',
    { schema: { params: moduleParams, body: jugadaInputSchema, response: { 201: jugadaResponse } } },
    async (request, reply) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      const jugada = await createJugada(db, request.params.moduleId, request.body);
      ctx.renditions.wake();
      return reply.status(201).send({ jugada });
    },
  );

  r.put(
    '/modules/:moduleId/jugadas/order',
    { schema: { params: moduleParams, body: jugadaOrderSchema, response: noContent } },
    async (request, reply) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      await reorderJugadas(db, request.params.moduleId, request.body.jugadaIds);
      return reply.status(204).send();
    },
  );

  r.put(
    '/jugadas/:jugadaId',
    { schema: { params: jugadaParams, body: jugadaInputSchema, response: { 200: jugadaResponse } } },
    async (request) => {
      await guards.requireCourse(request, { jugada: request.params.jugadaId }, 'contenido.editar', jugadaNotFound);
      const { jugada, unusedVideo } = await updateJugada(db, request.params.jugadaId, request.body);
      await removeFile(ctx, unusedVideo);
      ctx.renditions.wake();
      return { jugada };
    },
  );

  // 'Eliminar': only a jugada no student answered (409 otherwise: archive it).
  r.delete('/jugadas/:jugadaId', { schema: { params: jugadaParams, response: noContent } }, async (request, reply) => {
    await guards.requireCourse(request, { jugada: request.params.jugadaId }, 'contenido.editar', jugadaNotFound);
    await removeFile(ctx, await deleteJugada(db, request.params.jugadaId));
    return reply.status(204).send();
  });

  // 'Archivar' / 'Restaurar': out of the students' sight and scores, or back; their answers are kept.
  r.put(
    '/jugadas/:jugadaId/archived',
    { schema: { params: jugadaParams, body: archiveInputSchema, response: { 200: jugadaResponse } } },
    async (request) => {
      await guards.requireCourse(request, { jugada: request.params.jugadaId }, 'contenido.editar', jugadaNotFound);
      return { jugada: await setJugadaArchived(db, request.params.jugadaId, request.body.archived) };
    },
  );
}

/** The clip itself, and the student's practice. */
function practiceRoutes(r: Routes, ctx: AppContext) {
  const { db, guards, storage } = ctx;
  // The uploaded clip, for admins and for students with the module enabled.
  r.get('/jugadas/:jugadaId/video', { schema: { params: jugadaParams, response: fileContent } }, async (request, reply) => {
    const found = await viewableClip(ctx, request, request.params.jugadaId);
    // Range requests let the player seek, on either storage driver.
    return sendStoredFile(request, reply, storage, {
      key: found.storageKey,
      size: found.size,
      contentType: found.mimeType,
      storedAt: found.storedAt,
      cacheControl: 'private, no-cache',
    });
  });

  // The clip's renditions and poster (jugadas JSON names them), under the same checks as the clip.
  r.get('/jugadas/:jugadaId/video/:height', { schema: { params: renditionParams, response: fileContent } }, async (request, reply) => {
    const found = await viewableClip(ctx, request, request.params.jugadaId);
    return sendRendition(request, reply, ctx, found.fileId, request.params.height);
  });

  r.get('/jugadas/:jugadaId/poster', { schema: { params: jugadaParams, response: fileContent } }, async (request, reply) => {
    const found = await viewableClip(ctx, request, request.params.jugadaId);
    return sendPoster(request, reply, storage, { key: found.posterKey, storedAt: found.storedAt });
  });

  // The student's jugadas: no correct call for those not answered yet.
  r.get(
    '/modules/:moduleId/my-jugadas',
    { schema: { params: moduleParams, response: { 200: z.object({ jugadas: studentJugadasSchema }) } } },
    async (request) => {
      await guards.requireUser(request);
      const module = await findModule(db, request.params.moduleId);
      const user = await requireStudent(ctx, request, module.id, module.courseId, moduleNotFound);
      return { jugadas: await studentJugadas(db, module.id, user.id) };
    },
  );

  // With an Idempotency-Key, a repeat of an answer whose reply was lost gets that reply (the
  // first answer counted), not 'already answered'.
  r.post(
    '/jugadas/:jugadaId/answer',
    {
      schema: {
        headers: idempotencyHeaders,
        params: jugadaParams,
        body: jugadaAnswerInputSchema,
        response: { 200: jugadaAnswerResponseSchema },
      },
    },
    async (request) => {
      await guards.requireUser(request);
      const found = await findJugada(db, request.params.jugadaId);
      const user = await requireStudent(ctx, request, found.jugada.moduleId, found.courseId, jugadaNotFound);
      requireVisible(inPractice(found.jugada), jugadaNotFound);
      return idempotentWrite(db, request, user.id, (tx) => answerJugada(tx, found.jugada.id, user.id, request.body));
    },
  );
}

/** The admin's figures: every clip of a course, per jugada of a module, and one student's answers. */
function resultRoutes(r: Routes, { db, guards }: AppContext) {
  // 'Jugadas del curso': every module's clips with their tags, use and first attempts; `?tag=` filters.
  r.get(
    '/courses/:courseId/jugadas',
    { schema: { params: courseParams, querystring: courseJugadasQuerySchema, response: { 200: courseJugadasSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      return courseJugadas(db, request.params.courseId, request.query.tag);
    },
  );

  r.get(
    '/modules/:moduleId/jugadas/results',
    { schema: { params: moduleParams, response: { 200: jugadaResultsSchema } } },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'tablero.ver', moduleNotFound);
      return jugadaResults(db, request.params.moduleId);
    },
  );

  r.get(
    '/users/:userId/modules/:moduleId/jugadas',
    { schema: { params: z.object({ userId: idSchema, moduleId: idSchema }), response: { 200: userJugadasSchema } } },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'tablero.ver', moduleNotFound);
      const target = await findUser(db, request.params.userId);
      return userJugadas(db, target.id, request.params.moduleId);
    },
  );
}

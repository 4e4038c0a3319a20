import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, videoMessages } from '../../shared/messages.ts';
import {
  archiveInputSchema,
  idSchema,
  moduleInputSchema,
  moduleOrderSchema,
  moduleUpdateSchema,
  moduleWithQuestionsSchema,
} from '../../shared/schemas/content.ts';
import { canViewModule, loadAccess, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { deleteModule, setModuleArchived } from '../courses/archive.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { notFound } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { multipartBody } from '../http/multipart.ts';
import { fileContent, noContent } from '../http/responses.ts';
import { CAPTIONS_MIME_TYPE, receiveCaptions } from '../videos/captions.ts';
import { heightParam } from '../videos/read.ts';
import { sendPoster, sendRendition } from '../videos/serve.ts';
import { listModulesWithQuestions, readModuleWithQuestions } from './read.ts';
import { createModule, findModule, moduleNotFound, reorderModules, setModuleCaptions, storedVideoOf, updateModule } from './service.ts';

const courseParams = z.object({ courseId: idSchema });
const moduleParams = z.object({ moduleId: idSchema });
const renditionParams = z.object({ moduleId: idSchema, height: heightParam });

export async function moduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, storage, logger } = ctx;

  r.get(
    '/courses/:courseId/modules',
    { schema: { params: courseParams, response: { 200: z.object({ modules: z.array(moduleWithQuestionsSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'curso.ver', courseNotFound);
      await findCourse(db, request.params.courseId);
      return { modules: await listModulesWithQuestions(db, request.params.courseId) };
    },
  );

  r.post(
    '/modules',
    {
      schema: { headers: idempotencyHeaders, body: moduleInputSchema, response: { 201: z.object({ module: moduleWithQuestionsSchema }) } },
    },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.body.courseId }, 'contenido.editar', courseNotFound);
      const module = await idempotentWrite(db, request, admin.id, (tx) => createModule(tx, request.body, admin));
      ctx.renditions.wake();
      return reply.status(201).send({ module });
    },
  );

  r.put(
    '/courses/:courseId/modules/order',
    { schema: { params: courseParams, body: moduleOrderSchema, response: noContent } },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await reorderModules(db, request.params.courseId, request.body.moduleIds);
      return reply.status(204).send();
    },
  );

  r.patch(
    '/modules/:moduleId',
    { schema: { params: moduleParams, body: moduleUpdateSchema, response: { 200: z.object({ module: moduleWithQuestionsSchema }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      const { module, unusedVideo } = await updateModule(db, request.params.moduleId, request.body, admin);
      // Bytes of a replaced upload go after the commit; a failure only leaves unused space (the clean-up removes it later).
      for (const key of unusedVideo)
        await storage.delete(key).catch((error: unknown) => logger.warn({ err: error }, 'no se pudo borrar un video sin uso'));
      ctx.renditions.wake();
      return { module };
    },
  );

  // The module's uploaded video, for admins and for students with the module enabled; byte
  // ranges (206) let the player seek and resume, on either storage driver.
  r.get('/modules/:moduleId/video', { schema: { params: moduleParams, response: fileContent } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const row = await findModule(db, request.params.moduleId);
    requireVisible(canViewModule(user, await loadAccess(db, user.id, row.courseId, row.id)), moduleNotFound);
    const file = await storedVideoOf(db, row);
    if (!file) throw notFound(messages.moduleVideoNoFile);
    return sendStoredFile(request, reply, storage, {
      key: file.storageKey,
      size: file.size,
      contentType: file.mimeType,
      storedAt: file.createdAt,
      cacheControl: 'private, no-cache',
    });
  });

  videoFileRoutes(app, ctx);
  captionsRoutes(app, ctx);

  // 'Archivar' / 'Restaurar': hidden from students or shown again; nothing they wrote is touched.
  r.put(
    '/modules/:moduleId/archived',
    { schema: { params: moduleParams, body: archiveInputSchema, response: { 200: z.object({ module: moduleWithQuestionsSchema }) } } },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      const row = await setModuleArchived(db, request.params.moduleId, request.body.archived);
      if (request.body.archived) await ctx.events.publish({ type: 'access.revoked', moduleId: row.id });
      return { module: await readModuleWithQuestions(db, row.id) };
    },
  );

  // 'Eliminar': only a module no student has worked in (409 otherwise).
  r.delete('/modules/:moduleId', { schema: { params: moduleParams, response: noContent } }, async (request, reply) => {
    await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
    await deleteModule(db, request.params.moduleId);
    return reply.status(204).send();
  });
}

/** The module's uploaded video as a viewer may see it (admins, students with the module enabled), or 404. */
async function viewableVideo(ctx: AppContext, request: FastifyRequest, moduleId: string) {
  const user = await ctx.guards.requireUser(request);
  const row = await findModule(ctx.db, moduleId);
  requireVisible(canViewModule(user, await loadAccess(ctx.db, user.id, row.courseId, row.id)), moduleNotFound);
  const file = await storedVideoOf(ctx.db, row);
  if (!file) throw notFound(messages.moduleVideoNoFile);
  return { row, file };
}

/** The renditions of the module's uploaded video, its poster and its captions, to whoever may see the video. */
function videoFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = ctx;
  r.get('/modules/:moduleId/video/:height', { schema: { params: renditionParams, response: fileContent } }, async (request, reply) => {
    const { file } = await viewableVideo(ctx, request, request.params.moduleId);
    return sendRendition(request, reply, ctx, file.id, request.params.height);
  });

  r.get('/modules/:moduleId/poster', { schema: { params: moduleParams, response: fileContent } }, async (request, reply) => {
    const { file } = await viewableVideo(ctx, request, request.params.moduleId);
    return sendPoster(request, reply, storage, { key: file.posterKey, storedAt: file.createdAt });
  });

  r.get('/modules/:moduleId/captions', { schema: { params: moduleParams, response: fileContent } }, async (request, reply) => {
    const { row } = await viewableVideo(ctx, request, request.params.moduleId);
    if (!row.captionsKey) throw notFound(videoMessages.captionsNotFound);
    const size = await storage.stat(row.captionsKey).then((info) => info.size);
    return sendStoredFile(request, reply, storage, {
      key: row.captionsKey,
      size,
      contentType: CAPTIONS_MIME_TYPE,
      storedAt: row.updatedAt,
      cacheControl: 'private, no-cache',
    });
  });
}

/** 'Subtítulos (.vtt)': the admin uploads (multipart, one `file`) or removes ('Quitar subtítulos') the module video's captions. */
function captionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, storage, logger } = ctx;
  const moduleResponse = { 200: z.object({ module: moduleWithQuestionsSchema }) };
  const removeUnused = async (keys: string[]) => {
    for (const key of keys)
      await storage.delete(key).catch((error: unknown) => logger.warn({ err: error }, 'no se pudieron borrar unos subtítulos sin uso'));
  };

  r.put(
    '/modules/:moduleId/captions',
    { schema: { ...multipartBody, params: moduleParams, response: moduleResponse } },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
      await findModule(db, request.params.moduleId);
      const key = await receiveCaptions(request, storage);
      const saved = await setModuleCaptions(db, request.params.moduleId, key).catch(async (error: unknown) => {
        await removeUnused([key]);
        throw error;
      });
      await removeUnused(saved.unused);
      return { module: saved.module };
    },
  );

  r.delete('/modules/:moduleId/captions', { schema: { params: moduleParams, response: moduleResponse } }, async (request) => {
    await guards.requireCourse(request, { module: request.params.moduleId }, 'contenido.editar', moduleNotFound);
    const saved = await setModuleCaptions(db, request.params.moduleId, null);
    await removeUnused(saved.unused);
    return { module: saved.module };
  });
}

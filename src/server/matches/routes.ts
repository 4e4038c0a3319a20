import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchMessages as m } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  consentInputSchema,
  courseMatchesSchema,
  matchCreateSchema,
  matchResponseSchema,
  matchStorageSchema,
  matchUpdateSchema,
  myMatchesSchema,
  storageLimitInputSchema,
} from '../../shared/schemas/matches.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound, findCourse } from '../courses/service.ts';
import { forbidden } from '../errors.ts';
import { MATCH_CONVERSION_QUEUE } from '../match-review/convert.ts';
import { sendStoredFile } from '../files/serve.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { fileContent } from '../http/responses.ts';
import {
  consentOf,
  courseMatches,
  findVisibleMatch,
  matchFileOf,
  matchNotFound,
  matchStorageOf,
  myMatches,
  presentMatch,
  uploadCourses,
} from './read.ts';
import { createMatch, deleteMatch, setConsent, setStorageLimit, updateMatch } from './service.ts';
import { registerMatchUploads, type MatchUploads } from './uploads.ts';
import { createUploadLocker } from './upload-lock.ts';

const matchParams = z.object({ matchId: idSchema });
const courseParams = z.object({ courseId: idSchema });
/** A file's name under `files/`: the original, a playlist, a rung, the poster ('360.mp4', 'master.m3u8'). */
const fileName = z.string().regex(/^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]{0,199}$/, m.matchNotFound);
const fileParams = z.object({ matchId: idSchema, '*': fileName });
const GB = 1024 ** 3;

/**
 * 'Mis partidos' and a course's 'Partidos': a trainee's matches on video, their upload (tus, in
 * uploads.ts), their files, and the course's storage for them.
 */
export async function matchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, storage, logger } = ctx;

  // One request writes an upload at a time, on whichever instance it arrives (upload-lock.ts).
  const locker = createUploadLocker(ctx.config.databaseUrl, logger);
  app.addHook('onClose', async () => locker.close());
  const uploads: MatchUploads = registerMatchUploads(app, ctx, {
    locker,
    onUploaded: async (matchId) => {
      await ctx.jobs.send(MATCH_CONVERSION_QUEUE, { matchId }, { singletonKey: matchId });
    },
  });
  // Uploads left a day without a byte: their partial files go (S3's own parts go with the storage's clean-up).
  const sweep = setInterval(
    () => void uploads.cleanUp().catch((error: unknown) => logger.warn({ err: error }, 'no se pudieron limpiar subidas vencidas')),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // 'Mis partidos': the trainee's matches (uploaded, or refereed as the pair), their consent, and where they may upload.
  r.get('/matches', { schema: { response: { 200: myMatchesSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    const [matches, consent, courses] = await Promise.all([myMatches(db, user), consentOf(db, user.id), uploadCourses(db, user.id)]);
    return { matches, consent, courses };
  });

  // 'Subir partido': the match with its fields and its file's size; the course's room is checked here, before any byte.
  r.post(
    '/matches',
    { schema: { headers: idempotencyHeaders, body: matchCreateSchema, response: { 201: matchResponseSchema } } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const body = request.body;
      const matchId = await idempotentWrite(db, request, user.id, (tx) =>
        createMatch(tx, user, { ...body, category: body.category ?? '', partnerId: body.partnerId ?? null }, ctx.clock.now()),
      );
      const match = presentMatch(await findVisibleMatch(db, user, matchId), user);
      return reply.status(201).send({ match, message: m.matchCreated });
    },
  );

  // Consent: 'Permito que el curso use momentos de mis partidos para enseñar'.
  r.put(
    '/matches/consent',
    { schema: { body: consentInputSchema, response: { 200: z.object({ consent: z.boolean(), message: z.string() }) } } },
    async (request) => {
      const user = await guards.requireUser(request);
      await setConsent(db, user.id, request.body.allowed);
      return { consent: request.body.allowed, message: request.body.allowed ? m.consentGiven : m.consentWithdrawn };
    },
  );

  r.get('/matches/:matchId', { schema: { params: matchParams, response: { 200: matchResponseSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    return { match: presentMatch(await findVisibleMatch(db, user, request.params.matchId), user) };
  });

  r.patch(
    '/matches/:matchId',
    { schema: { params: matchParams, body: matchUpdateSchema, response: { 200: matchResponseSchema } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const body = request.body;
      await updateMatch(
        db,
        user,
        request.params.matchId,
        { ...body, category: body.category ?? '', partnerId: body.partnerId ?? null },
        ctx.clock.now(),
      );
      return { match: presentMatch(await findVisibleMatch(db, user, request.params.matchId), user), message: m.matchSaved };
    },
  );

  r.delete(
    '/matches/:matchId',
    { schema: { params: matchParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const user = await guards.requireUser(request);
      await deleteMatch({ db, storage, logger, removeUpload: (uploadId) => uploads.remove(uploadId) }, user, request.params.matchId);
      return { message: m.matchDeleted };
    },
  );

  // Every file of a match (the original, its playlists and rungs, the poster), with Range, only to who may see the match.
  r.get('/matches/:matchId/files/*', { schema: { params: fileParams, response: fileContent } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const match = await findVisibleMatch(db, user, request.params.matchId);
    const file = await matchFileOf(db, match, request.params['*']);
    if (!file) throw matchNotFound();
    return sendStoredFile(request, reply, storage, {
      key: file.storageKey,
      size: file.size,
      contentType: file.mimeType,
      storedAt: file.storedAt,
      cacheControl: 'private, no-cache',
    });
  });

  courseMatchRoutes(app, ctx);
}

/** A course's 'Partidos' and its storage, for its staff. */
function courseMatchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // A course's 'Partidos' for its staff who see matches, with its storage.
  r.get('/courses/:courseId/matches', { schema: { params: courseParams, response: { 200: courseMatchesSchema } } }, async (request) => {
    const { user } = await guards.requireCourse(request, { course: request.params.courseId }, 'partidos.ver', courseNotFound);
    const storageUse = await matchStorageOf(db, request.params.courseId);
    if (!storageUse) throw courseNotFound();
    return { matches: await courseMatches(db, user, request.params.courseId), storage: storageUse, canSetLimit: user.role === 'admin' };
  });

  // The course's limit for matches: an administrator's (it is the association's disk or bill).
  r.put(
    '/courses/:courseId/match-storage',
    {
      schema: {
        params: courseParams,
        body: storageLimitInputSchema,
        response: { 200: z.object({ storage: matchStorageSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      if (user.role !== 'admin') throw forbidden();
      await findCourse(db, request.params.courseId);
      await setStorageLimit(db, request.params.courseId, Math.round(request.body.limitGb * GB));
      return { storage: (await matchStorageOf(db, request.params.courseId))!, message: m.storageLimitSaved };
    },
  );
}

// A match's video goes up with tus (https://tus.io), the resumable upload protocol, served by
// @tus/server inside Fastify as its documentation shows: a dropped connection, a phone that
// locks its screen or a tab closed and opened again asks the server how much arrived (HEAD) and
// sends the rest (PATCH). The bytes stream to their store and never sit in memory: on the local
// disk, a file under DATA_DIR/files/match-uploads moved into file storage when complete (one
// rename); on S3, a multipart upload straight into the bucket, its parts taken by any instance.
// Every request is the signed-in uploader's, checked before tus sees it: creating an upload names
// the match (its id in the metadata) and must be of the announced size; resuming one must be of
// a match the person uploads. Then the file's first bytes say whether it is a video at all.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENTS, MemoryLocker, Server, type DataStore, type Locker, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { fileTypeFromBuffer } from 'file-type';
import { matchMessages as m, messages } from '../../shared/messages.ts';
import { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { MATCH_MAX_BYTES, MATCH_MAX_SECONDS, MATCH_UPLOADS_PATH, matchVideoTypes } from '../../shared/schemas/matches.ts';
import { parseProbe, probeArgs, runFfmpeg, type FfmpegSettings } from '../videos/ffmpeg.ts';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { DETECTION_SAMPLE_BYTES } from '../files/file-types.ts';
import { newStorageKey } from '../files/storage.ts';
import { noContent } from '../http/responses.ts';
import { matchNotFound, matchOfUpload, readMatch } from './read.ts';
import { attachUpload, completeUpload, refuseUpload } from './service.ts';

/**
 * An upload not touched for this long is gone (410; the app starts it again): the S3 store's
 * clean-up aborts multipart uploads older than a day (maintenance/cleanup.ts), the disk's the same.
 */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** An upload's id: its key in file storage (`newStorageKey('video')`). */
const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f-]{36}\.video$/, messages.invalidId) });

/** tus's answers, for the API's description (tus writes them itself). */
const created = { 201: z.undefined().describe('Subida creada: su dirección en Location') };
const offsetKnown = { 200: z.undefined().describe('Lo recibido hasta ahora, en Upload-Offset') };

/** The person each tus request was checked for, and the match it creates an upload for. */
const checked = new WeakMap<object, { user: SessionUser; matchId?: string }>();

/** tus's `Upload-Metadata`: `key base64value,key2 base64value2`. */
export function uploadMetadata(header: string | undefined): Record<string, string> {
  const pairs = (header ?? '').split(',').map((pair) => pair.trim().split(' '));
  return Object.fromEntries(
    pairs.filter(([key]) => key).map(([key, value]) => [key!, value ? Buffer.from(value, 'base64').toString('utf8') : '']),
  );
}

/** The first `bytes` of a stream (it is closed after). */
async function headOf(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** What a match's file is by its first bytes: one of the video types phones record, or null. */
export async function detectMatchVideo(head: Uint8Array): Promise<{ mime: string; extension: string } | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const extension = detected.ext === 'm4v' ? 'mp4' : detected.ext;
  const mime = matchVideoTypes[extension];
  return mime ? { mime, extension } : null;
}

/** Where the bytes go while they arrive: the local disk beside file storage, or the S3 bucket itself. */
function createDatastore(ctx: AppContext, localDir: string): DataStore {
  const s3 = ctx.config.s3;
  if (!s3) return new FileStore({ directory: localDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  return new S3Store({
    partSize: 8 * 1024 * 1024,
    // Two parts at a time per upload: what an upload holds on disk and in flight stays small.
    maxConcurrentPartUploads: 2,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      // Plain bodies of known length, no streamed checksum trailers: what every S3-compatible store takes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey
        ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
        : {}),
    },
  });
}

/** The video's length as ffmpeg reads it from the file's header, or null (not said, or ffmpeg missing). */
async function lengthOf(ffmpeg: FfmpegSettings, file: string): Promise<number | null> {
  try {
    const stderr = await runFfmpeg(ffmpeg.ffmpegPath, probeArgs(file), {
      priority: ffmpeg.ffmpegPriority,
      signal: AbortSignal.timeout(60_000),
      timeoutMs: 60_000,
      anyExit: true,
      memoryLimitBytes: 1024 ** 3,
    });
    return parseProbe(stderr)?.durationSeconds ?? null;
  } catch {
    return null;
  }
}

/** The whole file arrived: is it a video? Then into file storage, and the match to its conversion. */
async function finishUpload(
  deps: { ctx: AppContext; datastore: DataStore; localDir: string; onUploaded: (matchId: string) => Promise<void> },
  upload: Upload,
): Promise<void> {
  const { db, storage, logger } = deps.ctx;
  const s3 = Boolean(deps.ctx.config.s3);
  const key = upload.id;
  const source = s3
    ? await storage.get(key, { start: 0, end: DETECTION_SAMPLE_BYTES - 1 })
    : createReadStream(path.join(deps.localDir, key));
  const type = await detectMatchVideo(await headOf(source, DETECTION_SAMPLE_BYTES));
  if (!type) {
    await refuseUpload(db, key, m.notAVideo);
    await deps.datastore.remove(key).catch(() => undefined);
    if (s3) await storage.delete(key).catch(() => undefined);
    logger.info({ uploadId: key }, 'un partido subido no es un video: rechazado');
    return;
  }
  if (!s3) {
    // On the disk the length is read at once (ffmpeg reads the file's index, not its pictures): a
    // match longer than the product takes is refused now, not after its conversion.
    const seconds = await lengthOf(deps.ctx.config, path.join(deps.localDir, key));
    if (seconds !== null && seconds > MATCH_MAX_SECONDS + 60) {
      await refuseUpload(db, key, m.tooLongVideo(MATCH_MAX_SECONDS / 3600));
      await deps.datastore.remove(key).catch(() => undefined);
      return;
    }
    if (!storage.adopt) throw new Error('el almacenamiento local no puede tomar archivos');
    await storage.adopt(key, path.join(deps.localDir, key));
  }
  const matchId = await completeUpload(db, key, { storageKey: key, mimeType: type.mime });
  if (!matchId) {
    // Deleted while its last bytes arrived: nothing refers to the file.
    await storage.delete(key).catch(() => undefined);
    return;
  }
  await deps.onUploaded(matchId);
}

/** Removes tus's description of a finished upload (on S3 its `.info` object, on disk its `.json`). */
async function forgetUploadInfo(ctx: AppContext, datastore: DataStore, localDir: string, uploadId: string): Promise<void> {
  const s3 = ctx.config.s3;
  if (!s3) return rm(path.join(localDir, `${uploadId}.json`), { force: true });
  const client = (datastore as S3Store & { client: { deleteObject(input: { Bucket: string; Key: string }): Promise<unknown> } }).client;
  await client.deleteObject({ Bucket: s3.bucket, Key: `${uploadId}.info` });
}

/** The signed-in uploader, checked before tus: who creates an upload, and whose upload is resumed. */
async function checkUploadRequest(ctx: AppContext, request: FastifyRequest, uploadId: string | undefined): Promise<void> {
  const { db } = ctx;
  const user = await ctx.guards.requireUser(request);
  if (uploadId === undefined) {
    // The match is the person's own and waits for its file of this size (tus's hook writes it, atomically).
    const matchId = uploadMetadata(request.headers['upload-metadata'] as string | undefined).matchId;
    const match = matchId ? await readMatch(db, matchId) : undefined;
    if (!matchId || !match || match.uploadedBy !== user.id) throw matchNotFound();
    if (match.state !== 'subiendo') throw new AppError('CONFLICT', m.alreadyUploaded);
    if (Number(request.headers['upload-length']) !== Number(match.fileSize)) throw badRequest(m.sizeMismatch);
    checked.set(request.raw, { user, matchId });
    return;
  }
  const match = await matchOfUpload(db, uploadId, user.id);
  if (!match || match.state !== 'subiendo') throw new AppError('NOT_FOUND', m.uploadMissing);
  checked.set(request.raw, { user });
}

export interface MatchUploads {
  /** Removes an upload under way (its match was deleted). */
  remove(uploadId: string): Promise<void>;
  /** Removes uploads nobody touched for `UPLOAD_EXPIRY_MS` (the maintenance pass). */
  cleanUp(): Promise<number>;
}

/**
 * The tus server on the configured storage, mounted at `MATCH_UPLOADS_PATH`. `onUploaded` runs
 * once a match's whole file is stored and is a video (it queues the conversion).
 */
export function registerMatchUploads(
  app: FastifyInstance,
  ctx: AppContext,
  options: { locker?: Locker; onUploaded: (matchId: string) => Promise<void> },
): MatchUploads {
  const { db, logger } = ctx;
  const localDir = path.join(ctx.config.dataDir, 'files', 'match-uploads');
  const datastore = createDatastore(ctx, localDir);
  const finish = (upload: Upload) => finishUpload({ ctx, datastore, localDir, onUploaded: options.onUploaded }, upload);

  const tus = new Server({
    path: MATCH_UPLOADS_PATH,
    datastore,
    maxSize: MATCH_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: ctx.config.trustProxy,
    locker: options.locker ?? new MemoryLocker(),
    // The upload's id is its key in file storage: on S3 the finished object is already in place.
    namingFunction: () => newStorageKey('video'),
    async onUploadCreate(req, upload) {
      const seen = checked.get(req.runtime!.node!.req);
      if (!seen?.matchId) throw { status_code: 404, body: m.matchNotFound };
      try {
        await attachUpload(db, seen.matchId, seen.user.id, upload.id, upload.size);
      } catch (error) {
        if (error instanceof AppError) throw { status_code: error.statusCode, body: error.message };
        throw error;
      }
      return {};
    },
    onResponseError(_req, error) {
      // tus's own answers (404, 409, 460…) carry a status; anything else is ours or the store's failing.
      if (!('status_code' in error) || error.status_code >= 500) logger.error({ err: error }, 'la subida de un partido falló');
      return undefined;
    },
    async onUploadFinish(_req, upload) {
      await finish(upload);
      return {};
    },
  });

  // What tus leaves beside a finished file: its description (the file itself is the match's now).
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    void forgetUploadInfo(ctx, datastore, localDir, upload.id).catch((error: unknown) =>
      logger.warn({ err: error }, 'no se pudo borrar la descripción de una subida'),
    );
  });
  const check = (request: FastifyRequest, uploadId: string | undefined) => checkUploadRequest(ctx, request, uploadId);

  // The body of a PATCH is tus's to read, as it arrives.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: { hijack(): void; raw: import('node:http').ServerResponse }) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  app.post(
    '/matches/uploads',
    { schema: { summary: 'Empieza la subida (tus) del video de un partido', response: created } },
    async (request, reply) => {
      await check(request, undefined);
      await handle(request, reply);
    },
  );
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route<{ Params: { uploadId: string } }>({
      method,
      url: '/matches/uploads/:uploadId',
      schema: {
        summary: 'Sigue (tus) la subida del video de un partido',
        params: uploadParams,
        response: method === 'HEAD' ? offsetKnown : noContent,
      },
      handler: async (request, reply) => {
        await check(request, request.params.uploadId);
        await handle(request, reply);
      },
    });
  }

  return {
    async remove(uploadId) {
      await datastore.remove(uploadId);
    },
    async cleanUp() {
      return tus.cleanUpExpiredUploads();
    },
  };
}

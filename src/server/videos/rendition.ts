// The renditions of every uploaded video a module or a jugada uses: H.264/AAC MP4 at 240p, 360p and
// 720p (never taller than the original) and a poster, made by Debian's ffmpeg after the upload.
// The original is kept (the instructor's, and what is served until they are made or when they
// cannot be). The `video` table says where each video stands ('pendiente', 'en-curso' with its
// progress, 'lista', 'fallida'); the work is a background job per video (jobs/queue.ts, taken by
// whichever process works): the job claims its video in one statement (`claimRendition`), so a
// video is made once whatever the number of workers; a worker makes one video at a time.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages, videoMessages } from '../../shared/messages.ts';
import type { VideoProcessing } from '../../shared/schemas/content.ts';
import type { Db } from '../db/client.ts';
import { courseModule, jugada, video, videoRendition } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { newStorageKey, StoredObjectNotFoundError, type FileStorage } from '../files/storage.ts';
import type { Job, Jobs } from '../jobs/queue.ts';
import { privateDir, PRIVATE_FILE_MODE } from '../private-paths.ts';
import {
  ffmpegRuns,
  FfmpegError,
  heightsFor,
  parseProbe,
  posterArgs,
  probeArgs,
  progressSeconds,
  renditionArgs,
  runFfmpeg,
  type Rung,
  type FfmpegSettings,
} from './ffmpeg.ts';
import { presentProcessing } from './read.ts';

export { servedClip, RENDITION_MIME_TYPE } from './read.ts';

/**
 * A claim with no sign of life for this long was left by an instance that stopped (a restart, a
 * crash): the video is claimed again. An instance at work writes one every few seconds. Sooner
 * than this, the job's own sign of life does it (a job tried again takes its video over).
 */
const STALE_CLAIM_MINUTES = 5;
/** The jobs: one per video at a time. */
export const RENDITION_QUEUE = 'videos.renditions';
/** Every minute: the videos whose wait is over, or whose claim went stale, get their job. */
const SWEEP_QUEUE = 'videos.renditions.sweep';
/** A try that failed is tried again by itself this many times, after these waits; then the video is 'fallida'. */
export const RENDITION_RETRIES = 3;
const RETRY_AFTER_MINUTES = [1, 5, 15] as const;
/** ffmpeg is stopped after this plus a few times the video's length (a stuck file must not hold the queue). */
const FFMPEG_BASE_TIMEOUT_MS = 20 * 60_000;
/** Temp folders this old were left by a process killed mid-way (a live one is younger). */
const STALE_TEMP_MS = 6 * 60 * 60_000;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 2_000;

/** Where ffmpeg's files wait while it works: on the data disk (an original may be gigabytes, and /tmp is often in memory). */
export const renditionTempDir = (dataDir: string) => path.join(dataDir, 'rendition-tmp');

export interface RenditionDeps extends FfmpegSettings {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  /** Where the original and the renditions are written while ffmpeg works; each job's folder is removed after it. */
  tempDir: string;
}

interface Claim {
  id: string;
  /** Tries that failed before this one. */
  failures: number;
  storageKey: string;
  mimeType: string;
  size: number;
  durationSeconds: number | null;
  posterKey: string | null;
  /** What the claim (or its last progress) set, to the millisecond: the claim is still ours while the row says the same. */
  startedAt: Date;
}

/** What a module or a jugada uses: a loose upload (a form left after it) waits until something does. */
const inUse = () =>
  or(
    sql`exists (select 1 from ${jugada} where ${jugada.videoId} = ${video.id})`,
    sql`exists (select 1 from ${courseModule} where ${courseModule.videoId} = ${video.id})`,
  );

/**
 * Takes the next video waiting for its renditions (or whose claim went stale), in one statement:
 * with several instances, each video is claimed by one (SKIP LOCKED, the state checked again on
 * the locked row).
 */
export async function claimRendition(db: Db, target?: { videoId: string; takeOver: boolean }): Promise<Claim | null> {
  // A job tried again (`takeOver`) was let go by a worker that stopped answering: its claim is over.
  const stale = target?.takeOver ? sql`true` : lt(video.renditionStartedAt, sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`);
  const claimable = and(
    target ? eq(video.id, target.videoId) : undefined,
    or(
      and(eq(video.renditionState, 'pendiente'), or(isNull(video.renditionRetryAt), lte(video.renditionRetryAt, sql`now()`))),
      and(eq(video.renditionState, 'en-curso'), stale),
    ),
  );
  const next = db
    .select({ id: video.id })
    .from(video)
    .where(and(claimable, inUse()))
    .orderBy(video.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(video)
    // Milliseconds, as a JavaScript Date holds them: `settle` compares the value read back.
    .set({
      renditionState: 'en-curso',
      renditionStartedAt: sql`date_trunc('milliseconds', now())`,
      processingPercent: 0,
      processingError: null,
    })
    .where(and(sql`${video.id} = (${next})`, claimable))
    .returning({
      id: video.id,
      failures: video.renditionFailures,
      storageKey: video.storageKey,
      mimeType: video.mimeType,
      size: video.size,
      durationSeconds: video.durationSeconds,
      posterKey: video.posterKey,
      startedAt: video.renditionStartedAt,
    });
  return claimed ? { ...claimed, startedAt: claimed.startedAt! } : null;
}

const ours = (claim: Claim) =>
  and(eq(video.id, claim.id), eq(video.renditionState, 'en-curso'), eq(video.renditionStartedAt, claim.startedAt));

/** Writes the percent and renews the claim's sign of life; false when the claim is no longer ours. */
async function heartbeat(db: Db, claim: Claim, percent: number | null): Promise<boolean> {
  const [row] = await db
    .update(video)
    .set({ processingPercent: percent, renditionStartedAt: sql`date_trunc('milliseconds', now())` })
    .where(ours(claim))
    .returning({ startedAt: video.renditionStartedAt });
  if (!row) return false;
  claim.startedAt = row.startedAt!;
  return true;
}

type Settled = Partial<
  Pick<typeof video.$inferInsert, 'renditionState' | 'processingError' | 'processingPercent' | 'posterKey' | 'renditionFailures'>
> & { renditionRetryAt?: SQL | null };

/** Writes the outcome (and the new renditions) if the claim is still ours; says whether it was. */
async function settle(db: Db, claim: Claim, values: Settled, made?: MadeRendition[]) {
  return db.transaction(async (tx) => {
    const rows = await tx.update(video).set(values).where(ours(claim)).returning({ id: video.id });
    if (rows.length === 0) return false;
    // The new renditions replace any made before (an earlier run, or the 360p copy a clip had before
    // there were several): the bytes no row names any more are the clean-up's, once nobody plays them.
    if (made) {
      await tx.delete(videoRendition).where(eq(videoRendition.videoId, claim.id));
      if (made.length > 0) await tx.insert(videoRendition).values(made.map((m) => ({ videoId: claim.id, ...m })));
    }
    return true;
  });
}

/** Back to 'pendiente', for the next wake: the instance is stopping, or storage or the database failed. */
const release = (db: Db, claim: Claim) => settle(db, claim, { renditionState: 'pendiente', processingPercent: null }).catch(() => false);

/** The claim went to another instance while ffmpeg worked. */
class ClaimLost extends Error {}

interface MadeRendition {
  height: number;
  storageKey: string;
  mimeType: string;
  size: number;
}

interface Made {
  renditions: MadeRendition[];
  posterKey: string | null;
}

/** Runs ffmpeg over the original for the renditions' heights, writing progress as it goes. */
async function encode(
  deps: RenditionDeps,
  claim: Claim,
  input: string,
  rungs: Rung[],
  dir: string,
  signal: AbortSignal,
  timeoutMs: number,
) {
  const outputs = rungs.map((rung) => path.join(dir, `${rung.height}.mp4`));
  const lost = new AbortController();
  const both = AbortSignal.any([signal, lost.signal]);
  let lastWrite = Date.now();
  let writing: Promise<unknown> = Promise.resolve();
  const duration = claim.durationSeconds;
  const running = runFfmpeg(deps.ffmpegPath, renditionArgs(input, rungs, outputs), {
    priority: deps.ffmpegPriority,
    signal: both,
    timeoutMs,
    onLine: (line) => {
      const done = progressSeconds(line);
      if (done === null || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      // Without a known length there is no percent, but the sign of life is written all the same.
      const percent = duration ? Math.min(99, Math.max(0, Math.floor((done / duration) * 100))) : null;
      // One write at a time; a claim taken by another instance stops this ffmpeg.
      writing = writing.then(() =>
        heartbeat(deps.db, claim, percent).then(
          (still) => still || lost.abort(),
          () => undefined,
        ),
      );
    },
  });
  try {
    await running;
  } catch (error) {
    if (lost.signal.aborted && !signal.aborted) throw new ClaimLost();
    throw error;
  } finally {
    await writing;
  }
  return outputs;
}

/**
 * Downloads the original to a temp folder, reads its height, makes its renditions (and its poster,
 * once), and stores them under new keys; a rendition not lighter than the original names the original.
 */
async function makeRenditions(deps: RenditionDeps, claim: Claim, signal: AbortSignal): Promise<Made> {
  await privateDir(deps.tempDir);
  const dir = await mkdtemp(path.join(deps.tempDir, 'video-'));
  const stored: string[] = [];
  try {
    const input = path.join(dir, 'original');
    await pipeline(await deps.storage.get(claim.storageKey), createWriteStream(input, { mode: PRIVATE_FILE_MODE }), { signal });
    // A long download (a large original from S3) is a sign of life too.
    if (!(await heartbeat(deps.db, claim, 0))) throw new ClaimLost();
    const probe = parseProbe(
      await runFfmpeg(deps.ffmpegPath, probeArgs(input), { priority: deps.ffmpegPriority, signal, timeoutMs: 60_000, anyExit: true }),
    );
    if (!probe) throw new FfmpegError('ffmpeg no encontró una imagen que pueda leer');
    claim.durationSeconds ??= probe.durationSeconds;
    const timeoutMs = Math.round(FFMPEG_BASE_TIMEOUT_MS + 4 * 1000 * (claim.durationSeconds ?? 0));
    const rungs = heightsFor(probe.height);
    const outputs = await encode(deps, claim, input, rungs, dir, signal, timeoutMs);
    const renditions: MadeRendition[] = [];
    for (const [i, rung] of rungs.entries()) {
      const { size } = await stat(outputs[i]!);
      if (size >= claim.size) {
        renditions.push({ height: rung.height, storageKey: claim.storageKey, mimeType: claim.mimeType, size: claim.size });
        continue;
      }
      const key = newStorageKey('mp4');
      await deps.storage.put(key, createReadStream(outputs[i]!), { contentType: 'video/mp4' });
      stored.push(key);
      renditions.push({ height: rung.height, storageKey: key, mimeType: 'video/mp4', size });
    }
    let posterKey = claim.posterKey;
    if (!posterKey) {
      const poster = path.join(dir, 'poster.jpg');
      // A frame a second in (past a fade from black), or the first of a shorter video.
      const at = (claim.durationSeconds ?? 0) > 2 ? 1 : 0;
      await runFfmpeg(deps.ffmpegPath, posterArgs(input, poster, at), { priority: deps.ffmpegPriority, signal, timeoutMs: 60_000 });
      posterKey = newStorageKey('jpg');
      await deps.storage.put(posterKey, createReadStream(poster), { contentType: 'image/jpeg' });
      stored.push(posterKey);
    }
    return { renditions, posterKey };
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface RenditionOutcome {
  videoId: string;
  /** 'pendiente': not finished (the instance is stopping), left for later. */
  state: 'lista' | 'fallida' | 'pendiente';
  /** With 'lista': whether a rendition was stored or the original, lighter, stands for all of them. */
  served?: 'rendition' | 'original';
}

/**
 * The video could not be processed. ffmpeg ended by a signal (it crashed, the system killed it,
 * it ran out of time) is tried again by itself, up to RENDITION_RETRIES times with longer waits.
 * A file ffmpeg says it cannot read, no ffmpeg, no original, or the tries used up: 'fallida' with
 * the instructor's reason (the original is served), until 'Reintentar'.
 */
async function fail(deps: RenditionDeps, claim: Claim, error: Error): Promise<RenditionOutcome> {
  const missing = error instanceof FfmpegError && error.missing;
  const retry = error instanceof FfmpegError && error.killedBy !== null && claim.failures < RENDITION_RETRIES;
  if (retry) {
    const minutes = RETRY_AFTER_MINUTES[claim.failures]!;
    await settle(deps.db, claim, {
      renditionState: 'pendiente',
      processingPercent: null,
      renditionFailures: claim.failures + 1,
      renditionRetryAt: sql`now() + make_interval(mins => ${minutes})`,
    });
    deps.logger.warn(
      { err: error, videoId: claim.id, failures: claim.failures + 1 },
      `no se pudieron hacer las versiones de un video: se reintenta en ${minutes} min`,
    );
    return { videoId: claim.id, state: 'pendiente' };
  }
  await settle(deps.db, claim, {
    renditionFailures: claim.failures + 1,
    renditionState: 'fallida',
    processingPercent: null,
    processingError: missing ? videoMessages.ffmpegMissing : videoMessages.unreadable,
  });
  deps.logger.warn(
    { err: error, videoId: claim.id },
    missing
      ? `no se encontró ffmpeg (FFMPEG_PATH=${deps.ffmpegPath}) para las versiones de un video: se sirve el original`
      : 'no se pudieron hacer las versiones de un video: se sirve el original',
  );
  return { videoId: claim.id, state: 'fallida' };
}

/**
 * Claims and processes the next video; null when there is nothing to do. ffmpeg missing or failing,
 * or the original gone, leave the video 'fallida' (the original is served). Storage or database
 * failures leave it 'pendiente' and are thrown, so the caller stops until its next wake.
 */
export async function renderNext(
  deps: RenditionDeps,
  signal: AbortSignal = new AbortController().signal,
  target?: { videoId: string; takeOver: boolean },
): Promise<RenditionOutcome | null> {
  const claim = await claimRendition(deps.db, target);
  if (!claim) return null;
  const videoId = claim.id;
  let made: Made;
  try {
    made = await makeRenditions(deps, claim, signal);
  } catch (error) {
    if (signal.aborted) {
      await release(deps.db, claim);
      return { videoId, state: 'pendiente' };
    }
    // Another instance took the video over (this one looked stale): its work counts, not ours.
    if (error instanceof ClaimLost) return { videoId, state: 'pendiente' };
    if (error instanceof FfmpegError || error instanceof StoredObjectNotFoundError) return fail(deps, claim, error);
    await release(deps.db, claim);
    throw error;
  }
  const newKeys = [...made.renditions.map((r) => r.storageKey).filter((key) => key !== claim.storageKey)];
  if (made.posterKey !== claim.posterKey && made.posterKey) newKeys.push(made.posterKey);
  const settled = await settle(
    deps.db,
    claim,
    { renditionState: 'lista', processingPercent: 100, processingError: null, posterKey: made.posterKey, renditionRetryAt: null },
    made.renditions,
  ).catch(async (error: unknown) => {
    await release(deps.db, claim);
    throw error;
  });
  const served = made.renditions.length > 0 && made.renditions.every((r) => r.storageKey === claim.storageKey) ? 'original' : 'rendition';
  if (settled) {
    deps.logger.info(
      { videoId, renditions: made.renditions.map((r) => ({ height: r.height, size: r.size })) },
      'versiones de un video listas',
    );
  } else {
    // The video was deleted meanwhile (or its claim went stale and another instance took it).
    await Promise.all(newKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  }
  return { videoId, state: 'lista', served };
}

/**
 * 'Reintentar': a 'fallida' video goes back to the queue with its tries anew. Asked again while it
 * waits or is at work (a double tap, a second tab), it answers how it stands; a ready one is a 409.
 */
export async function retryRendition(db: Db, videoId: string): Promise<VideoProcessing> {
  const fields = { state: video.renditionState, percent: video.processingPercent, error: video.processingError };
  const [queued] = await db
    .update(video)
    .set({ renditionState: 'pendiente', renditionFailures: 0, renditionRetryAt: null, processingError: null, processingPercent: null })
    .where(and(eq(video.id, videoId), eq(video.renditionState, 'fallida')))
    .returning(fields);
  if (queued) return presentProcessing(queued);
  const [current] = await db.select(fields).from(video).where(eq(video.id, videoId));
  if (!current) throw notFound(messages.videoNotFound);
  if (current.state === 'lista') throw conflict(videoMessages.retryNotFailed);
  return presentProcessing(current);
}

/** Removes temp folders left by a process killed mid-way (another instance may share DATA_DIR: only old ones). */
async function sweepTemp(tempDir: string) {
  for (const name of await readdir(tempDir).catch(() => [])) {
    const folder = path.join(tempDir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Sends the job of every video waiting for its renditions now (its wait after a failure over, or
 * its claim stale); a video whose job already waits is not sent twice. Answers how many were sent.
 */
export async function queueWaitingRenditions(db: Db, jobs: Jobs): Promise<number> {
  const waiting = await db
    .select({ id: video.id })
    .from(video)
    .where(
      and(
        inUse(),
        or(
          and(eq(video.renditionState, 'pendiente'), or(isNull(video.renditionRetryAt), lte(video.renditionRetryAt, sql`now()`))),
          and(
            eq(video.renditionState, 'en-curso'),
            lt(video.renditionStartedAt, sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`),
          ),
        ),
      ),
    )
    .orderBy(video.createdAt)
    .limit(200);
  let sent = 0;
  for (const { id } of waiting) if (await jobs.send(RENDITION_QUEUE, { videoId: id }, { singletonKey: id })) sent += 1;
  return sent;
}

/**
 * One video's job. A try that ffmpeg's signal ended leaves the video 'pendiente' with its wait
 * (`fail`): the clock's sweep sends its next job once the wait is over. Stopped (the worker is
 * stopping, or its time ran out), the video goes back to 'pendiente' and the job queue tries the
 * job again later.
 */
export async function renditionJob(deps: RenditionDeps, job: Job<{ videoId: string }>): Promise<void> {
  await renderNext(deps, job.signal, { videoId: job.data.videoId, takeOver: job.retryCount > 0 });
}

/** Says once, for the operator, why uploaded videos would stay as uploaded ('fallida' with the same reason). */
export async function warnWithoutFfmpeg(deps: Pick<RenditionDeps, 'logger' | 'ffmpegPath'>): Promise<void> {
  if (await ffmpegRuns(deps.ffmpegPath)) return;
  deps.logger.error(
    { ffmpegPath: deps.ffmpegPath },
    `ffmpeg no está instalado o FFMPEG_PATH (${deps.ffmpegPath}) no lo encuentra: los videos subidos se sirven como se subieron, sin versiones livianas ni portada. Instalalo (en Debian: apt-get install ffmpeg) o poné su ruta en FFMPEG_PATH.`,
  );
}

/**
 * The renditions' queues, in every process (jobs/handlers.ts). A process with VIDEO_RENDITIONS off
 * sends their jobs but does not take them.
 */
export function registerRenditionJobs(deps: RenditionDeps, jobs: Jobs, options: { run: boolean }): void {
  jobs.work<{ videoId: string }>(RENDITION_QUEUE, (job) => renditionJob(deps, job), {
    // One job per video at a time: sent again while its job waits or works, nothing is added.
    policy: 'exclusive',
    // Tried again soon after a worker that died (no sign of life for 10 s); ffmpeg has its own time
    // limit, a few times the video's length (`makeRenditions`), within this one.
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: 15 * 60,
    heartbeatSeconds: 10,
    expireInSeconds: 6 * 60 * 60,
    run: options.run,
  });
  jobs.every(
    SWEEP_QUEUE,
    '* * * * *',
    async () => {
      await sweepTemp(deps.tempDir);
      await queueWaitingRenditions(deps.db, jobs);
    },
    { run: options.run },
  );
}

export interface RenditionWorker {
  /**
   * Sends the jobs of the videos waiting: after a module or jugada is saved, and after each
   * clean-up (the clock's job does it every minute too, where jobs are taken).
   */
  wake(): void;
  /** Processes the next waiting video here and now, outside the job queue (tests). */
  runOnce(): Promise<RenditionOutcome | null>;
  /** Kills the ffmpeg of a `runOnce` at work (its video is left 'pendiente') and resolves once nothing runs. */
  stop(): Promise<void>;
}

/** The app's handle on the renditions (`ctx.renditions`): the jobs sent through `jobs`, when given. */
export function createRenditionWorker(deps: RenditionDeps, jobs?: Jobs): RenditionWorker {
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  };
  return {
    wake() {
      if (!jobs || stopping.signal.aborted) return;
      void track(
        queueWaitingRenditions(deps.db, jobs).catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'las versiones de los videos se reintentan más tarde'),
        ),
      );
    },
    runOnce: () => track(renderNext(deps, stopping.signal)),
    async stop() {
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}

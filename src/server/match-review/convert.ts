// A match's conversion to streaming, as a background job (jobs/queue.ts): the original is copied
// from file storage to a temp folder, ffmpeg makes its HLS ladder and poster (matches/hls.ts, with
// its time and memory limits), the files are stored under new keys and named in `match_file`
// ('hls/master.m3u8', 'hls/360.m3u8', 'hls/360.mp4', 'poster.jpg'), and the match is 'lista'.
// Progress is written as it goes ('Procesando… 45 %'). A job interrupted (kill -9, a restart) is
// done again from the start by whichever worker takes it: the files of a finished run replace
// those of an earlier one in one transaction, and the bytes nobody names any more are deleted.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { matchReviewMessages as m } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { match, matchFile } from '../db/schema.ts';
import { newStorageKey, StoredObjectNotFoundError, type FileStorage } from '../files/storage.ts';
import type { Jobs, Job } from '../jobs/queue.ts';
import { makeHls, NotAVideoError, POSTER, type HlsFile } from '../matches/hls.ts';
import { privateDir, PRIVATE_FILE_MODE } from '../private-paths.ts';
import { FfmpegError, type FfmpegSettings } from '../videos/ffmpeg.ts';

/** The queue of a match's conversion (sent by matches/routes.ts once an upload passed the content check). */
export const MATCH_CONVERSION_QUEUE = 'match-conversion';
/** Tries after the first failure: a worker that died, ffmpeg killed by a signal or out of time. */
const RETRIES = 3;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 2_000;
/** Temp folders this old were left by a worker killed mid-way (a live one is younger). */
const STALE_TEMP_MS = 12 * 60 * 60_000;

export interface ConversionDeps extends FfmpegSettings {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  /** Where the original and ffmpeg's output are written while it works; each job's folder is removed after it. */
  tempDir: string;
}

export type ConversionOutcome = 'lista' | 'fallida' | 'gone';

/** Where a file of the ladder is named under `/api/matches/:matchId/files/`. */
const fileName = (file: HlsFile) => (file.name === POSTER ? POSTER : `hls/${file.name}`);

/** The match is 'fallida' with the reason its people read; false when it is no longer being converted. */
async function failMatch(db: Db, matchId: string, reason: string) {
  await db
    .update(match)
    .set({ state: 'fallida', processingPercent: null, processingError: reason, updatedAt: new Date() })
    .where(and(eq(match.id, matchId), eq(match.state, 'procesando')));
}

/** Stores ffmpeg's files under new keys; if one fails, the ones already stored go. */
async function storeFiles(storage: FileStorage, files: HlsFile[]) {
  const stored: Array<HlsFile & { key: string }> = [];
  try {
    for (const file of files) {
      const key = newStorageKey(path.extname(file.name).slice(1));
      await storage.put(key, createReadStream(file.path), { contentType: file.contentType });
      stored.push({ ...file, key });
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((file) => storage.delete(file.key).catch(() => undefined)));
    throw error;
  }
}

/**
 * Converts the match, if it is still waiting for it. Resolves with how it ended; throws what is
 * worth another try (the job's signal, ffmpeg killed, storage or the database failing) unless
 * `lastTry`, when the match is left 'fallida' with the reason.
 */
export async function convertMatch(
  deps: ConversionDeps,
  matchId: string,
  signal: AbortSignal,
  lastTry = false,
): Promise<ConversionOutcome> {
  const { db, storage, logger } = deps;
  const [row] = await db.select({ state: match.state, storageKey: match.storageKey }).from(match).where(eq(match.id, matchId));
  if (!row || !row.storageKey) return 'gone';
  if (row.state === 'lista' || row.state === 'fallida') return row.state;
  await privateDir(deps.tempDir);
  const dir = await mkdtemp(path.join(deps.tempDir, 'match-'));
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const progress = (percent: number) => {
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    writing = writing
      .then(() =>
        db
          .update(match)
          // updatedAt is the conversion's sign of life too (`requeueStalled`).
          .set({ processingPercent: percent, updatedAt: new Date() })
          .where(and(eq(match.id, matchId), eq(match.state, 'procesando'))),
      )
      .catch(() => undefined);
  };
  try {
    const input = path.join(dir, 'original');
    await pipeline(await storage.get(row.storageKey), createWriteStream(input, { mode: PRIVATE_FILE_MODE }), { signal });
    const out = path.join(dir, 'out');
    await mkdir(out);
    const result = await makeHls({
      ffmpegPath: deps.ffmpegPath,
      priority: deps.ffmpegPriority,
      input,
      dir: out,
      signal,
      onProgress: progress,
    });
    await writing;
    const stored = await storeFiles(storage, result.files);
    const replaced = await db.transaction(async (tx) => {
      const [current] = await tx.select({ state: match.state }).from(match).where(eq(match.id, matchId)).for('update');
      if (current?.state !== 'procesando') return null;
      const old = await tx.delete(matchFile).where(eq(matchFile.matchId, matchId)).returning({ key: matchFile.storageKey });
      await tx
        .insert(matchFile)
        .values(
          stored.map((file) => ({ matchId, name: fileName(file), storageKey: file.key, mimeType: file.contentType, size: file.size })),
        );
      await tx
        .update(match)
        .set({
          state: 'lista',
          processingPercent: 100,
          processingError: null,
          durationSeconds: result.probe.durationSeconds,
          sourceHeight: result.probe.height,
          frameRate: result.probe.fps,
          updatedAt: new Date(),
        })
        .where(eq(match.id, matchId));
      return old.map((file) => file.key);
    });
    // Deleted (or failed) meanwhile: what was stored is nobody's. Else the earlier run's bytes go.
    const orphans = replaced === null ? stored.map((file) => file.key) : replaced;
    await Promise.all(orphans.map((key) => storage.delete(key).catch(() => undefined)));
    if (replaced === null) return 'gone';
    logger.info({ matchId, rungs: result.rungs, durationSeconds: result.probe.durationSeconds }, 'partido listo para ver');
    return 'lista';
  } catch (error) {
    await writing;
    if (signal.aborted) throw error;
    const reason = reasonFor(error, lastTry);
    if (reason === null) throw error;
    logger.warn({ err: error, matchId }, 'no se pudo convertir el video de un partido');
    await failMatch(db, matchId, reason);
    return 'fallida';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the people of the match read when it cannot be converted; null when it is worth another try. */
function reasonFor(error: unknown, lastTry: boolean): string | null {
  if (error instanceof NotAVideoError) return m.processingNotVideo;
  if (error instanceof StoredObjectNotFoundError) return m.processingFailed;
  if (error instanceof FfmpegError) {
    if (error.missing) return m.ffmpegMissing;
    // Killed by a signal (its time ran out, a crash, the system): tried again, up to the last try.
    if (error.killedBy !== null) return lastTry ? m.processingTimedOut : null;
    return m.processingFailed;
  }
  return lastTry ? m.processingFailed : null;
}

/** Removes temp folders left by a worker killed mid-way (another worker may share DATA_DIR: only old ones). */
async function sweepTemp(tempDir: string) {
  for (const name of await readdir(tempDir).catch(() => [])) {
    const folder = path.join(tempDir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(folder, { recursive: true, force: true });
  }
}

/** The conversion's job: one match at a time per worker, tried again after a death or a kill. */
export function conversionJob(deps: ConversionDeps) {
  return async (job: Job<{ matchId: string }>) => {
    await convertMatch(deps, job.data.matchId, job.signal, job.retryCount >= RETRIES);
  };
}

/** A match converting without a sign of life for this long lost its job (its worker died on its last try). */
const STALLED_MINUTES = 30;
/** The clock's job that gives stalled conversions new tries. */
export const STALLED_QUEUE = 'match-conversion.stalled';

/**
 * Sends the conversion again for each match left 'procesando' without a sign of life (a worker
 * killed on the job's last try leaves no one to finish it). A match whose job is waiting or at work
 * is not sent twice (the queue keeps one per match). Returns how many were sent.
 */
export async function requeueStalled(db: Db, jobs: Pick<Jobs, 'send'>): Promise<number> {
  const stalled = await db
    .select({ id: match.id })
    .from(match)
    .where(
      and(
        eq(match.state, 'procesando'),
        isNotNull(match.storageKey),
        lt(match.updatedAt, sql`now() - make_interval(mins => ${STALLED_MINUTES})`),
      ),
    );
  let sent = 0;
  for (const { id } of stalled) {
    if (await jobs.send(MATCH_CONVERSION_QUEUE, { matchId: id }, { singletonKey: id })) sent += 1;
  }
  return sent;
}

/** Registers the conversion's queue (jobs/handlers.ts). */
export function registerMatchConversion(deps: ConversionDeps, jobs: Jobs): void {
  void sweepTemp(deps.tempDir);
  jobs.work<{ matchId: string }>(MATCH_CONVERSION_QUEUE, conversionJob(deps), {
    policy: 'stately',
    retryLimit: RETRIES,
    retryDelaySeconds: 10,
    retryDelayMaxSeconds: 15 * 60,
    // A worker that died is noticed within seconds; ffmpeg's own limit (a few times the match's
    // length) is within this one: a 2-hour match and its slack.
    heartbeatSeconds: 10,
    expireInSeconds: 10 * 60 * 60,
  });
  jobs.every(STALLED_QUEUE, '*/10 * * * *', async () => {
    await requeueStalled(deps.db, jobs);
  });
}

/** The conversion's temp folder under DATA_DIR. */
export const conversionTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'matches');

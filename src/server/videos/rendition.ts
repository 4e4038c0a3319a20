// The light copy of a jugada's clip that video exams serve to phones on mobile data: H.264 at
// 360p, about 1.2 MB per 10 seconds with its sound at most, made by Debian's ffmpeg after the
// upload. The original is kept (the module's jugadas and the admin play it) and is served
// instead whenever there is no copy. Instances sharing one database share the work: each video
// is claimed by one of them in one statement (`claimRendition`), and each instance makes one copy
// at a time, with ffmpeg on one thread at the lowest priority, so requests are not kept waiting.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, exists, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { jugada, video } from '../db/schema.ts';
import { newStorageKey, StoredObjectNotFoundError, type FileStorage } from '../files/storage.ts';
import { privateDir, PRIVATE_FILE_MODE } from '../private-paths.ts';

export const RENDITION_MIME_TYPE = 'video/mp4';
/** A claim older than this was left by an instance that stopped: the video is claimed again. */
const STALE_CLAIM_MINUTES = 30;
/** ffmpeg is stopped after this, before its claim goes stale (a jugada's clip takes seconds). */
const FFMPEG_TIMEOUT_MS = 20 * 60_000;
/** Temp folders this old were left by a process killed mid-way (a live one is younger than the timeout). */
const STALE_TEMP_MS = 60 * 60_000;

export interface RenditionDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  /** The ffmpeg command (FFMPEG_PATH). */
  ffmpegPath: string;
  /** Where the original and the copy are written while ffmpeg works; each job's folder is removed after it. */
  tempDir: string;
}

type VideoRow = typeof video.$inferSelect;

/**
 * The file a video exam serves for a clip: the light copy once it is made, else the original.
 * When the copy came out heavier than the original, the row names the original as its copy
 * (state 'lista' with the original's key and size), so the original, with its own type, is served.
 */
export function servedClip(row: Pick<VideoRow, 'storageKey' | 'size' | 'mimeType' | 'renditionState' | 'renditionKey' | 'renditionSize'>): {
  key: string;
  size: number;
  mimeType: string;
} {
  const { renditionKey, renditionSize } = row;
  if (row.renditionState === 'lista' && renditionKey && renditionSize !== null && renditionKey !== row.storageKey) {
    return { key: renditionKey, size: renditionSize, mimeType: RENDITION_MIME_TYPE };
  }
  return { key: row.storageKey, size: row.size, mimeType: row.mimeType };
}

/**
 * ffmpeg's arguments for the copy. The height is at most 360 (never enlarged, kept even for
 * yuv420p), the bitrate capped so that 10 seconds are at most about 1.2 MB with the sound (800 +
 * 64 kbit/s), frames keep their own times (`vfr`: a start and end second of the jugada are the
 * same moments in the copy) and the index goes first, so a phone starts playing at once.
 */
export function renditionArgs(input: string, output: string): string[] {
  return [
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-filter_threads', '1', '-threads', '1', '-i', input],
    // The first video stream and the first audio stream if there is one: no subtitles, data or covers.
    ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
    ['-vf', "scale=-2:'min(360,trunc(ih/2)*2)'", '-fps_mode', 'vfr'],
    ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-maxrate', '800k', '-bufsize', '1600k', '-pix_fmt', 'yuv420p'],
    ['-c:a', 'aac', '-b:a', '64k', '-ac', '1'],
    ['-threads', '1', '-movflags', '+faststart', '-f', 'mp4', '-y', output],
  ].flat();
}

/** ffmpeg could not make the copy: not installed (`missing`), or it failed on this file. */
class FfmpegError extends Error {
  readonly missing: boolean;
  constructor(message: string, missing = false) {
    super(message);
    this.missing = missing;
  }
}

/** Runs ffmpeg at the lowest priority; stopped (SIGKILL) by `signal` or after the timeout. */
function runFfmpeg(command: string, args: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], signal, timeout: FFMPEG_TIMEOUT_MS, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it still runs on one thread.
      }
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') reject(new FfmpegError(`no se encontró ${command}`, true));
      else reject(error);
    });
    child.once('close', (code, killedBy) => {
      if (code === 0) resolve();
      else reject(new FfmpegError(stderr.trim() || `${command} terminó con ${code ?? killedBy}`));
    });
  });
}

interface Claim {
  id: string;
  storageKey: string;
  size: number;
  /** What the claim set, to the millisecond: the claim is still ours while the row says the same. */
  startedAt: Date;
}

/**
 * Takes the next video a jugada uses that has no copy yet (or whose claim went stale), in one
 * statement: with several instances, each video is claimed by one (SKIP LOCKED, the state checked
 * again on the locked row). Module videos are left alone: they are large and exams do not serve them.
 */
export async function claimRendition(db: Db): Promise<Claim | null> {
  const claimable = or(
    eq(video.renditionState, 'pendiente'),
    and(eq(video.renditionState, 'en-curso'), lt(video.renditionStartedAt, sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`)),
  );
  const next = db
    .select({ id: video.id })
    .from(video)
    .where(and(claimable, exists(db.select({ id: jugada.id }).from(jugada).where(eq(jugada.videoId, video.id)))))
    .orderBy(video.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(video)
    // Milliseconds, as a JavaScript Date holds them: `settle` compares the value read back.
    .set({ renditionState: 'en-curso', renditionStartedAt: sql`date_trunc('milliseconds', now())` })
    .where(and(sql`${video.id} = (${next})`, claimable))
    .returning({ id: video.id, storageKey: video.storageKey, size: video.size, startedAt: video.renditionStartedAt });
  return claimed ? { ...claimed, startedAt: claimed.startedAt! } : null;
}

/** Writes the outcome if the claim is still ours (the row was not deleted nor claimed again); says whether it was. */
async function settle(db: Db, claim: Claim, values: Partial<Pick<VideoRow, 'renditionState' | 'renditionKey' | 'renditionSize'>>) {
  const rows = await db
    .update(video)
    .set(values)
    .where(and(eq(video.id, claim.id), eq(video.renditionState, 'en-curso'), eq(video.renditionStartedAt, claim.startedAt)))
    .returning({ id: video.id });
  return rows.length > 0;
}

/** Back to 'pendiente', for the next wake: the instance is stopping, or storage or the database failed. */
const release = (db: Db, claim: Claim) => settle(db, claim, { renditionState: 'pendiente' }).catch(() => false);

/**
 * Downloads the original to a temp folder, runs ffmpeg and stores the copy under a new key;
 * when the copy is not lighter than the original, nothing is stored and the original is named.
 */
async function makeRendition(deps: RenditionDeps, claim: Claim, signal: AbortSignal): Promise<{ key: string; size: number }> {
  await privateDir(deps.tempDir);
  const dir = await mkdtemp(path.join(deps.tempDir, 'video-'));
  try {
    const input = path.join(dir, 'original');
    const output = path.join(dir, 'rendition.mp4');
    await pipeline(await deps.storage.get(claim.storageKey), createWriteStream(input, { mode: PRIVATE_FILE_MODE }), { signal });
    await runFfmpeg(deps.ffmpegPath, renditionArgs(input, output), signal);
    const { size } = await stat(output);
    if (size >= claim.size) return { key: claim.storageKey, size: claim.size };
    const key = newStorageKey('mp4');
    await deps.storage.put(key, createReadStream(output), { contentType: RENDITION_MIME_TYPE });
    return { key, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface RenditionOutcome {
  videoId: string;
  /** 'pendiente': not finished (the instance is stopping), left for later. */
  state: 'lista' | 'fallida' | 'pendiente';
  /** With 'lista': whether a copy was stored or the original, lighter, stays as its own copy. */
  served?: 'rendition' | 'original';
}

/**
 * Claims and makes the next copy; null when there is nothing to do. ffmpeg missing or failing,
 * or the original gone, leave the video 'fallida' (the original is served). Storage or database
 * failures leave it 'pendiente' and are thrown, so the caller stops until its next wake.
 */
export async function renderNext(
  deps: RenditionDeps,
  signal: AbortSignal = new AbortController().signal,
): Promise<RenditionOutcome | null> {
  const claim = await claimRendition(deps.db);
  if (!claim) return null;
  const videoId = claim.id;
  let made: { key: string; size: number };
  try {
    made = await makeRendition(deps, claim, signal);
  } catch (error) {
    if (signal.aborted) {
      await release(deps.db, claim);
      return { videoId, state: 'pendiente' };
    }
    if (!(error instanceof FfmpegError || error instanceof StoredObjectNotFoundError)) {
      await release(deps.db, claim);
      throw error;
    }
    await settle(deps.db, claim, { renditionState: 'fallida' });
    const missing = error instanceof FfmpegError && error.missing;
    deps.logger.warn(
      { err: error, videoId },
      missing
        ? `no se encontró ffmpeg (FFMPEG_PATH=${deps.ffmpegPath}) para la versión liviana de un clip: los exámenes sirven el original`
        : 'no se pudo hacer la versión liviana de un clip: los exámenes sirven el original',
    );
    return { videoId, state: 'fallida' };
  }
  const served = made.key === claim.storageKey ? 'original' : 'rendition';
  if (await settle(deps.db, claim, { renditionState: 'lista', renditionKey: made.key, renditionSize: made.size })) {
    const text = served === 'rendition' ? 'versión liviana de un clip lista' : 'el clip ya era liviano: los exámenes sirven el original';
    deps.logger.info({ videoId, size: made.size, originalSize: claim.size }, text);
  } else if (served === 'rendition') {
    // The video was deleted meanwhile (or its claim went stale and another instance took it).
    await deps.storage.delete(made.key).catch(() => undefined);
  }
  return { videoId, state: 'lista', served };
}

/** Removes temp folders left by a process killed mid-way (another instance may share DATA_DIR: only old ones). */
async function sweepTemp(tempDir: string) {
  for (const name of await readdir(tempDir).catch(() => [])) {
    const folder = path.join(tempDir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(folder, { recursive: true, force: true });
  }
}

export interface RenditionWorker {
  /** Starts the work (server.ts, with VIDEO_RENDITIONS on). Until then `wake` does nothing: tests call `runOnce`. */
  start(): void;
  /** Makes the copies still missing, one at a time, unless already at it: after a jugada is saved and after each clean-up. */
  wake(): void;
  /** Makes the next copy, if any (tests). */
  runOnce(): Promise<RenditionOutcome | null>;
  /** Kills the ffmpeg at work (its video is left 'pendiente') and resolves once nothing runs. */
  stop(): Promise<void>;
}

/** One instance's worker: one copy at a time, as long as videos are waiting. */
export function createRenditionWorker(deps: RenditionDeps): RenditionWorker {
  const stopping = new AbortController();
  let started = false;
  let running: Promise<void> | undefined;
  let wokenAgain = false;
  const drain = async () => {
    do {
      wokenAgain = false;
      while (!stopping.signal.aborted && (await renderNext(deps, stopping.signal))) {
        // Next video.
      }
    } while (wokenAgain && !stopping.signal.aborted);
  };
  const wake = () => {
    if (!started || stopping.signal.aborted) return;
    if (running) {
      wokenAgain = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'las versiones livianas de los clips se reintentan más tarde'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      started = true;
      void sweepTemp(deps.tempDir);
      wake();
    },
    wake,
    runOnce: () => renderNext(deps, stopping.signal),
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

// The light 360p copy of each jugada clip, made by Debian's ffmpeg after the upload: its size,
// height and length, one instance per video, what a failure leaves, and that its bytes go with
// the video (and not while an exam attempt holds the clip).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exam, examAttempt, examAttemptClip, video, videoRendition } from '../../src/server/db/schema.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { cleanUp } from '../../src/server/maintenance/cleanup.ts';
import { createJobs } from '../../src/server/jobs/queue.ts';
import {
  createRenditionWorker,
  queueWaitingRenditions,
  registerRenditionJobs,
  RENDITION_RETRIES,
  renderNext,
  servedClip,
  type RenditionDeps,
} from '../../src/server/videos/rendition.ts';
import { videoMessages } from '../../src/shared/messages.ts';
import { examRendition, renditionsOf } from '../../src/server/videos/read.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { buildCourse, buildModule, optionId, signedIn } from '../api/helpers/content.ts';
import { multipart, storedFiles, webmBytes } from '../api/helpers/files.ts';
import { call, login } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;

let t: TestApp;
let admin: string;
let work: string;
/**
 * A 1280×720 H.264 clip with AAC sound, as a camera or an editor would give it (about 2 MB): five
 * seconds, as short as a jugada's clip gets, since each test has ffmpeg convert it.
 */
let clip: Buffer;
const CLIP_SECONDS = 5;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  work = await mkdtemp(path.join(tmpdir(), 'aula-renditions-'));
  const file = path.join(work, 'original.mp4');
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${CLIP_SECONDS}:size=1280x720:rate=25`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', '-shortest', '-y', file],
  ]);
  clip = await readFile(file);
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The worker's services, as the app builds them, with a temp folder of the test's own. */
const deps = (overrides: Partial<RenditionDeps> = {}): RenditionDeps => ({
  db: t.ctx.db,
  storage: t.ctx.storage,
  logger: t.ctx.logger,
  ffmpegPath: 'ffmpeg',
  ffmpegPriority: 'normal',
  tempDir: path.join(work, 'temp'),
  ...overrides,
});

/** Height and length of a video file's bytes, as ffprobe reads them. */
async function probe(bytes: Buffer): Promise<{ height: number; duration: number; audio: boolean }> {
  const file = path.join(work, `${randomUUID()}.mp4`);
  await writeFile(file, bytes);
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,height:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as { streams: Array<{ codec_type: string; height?: number }>; format: { duration: string } };
    const videoStream = info.streams.find((s) => s.codec_type === 'video');
    return {
      height: videoStream?.height ?? 0,
      duration: Number(info.format.duration),
      audio: info.streams.some((s) => s.codec_type === 'audio'),
    };
  } finally {
    await rm(file, { force: true });
  }
}

const readStored = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.ctx.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The video's row, with its renditions and the one exams serve (`renditionKey`, `renditionSize`; null before it is made). */
const videoRow = async (id: string) => {
  const row = (await t.ctx.db.select().from(video).where(eq(video.id, id)))[0]!;
  const renditions = await renditionsOf(t.ctx.db, id);
  const copy = examRendition(renditions);
  return { ...row, renditions, renditionKey: copy?.storageKey ?? null, renditionSize: copy?.size ?? null };
};
/** Every stored file of the video but its original: its renditions and poster. */
const madeFiles = async (id: string) => {
  const row = await videoRow(id);
  return [...row.renditions.map((r) => r.storageKey), row.posterKey!].sort();
};

/** An ffmpeg that, when converting (not when reading a file), runs `before` and then crashes (SIGSEGV); otherwise it is ffmpeg. */
const crashingFfmpeg = (before: string) =>
  `#!/bin/sh\ncase " $* " in *" -progress "*) ${before || ':'}; kill -SEGV $$ ;; esac\nexec ffmpeg "$@"\n`;

/** The wait before a video's next try, over. */
const waitOver = (videoId: string) =>
  t.ctx.db
    .update(video)
    .set({ renditionRetryAt: sql`now() - interval '1 second'` })
    .where(eq(video.id, videoId));

/** Uploads `content` as the admin and makes a jugada of it (POST, as the editor does); returns both ids. */
async function jugadaWithClip(content = clip, filename = 'jugada.mp4') {
  const { body, headers } = multipart([{ name: 'file', filename, content, contentType: 'video/mp4' }]);
  const uploaded = await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const videoId = uploaded.json().id as string;
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const created = await call(t.app, {
    method: 'POST',
    url: `/api/modules/${module.id}/jugadas`,
    cookie: admin,
    body: {
      video: { kind: 'file', videoId },
      start: 1,
      end: 4,
      prompt: '¿Qué cobrás?',
      correctDecisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
      correctSanctionId: await optionId(t.ctx, course.id, 'Exclusión de 2 minutos'),
      moment: 2.5,
      tolerance: 1,
      explanation: 'Regla 8:5',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { videoId, jugadaId: created.json().jugada.id as string };
}

describe('the light copy of a jugada clip', () => {
  it('is a 360p MP4 of at most 1.5 MB per 10 seconds, with the same length, and the original stays', async () => {
    const { videoId } = await jugadaWithClip();
    // Saving the jugada woke the worker, which tests never start: the video waits.
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'pendiente', renditionKey: null });

    expect(await t.ctx.renditions.runOnce()).toEqual({ videoId, state: 'lista', served: 'rendition' });
    const row = await videoRow(videoId);
    expect(row.renditionState).toBe('lista');
    expect(row.renditionKey).not.toBe(row.storageKey);
    const copy = await readStored(row.renditionKey!);
    expect(copy.length).toBe(row.renditionSize);
    // 1.5 MB per 10 seconds.
    expect(copy.length).toBeLessThanOrEqual(1.5 * MB * (CLIP_SECONDS / 10));
    const [original, light] = await Promise.all([probe(clip), probe(copy)]);
    expect(light.height).toBe(360);
    expect(light.audio).toBe(true);
    expect(Math.abs(light.duration - original.duration)).toBeLessThanOrEqual(0.2);
    // The original is kept (the module's jugada plays it); exams are served the copy.
    expect((await readStored(row.storageKey)).equals(clip)).toBe(true);
    expect(servedClip(row, row.renditions)).toMatchObject({ key: row.renditionKey, size: copy.length, mimeType: 'video/mp4' });

    // Nothing else waits: uploads no module nor jugada uses are left alone.
    const { body, headers } = multipart([{ name: 'file', filename: 'suelto.mp4', content: clip, contentType: 'video/mp4' }]);
    expect((await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin })).statusCode).toBe(201);
    expect(await t.ctx.renditions.runOnce()).toBeNull();
    expect(await readdir(path.join(work, 'temp')).catch(() => [])).toEqual([]);
  }, 120_000);

  it('is made once when two instances look for work at the same time, and a stale claim is taken again', async () => {
    const { videoId } = await jugadaWithClip();
    const before = new Set((await storedFiles(t.ctx)).objects);
    const [a, b] = [createRenditionWorker(deps()), createRenditionWorker(deps())];
    const outcomes = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual([{ videoId, state: 'lista', served: 'rendition' }]);
    const added = (await storedFiles(t.ctx)).objects.filter((key) => !before.has(key));
    expect(added.sort()).toEqual(await madeFiles(videoId));
    const firstCopy = (await videoRow(videoId)).renditionKey;

    // An instance that stopped mid-way (a restart) leaves its claim, with no sign of life from then
    // on (one at work writes one every few seconds): after 5 minutes another takes it.
    await t.ctx.db
      .update(video)
      .set({ renditionState: 'en-curso', renditionStartedAt: sql`now() - interval '4 minutes'` })
      .where(eq(video.id, videoId));
    expect(await a.runOnce()).toBeNull();
    await t.ctx.db
      .update(video)
      .set({ renditionStartedAt: sql`now() - interval '6 minutes'` })
      .where(eq(video.id, videoId));
    expect(await b.runOnce()).toMatchObject({ videoId, state: 'lista' });
    // Made again (here the first one had finished): its first bytes are an orphan for the clean-up.
    expect((await videoRow(videoId)).renditionKey).not.toBe(firstCopy);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it('fails when ffmpeg is missing or cannot read the clip, leaving the original served and nothing in temp', async () => {
    const { videoId } = await jugadaWithClip();
    const temp = path.join(work, 'temp-missing');
    expect(await renderNext(deps({ ffmpegPath: path.join(work, 'no-ffmpeg'), tempDir: temp }))).toEqual({ videoId, state: 'fallida' });
    const row = await videoRow(videoId);
    expect(row).toMatchObject({ renditionState: 'fallida', renditionKey: null, renditionSize: null });
    expect(servedClip(row, row.renditions)).toMatchObject({ key: row.storageKey, size: clip.length, mimeType: 'video/mp4' });
    expect(await readdir(temp)).toEqual([]);
    // Not retried: the next look finds nothing to do.
    expect(await renderNext(deps())).toBeNull();

    // A file that only starts like a WebM: ffmpeg fails on it.
    const broken = await jugadaWithClip(webmBytes(), 'roto.webm');
    expect(await renderNext(deps({ tempDir: temp }))).toEqual({ videoId: broken.videoId, state: 'fallida' });
    expect(await readdir(temp)).toEqual([]);
  }, 120_000);

  it('is tried again by itself after ffmpeg crashed, once its wait is over, and is ready on the next try', async () => {
    const { videoId } = await jugadaWithClip();
    // ffmpeg crashing (a signal) in the middle of its first conversion, then working.
    const marker = path.join(work, 'crashed-once');
    const crashOnce = path.join(work, 'ffmpeg-crash-once');
    await writeFile(crashOnce, crashingFfmpeg(`[ -e '${marker}' ] && exec ffmpeg "$@"; touch '${marker}'`), { mode: 0o755 });
    expect(await renderNext(deps({ ffmpegPath: crashOnce }))).toEqual({ videoId, state: 'pendiente' });
    const waiting = await videoRow(videoId);
    expect(waiting).toMatchObject({ renditionState: 'pendiente', renditionFailures: 1, processingError: null, renditions: [] });
    // A minute's wait: nothing to do before it.
    expect(waiting.renditionRetryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await renderNext(deps({ ffmpegPath: crashOnce }))).toBeNull();
    await waitOver(videoId);
    expect(await renderNext(deps({ ffmpegPath: crashOnce }))).toMatchObject({ videoId, state: 'lista' });
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'lista', renditionRetryAt: null });
    expect((await videoRow(videoId)).renditions.length).toBeGreaterThan(0);
  }, 120_000);

  it('crashing on every try ends "fallida" after three more; "Reintentar" gives it its tries again, as the admin’s only', async () => {
    const { videoId } = await jugadaWithClip();
    const alwaysCrashes = path.join(work, 'ffmpeg-always-crashes');
    await writeFile(alwaysCrashes, crashingFfmpeg(''), { mode: 0o755 });
    for (let failures = 1; failures <= RENDITION_RETRIES; failures++) {
      expect(await renderNext(deps({ ffmpegPath: alwaysCrashes }))).toEqual({ videoId, state: 'pendiente' });
      expect(await videoRow(videoId)).toMatchObject({ renditionState: 'pendiente', renditionFailures: failures });
      await waitOver(videoId);
    }
    expect(await renderNext(deps({ ffmpegPath: alwaysCrashes }))).toEqual({ videoId, state: 'fallida' });
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'fallida', renditionFailures: RENDITION_RETRIES + 1 });
    expect(await renderNext(deps({ ffmpegPath: alwaysCrashes }))).toBeNull();

    const retry = (id: string, cookie?: string) => call(t.app, { method: 'POST', url: `/api/videos/${id}/retry`, cookie });
    const student = await signedIn(t.app, t.ctx);
    expect((await retry(videoId)).statusCode).toBe(401);
    expect((await retry(videoId, student.cookie)).statusCode).toBe(403);
    expect((await videoRow(videoId)).renditionState).toBe('fallida');
    const retried = await retry(videoId, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ processing: { state: 'pendiente', percent: null, error: null } });
    // A second tap while it waits answers the same.
    expect((await retry(videoId, admin)).json()).toEqual({ processing: { state: 'pendiente', percent: null, error: null } });
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'pendiente', renditionFailures: 0, renditionRetryAt: null });
    // Claimed at once, with its three tries again (here it crashes once more: the first of them).
    expect(await renderNext(deps({ ffmpegPath: alwaysCrashes }))).toEqual({ videoId, state: 'pendiente' });
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'pendiente', renditionFailures: 1 });
    // A ready video has nothing to try again.
    await t.ctx.db.update(video).set({ renditionState: 'lista', renditionRetryAt: null }).where(eq(video.id, videoId));
    const ready = await retry(videoId, admin);
    expect(ready.statusCode).toBe(409);
    expect(ready.json().error.message).toBe(videoMessages.retryNotFailed);
    expect((await retry(randomUUID(), admin)).statusCode).toBe(404);
    expect((await retry('x'.repeat(65), admin)).statusCode).toBe(400);
  }, 180_000);

  it('keeps the original as its own copy when the copy would be heavier', async () => {
    const file = path.join(work, 'small.mp4');
    // A 240p clip with no sound, squeezed to the lowest quality: already lighter than any copy.
    await run('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=426x240:d=4'],
      ...['-c:v', 'libx264', '-crf', '51', '-pix_fmt', 'yuv420p', '-y', file],
    ]);
    const { videoId } = await jugadaWithClip(await readFile(file));
    const before = (await storedFiles(t.ctx)).objects;
    expect(await t.ctx.renditions.runOnce()).toEqual({ videoId, state: 'lista', served: 'original' });
    const row = await videoRow(videoId);
    expect(row).toMatchObject({ renditionState: 'lista', renditionKey: row.storageKey, renditionSize: row.size });
    expect(servedClip(row, row.renditions)).toMatchObject({ key: row.storageKey, size: row.size, mimeType: 'video/mp4' });
    // No copy stored: only its poster, new with the renditions.
    expect((await storedFiles(t.ctx)).objects.filter((key) => !before.includes(key))).toEqual([row.posterKey]);
  }, 120_000);

  it('goes with its video: deleting the jugada removes the bytes of both', async () => {
    const { videoId, jugadaId } = await jugadaWithClip();
    await t.ctx.renditions.runOnce();
    const { storageKey, renditionKey } = await videoRow(videoId);
    expect((await storedFiles(t.ctx)).objects).toEqual(expect.arrayContaining([storageKey, renditionKey]));
    expect((await call(t.app, { method: 'DELETE', url: `/api/jugadas/${jugadaId}`, cookie: admin })).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(video).where(eq(video.id, videoId))).toEqual([]);
    const left = (await storedFiles(t.ctx)).objects;
    expect(left).not.toContain(storageKey);
    expect(left).not.toContain(renditionKey);
  }, 120_000);

  it('stops with the server: the ffmpeg at work is killed, its video left for later and its temp files removed', async () => {
    const { videoId } = await jugadaWithClip();
    // An ffmpeg that never finishes.
    const slow = path.join(work, 'slow-ffmpeg');
    await writeFile(slow, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const temp = path.join(work, 'temp-stopped');
    // A process that takes jobs, as the server is (jobs/queue.ts), on the same database.
    const { database, config, logger } = t.ctx;
    const worker = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    registerRenditionJobs(deps({ ffmpegPath: slow, tempDir: temp }), worker, { run: true });
    // The jugada's save sent the video's job; sent again while it waits, it is the same job.
    const jobStates = async () => {
      const found = await t.ctx.db.execute(
        sql`select state from pgboss.job where name = 'videos.renditions' and singleton_key = ${videoId}`,
      );
      return (found as unknown as { rows: Array<{ state: string }> }).rows.map((row) => row.state);
    };
    // (The route answers before its send is done: `wake` does not hold the answer up.)
    await vi.waitFor(async () => expect(await jobStates()).toEqual(['created']));
    expect(await queueWaitingRenditions(t.ctx.db, worker)).toBe(0);
    expect(await jobStates()).toEqual(['created']);
    // Earlier tests' jobs are not this one's (their videos were made by `runOnce`): out of the way.
    await t.ctx.db.execute(sql`delete from pgboss.job where name = 'videos.renditions' and singleton_key <> ${videoId}`);
    // Nothing runs before the worker starts.
    expect((await videoRow(videoId)).renditionState).toBe('pendiente');
    await worker.start();
    await vi.waitFor(async () => expect(await readdir(temp).catch(() => [])).toHaveLength(1), { timeout: 15_000 });
    expect((await videoRow(videoId)).renditionState).toBe('en-curso');
    await worker.stop();
    expect(await videoRow(videoId)).toMatchObject({ renditionState: 'pendiente', renditionKey: null });
    expect(await readdir(temp)).toEqual([]);
    // The job stays in the queue for the next start (tried again after its wait).
    expect(await jobStates()).toEqual(['retry']);
    expect(await t.ctx.renditions.runOnce()).toMatchObject({ videoId, state: 'lista' });
  }, 120_000);

  // Last: the clean-up runs two days ahead.
  it('is kept, with its video, while an exam attempt holds the clip; the clean-up removes an unused one', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const student = await signedIn(t.app, t.ctx);
    const stored = async () => {
      const storageKey = await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm');
      const id = await insertVideo(t.ctx.db, { key: storageKey, mime: 'video/webm', size: webmBytes().length });
      const renditionKey = await storeBuffer(t.ctx.storage, Buffer.from('copia'), 'mp4', 'video/mp4');
      await t.ctx.db.update(video).set({ renditionState: 'lista' }).where(eq(video.id, id));
      await t.ctx.db.insert(videoRendition).values({ videoId: id, height: 360, storageKey: renditionKey, mimeType: 'video/mp4', size: 5 });
      return { id, storageKey, renditionKey };
    };
    const held = await stored();
    const unused = await stored();
    const examId = randomUUID();
    await t.ctx.db.insert(exam).values({
      id: examId,
      courseId: course.id,
      moduleId: module.id,
      title: 'Examen de video',
      kind: 'video',
      questionCount: 1,
      timeMinutes: 10,
      passPercent: 60,
      attempts: 1,
      resultsRelease: 'al-entregar',
    });
    const attemptId = randomUUID();
    const now = new Date();
    await t.ctx.db
      .insert(examAttempt)
      .values({ id: attemptId, examId, userId: student.id, number: 1, startedAt: now, deadline: new Date(now.getTime() + 600_000) });
    await t.ctx.db.insert(examAttemptClip).values({
      attemptId,
      position: 0,
      videoId: held.id,
      startSeconds: 0,
      endSeconds: 1,
      prompt: '¿Qué cobrás?',
      correctDecisionId: 'd',
      correctSanctionId: 's',
      toleranceSeconds: 1,
      explanation: 'Regla 8',
      tags: [],
      critical: false,
    });

    const report = await cleanUp(t.ctx.database, t.ctx.storage, new Date(now.getTime() + 2 * 86_400_000));
    expect(report.unusedVideos).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select({ id: video.id }).from(video).where(eq(video.id, held.id))).toEqual([{ id: held.id }]);
    expect(await t.ctx.db.select({ id: video.id }).from(video).where(eq(video.id, unused.id))).toEqual([]);
    const left = (await storedFiles(t.ctx)).objects;
    expect(left).toEqual(expect.arrayContaining([held.storageKey, held.renditionKey]));
    expect(left).not.toContain(unused.storageKey);
    expect(left).not.toContain(unused.renditionKey);
  });
});

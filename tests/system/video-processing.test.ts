// Every uploaded video (a module's, a jugada's) processed in the background into 240p, 360p and
// 720p renditions (never taller than the original, within their bitrate caps) and a poster, by
// Debian's ffmpeg: the queue shared by workers, a stale claim resumed, progress for the
// instructor, the Spanish error for a file ffmpeg cannot read; the routes that serve them (Range,
// who may see them) and the module's captions ('Subtítulos (.vtt)').
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseModule, video, videoRendition } from '../../src/server/db/schema.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { parseProbe, progressSeconds, heightsFor } from '../../src/server/videos/ffmpeg.ts';
import { createJobs } from '../../src/server/jobs/queue.ts';
import {
  claimRendition,
  createRenditionWorker,
  registerRenditionJobs,
  renderNext,
  type RenditionDeps,
} from '../../src/server/videos/rendition.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { messages, videoMessages } from '../../src/shared/messages.ts';
import type { ModuleWithQuestions } from '../../src/shared/schemas/content.ts';
import { buildCourse, createImage, enableModule, optionId, signedIn, unknownId } from '../api/helpers/content.ts';
import { multipart, storedFiles } from '../api/helpers/files.ts';
import { call, login } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;
/** CI installs Debian's ffmpeg (scripts/test-all.sh); without it the tests that need it say so and skip. */
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const withFfmpeg = hasFfmpeg ? describe : describe.skip;
if (!hasFfmpeg) console.warn('video-processing.test.ts: ffmpeg no está instalado: se saltean las pruebas que convierten videos');

let t: TestApp;
let admin: string;
let work: string;
const clips: Record<'hd' | 'sd' | 'small' | 'truncated', Buffer> = {} as never;

/** A test clip drawn by ffmpeg: `seconds` long at `size`, with sound; `faststart` false leaves the index at the end. */
async function makeClip(name: string, size: string, seconds: number, faststart = true) {
  const file = path.join(work, `${name}.mp4`);
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
    ...(faststart ? ['-movflags', '+faststart'] : []),
    ...['-shortest', '-y', file],
  ]);
  return readFile(file);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  work = await mkdtemp(path.join(tmpdir(), 'aula-processing-'));
  if (!hasFfmpeg) return;
  clips.hd = await makeClip('hd', '1280x720', 6);
  clips.sd = await makeClip('sd', '640x360', 4);
  clips.small = await makeClip('small', '320x240', 6);
  // Its index is at the end: cut in half, the file still starts like an MP4 (the upload takes it) but cannot be decoded.
  const whole = await makeClip('whole', '640x360', 4, false);
  clips.truncated = whole.subarray(0, Math.floor(whole.length / 2));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const deps = (overrides: Partial<RenditionDeps> = {}): RenditionDeps => ({
  db: t.ctx.db,
  storage: t.ctx.storage,
  logger: t.ctx.logger,
  ffmpegPath: 'ffmpeg',
  ffmpegPriority: 'normal',
  tempDir: path.join(work, 'temp'),
  ...overrides,
});

/** Leaves earlier tests' videos out of the queue: each test claims only its own. */
const settleOthers = () =>
  t.ctx.db
    .update(video)
    .set({ renditionState: 'lista' })
    .where(sql`${video.renditionState} <> 'lista'`);

async function uploadVideo(content: Buffer, filename = 'clase.mp4') {
  const { body, headers } = multipart([{ name: 'file', filename, content, contentType: 'video/mp4' }]);
  const uploaded = await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().id as string;
}

/** A module whose video is `content`, uploaded as the admin's form does; with a student who has it and one who does not. */
async function moduleWithVideo(content: Buffer, filename?: string) {
  const course = await buildCourse(t.ctx);
  const videoId = await uploadVideo(content, filename);
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/modules',
    cookie: admin,
    body: { courseId: course.id, name: 'Ley de la ventaja', imageId: await createImage(t.ctx), videoId, questions: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const module = created.json().module as ModuleWithQuestions;
  const student = await signedIn(t.app, t.ctx);
  const outsider = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  return { course, module, videoId, student, outsider };
}

const adminModule = async (courseId: string, moduleId: string) => {
  const response = await call(t.app, { url: `/api/courses/${courseId}/modules`, cookie: admin });
  return (response.json().modules as ModuleWithQuestions[]).find((m) => m.id === moduleId)!;
};
const studentModule = async (moduleId: string, cookie: string) => {
  const response = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { module: Record<string, unknown> }).module;
};

/** Height, length and sound of a video file's bytes, as ffprobe reads them. */
async function probe(bytes: Buffer) {
  const file = path.join(work, `${randomUUID()}.mp4`);
  await writeFile(file, bytes);
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,height:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as {
      streams: Array<{ codec_type: string; codec_name: string; height?: number }>;
      format: { duration: string };
    };
    const picture = info.streams.find((s) => s.codec_type === 'video');
    return {
      height: picture?.height ?? 0,
      codec: picture?.codec_name,
      duration: Number(info.format.duration),
      audio: info.streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    };
  } finally {
    await rm(file, { force: true });
  }
}

describe('the rendition rules', () => {
  it('never enlarges: the heights of the ladder up to the original, or the original’s own for a tiny one', () => {
    expect(heightsFor(1080).map((r) => r.height)).toEqual([240, 360, 720]);
    expect(heightsFor(720).map((r) => r.height)).toEqual([240, 360, 720]);
    expect(heightsFor(480).map((r) => r.height)).toEqual([240, 360]);
    expect(heightsFor(240).map((r) => r.height)).toEqual([240]);
    expect(heightsFor(145).map((r) => r.height)).toEqual([144]);
  });

  it('reads ffmpeg’s description of a file and its progress lines', () => {
    const described = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'original':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 5000 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 4800 kb/s, 30 fps
      Side data:
        displaymatrix: rotation of -90.00 degrees
  Stream #0:1[0x2](und): Audio: aac (LC), 48000 Hz, stereo, fltp, 128 kb/s`;
    // A phone's portrait recording: shown 1920 high.
    expect(parseProbe(described)).toEqual({ height: 1920, durationSeconds: 62.5 });
    expect(parseProbe(described.replace(/\n\s+Side data:\n.*rotation.*\n/, '\n'))).toEqual({ height: 1080, durationSeconds: 62.5 });
    expect(
      parseProbe('[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found\noriginal: Invalid data found when processing input'),
    ).toBeNull();
    expect(progressSeconds('out_time_us=4500000')).toBe(4.5);
    expect(progressSeconds('out_time_ms=4500000')).toBe(4.5);
    expect(progressSeconds('progress=continue')).toBeNull();
  });
});

withFfmpeg('renditions of an uploaded module video', () => {
  it('makes 240p, 360p and 720p H.264/AAC MP4s within their caps and a poster, listed smallest first; the original stays', async () => {
    await settleOthers();
    const { course, module, videoId, student } = await moduleWithVideo(clips.hd);
    expect(module.videoRenditions).toEqual([]);
    expect(module.posterUrl).toBeNull();
    expect(module.videoProcessing).toEqual({ state: 'pendiente', percent: null, error: null });

    expect(await t.ctx.renditions.runOnce()).toEqual({ videoId, state: 'lista', served: 'rendition' });
    const shown = await adminModule(course.id, module.id);
    expect(shown.videoProcessing).toEqual({ state: 'lista', percent: 100, error: null });
    expect(shown.videoRenditions.map((r) => r.height)).toEqual([240, 360, 720]);
    expect(shown.videoRenditions.map((r) => r.url)).toEqual([240, 360, 720].map((h) => `/api/modules/${module.id}/video/${h}`));
    expect(shown.posterUrl).toBe(`/api/modules/${module.id}/poster`);
    const original = await probe(clips.hd);
    // Bits per second of video and sound, with 10 % for the container and the encoder's overshoot.
    const caps: Record<number, number> = { 240: 250_000 + 48_000, 360: 800_000 + 64_000, 720: 2_000_000 + 96_000 };
    for (const rendition of shown.videoRenditions) {
      const served = await call(t.app, { url: rendition.url, cookie: student.cookie });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.rawPayload.length).toBe(rendition.size);
      const info = await probe(served.rawPayload);
      expect(info).toMatchObject({ height: rendition.height, codec: 'h264', audio: 'aac' });
      expect(info.height).toBeLessThanOrEqual(original.height);
      expect(Math.abs(info.duration - original.duration)).toBeLessThanOrEqual(0.2);
      expect(rendition.size).toBeLessThanOrEqual(((caps[rendition.height]! * 1.1) / 8) * original.duration);
      // Fast start: the index ('moov') comes before the media ('mdat').
      const head = served.rawPayload.subarray(0, 64 * 1024).toString('latin1');
      expect(head.indexOf('moov')).toBeGreaterThan(-1);
      expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
    }
    // 'Ahorro de datos' costs at most 2.5 MB per minute with its sound.
    expect(shown.videoRenditions[0]!.size / (original.duration / 60)).toBeLessThanOrEqual(2.5 * MB);

    const poster = await call(t.app, { url: shown.posterUrl!, cookie: student.cookie });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    // The trainee's page has them through the same presenter, without the instructor's processing state.
    const page = await studentModule(module.id, student.cookie);
    expect(page).toMatchObject({ videoRenditions: shown.videoRenditions, posterUrl: shown.posterUrl, captionsUrl: null });
    expect(page).not.toHaveProperty('videoProcessing');
    // The original is kept, and still served at its own address.
    const kept = await call(t.app, { url: `/api/modules/${module.id}/video`, cookie: admin });
    expect(kept.rawPayload.equals(clips.hd)).toBe(true);
    expect(videoId).toBe(shown.videoFile!.id);
  }, 180_000);

  it('answers byte ranges of a rendition (206 with Content-Range) and 416 beyond its end', async () => {
    await settleOthers();
    const { module, student } = await moduleWithVideo(clips.sd, 'rangos.mp4');
    await t.ctx.renditions.runOnce();
    const url = `/api/modules/${module.id}/video/240`;
    const whole = await call(t.app, { url, cookie: student.cookie });
    const size = whole.rawPayload.length;
    const part = await call(t.app, { url, cookie: student.cookie, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await call(t.app, { url, cookie: student.cookie, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    const beyond = await call(t.app, { url, cookie: student.cookie, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    // A 360p original has no 720p: never enlarged.
    const heights = (await adminModule(module.courseId, module.id)).videoRenditions.map((r) => r.height);
    expect(heights).toEqual([240, 360]);
    const missing = await call(t.app, { url: `/api/modules/${module.id}/video/720`, cookie: student.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(videoMessages.renditionNotFound);
  }, 120_000);

  it('shares the queue: two workers at once take one video each, and a claim gone stale after a kill is resumed', async () => {
    await settleOthers();
    const first = await moduleWithVideo(clips.sd, 'uno.mp4');
    const second = await moduleWithVideo(clips.sd, 'dos.mp4');
    const [a, b] = [createRenditionWorker(deps()), createRenditionWorker(deps())];
    const outcomes = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(outcomes.map((o) => o?.videoId).sort()).toEqual([first.videoId, second.videoId].sort());
    expect(outcomes.every((o) => o?.state === 'lista')).toBe(true);
    for (const { videoId } of [first, second]) {
      expect((await t.ctx.db.select().from(videoRendition).where(eq(videoRendition.videoId, videoId))).map((r) => r.height).sort()).toEqual(
        [240, 360],
      );
    }

    // An instance claims a video and is killed before it finishes: its claim stays 'en-curso'.
    const third = await moduleWithVideo(clips.sd, 'tres.mp4');
    const claim = await claimRendition(t.ctx.db);
    expect(claim?.id).toBe(third.videoId);
    expect(await a.runOnce()).toBeNull();
    // No sign of life for five minutes (a restart): another worker takes it over and finishes it.
    await t.ctx.db
      .update(video)
      .set({ renditionStartedAt: sql`now() - interval '6 minutes'` })
      .where(eq(video.id, third.videoId));
    expect(await b.runOnce()).toEqual({ videoId: third.videoId, state: 'lista', served: 'rendition' });
    expect((await adminModule(third.course.id, third.module.id)).videoRenditions.map((r) => r.height)).toEqual([240, 360]);
    await Promise.all([a.stop(), b.stop()]);
  }, 180_000);

  it('writes its progress for the instructor while ffmpeg works, and stops at the server’s stop', async () => {
    await settleOthers();
    const { course, module, videoId } = await moduleWithVideo(clips.small, 'lento.mp4');
    // ffmpeg reading its input at the video's own pace: six seconds of work, progress every half second.
    const paced = path.join(work, 'paced-ffmpeg');
    await writeFile(paced, '#!/bin/sh\nexec ffmpeg -re "$@"\n', { mode: 0o755 });
    const worker = createRenditionWorker(deps({ ffmpegPath: paced }));
    const done = worker.runOnce();
    await vi.waitFor(
      async () => {
        const shown = await adminModule(course.id, module.id);
        expect(shown.videoProcessing?.state).toBe('en-curso');
        expect(shown.videoProcessing?.percent).toBeGreaterThan(0);
        expect(shown.videoProcessing?.percent).toBeLessThan(100);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await done).toEqual({ videoId, state: 'lista', served: 'rendition' });
    expect((await adminModule(course.id, module.id)).videoProcessing).toEqual({ state: 'lista', percent: 100, error: null });

    // Stopped mid-way: back to 'pendiente' for the next start, its temp files removed. The module's
    // save sent the video's job; a process that takes jobs (as the server does) takes it.
    const again = await moduleWithVideo(clips.small, 'parado.mp4');
    const { database, config, logger } = t.ctx;
    const stopping = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    registerRenditionJobs(deps({ ffmpegPath: paced }), stopping, { run: true });
    // Earlier tests' jobs are not this one's (their videos were made by `runOnce`): out of the way.
    await t.ctx.db.execute(sql`delete from pgboss.job where name = 'videos.renditions' and singleton_key <> ${again.videoId}`);
    await stopping.start();
    await vi.waitFor(async () => expect((await adminModule(again.course.id, again.module.id)).videoProcessing?.state).toBe('en-curso'), {
      timeout: 15_000,
    });
    await stopping.stop();
    expect((await adminModule(again.course.id, again.module.id)).videoProcessing).toEqual({
      state: 'pendiente',
      percent: null,
      error: null,
    });
  }, 120_000);

  it('ends “fallida” with the Spanish error for a file ffmpeg cannot decode; the original is still served, the trainee sees no error', async () => {
    await settleOthers();
    const { course, module, videoId, student } = await moduleWithVideo(clips.truncated, 'cortado.mp4');
    expect(await t.ctx.renditions.runOnce()).toEqual({ videoId, state: 'fallida' });
    const shown = await adminModule(course.id, module.id);
    expect(shown.videoProcessing).toEqual({ state: 'fallida', percent: null, error: videoMessages.unreadable });
    expect(videoMessages.unreadable).toBe(
      'No se pudo procesar el video: el archivo está dañado o no es un video que podamos leer. Subilo de nuevo.',
    );
    expect(shown.videoRenditions).toEqual([]);
    expect(shown.posterUrl).toBeNull();
    const page = await studentModule(module.id, student.cookie);
    expect(page).not.toHaveProperty('videoProcessing');
    expect(JSON.stringify(page)).not.toContain(videoMessages.unreadable);
    const original = await call(t.app, { url: `/api/modules/${module.id}/video`, cookie: student.cookie });
    expect(original.statusCode).toBe(200);
    // Not retried: nothing waits.
    expect(await t.ctx.renditions.runOnce()).toBeNull();

    // Random bytes under an MP4 name (the upload refuses them; stored another way they still fail cleanly).
    const bytes = randomBytes(200_000);
    const key = await storeBuffer(t.ctx.storage, bytes, 'mp4', 'video/mp4');
    const noise = await insertVideo(t.ctx.db, { key, mime: 'video/mp4', size: bytes.length });
    await t.ctx.db.update(courseModule).set({ videoId: noise }).where(eq(courseModule.id, module.id));
    expect(await t.ctx.renditions.runOnce()).toEqual({ videoId: noise, state: 'fallida' });
    expect((await adminModule(course.id, module.id)).videoProcessing?.error).toBe(videoMessages.unreadable);
  }, 120_000);

  it('ends “fallida” saying ffmpeg is not installed when it is missing', async () => {
    await settleOthers();
    const { course, module, videoId } = await moduleWithVideo(clips.sd, 'sin-ffmpeg.mp4');
    expect(await renderNext(deps({ ffmpegPath: path.join(work, 'no-ffmpeg') }))).toEqual({ videoId, state: 'fallida' });
    const shown = await adminModule(course.id, module.id);
    expect(shown.videoProcessing).toEqual({ state: 'fallida', percent: null, error: videoMessages.ffmpegMissing });
    expect(videoMessages.ffmpegMissing).toContain('ffmpeg no está instalado');
  }, 60_000);

  it('serves a practice jugada’s renditions and poster to who may see the clip, named in its JSON', async () => {
    await settleOthers();
    const { course, module, student, outsider } = await moduleWithVideo(clips.sd, 'modulo.mp4');
    const clipId = await uploadVideo(clips.sd, 'jugada.mp4');
    const jugadaBody = {
      video: { kind: 'file', videoId: clipId },
      start: 0,
      end: 3,
      prompt: '¿Qué cobrás?',
      correctDecisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
      correctSanctionId: await optionId(t.ctx, course.id, 'Exclusión de 2 minutos'),
      moment: 1,
      tolerance: 1,
      explanation: 'Regla 8:5',
    };
    const created = await call(t.app, { method: 'POST', url: `/api/modules/${module.id}/jugadas`, cookie: admin, body: jugadaBody });
    expect(created.statusCode, created.body).toBe(201);
    const jugadaId = created.json().jugada.id as string;
    expect(created.json().jugada.video).toMatchObject({ renditions: [], posterUrl: null, processing: { state: 'pendiente' } });
    while (await t.ctx.renditions.runOnce()) {
      // The module's video and the clip.
    }
    const listed = await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin });
    const clipJson = (listed.json().jugadas as Array<{ id: string; video: Record<string, unknown> }>).find((j) => j.id === jugadaId)!.video;
    expect(clipJson).toMatchObject({
      renditions: [
        { height: 240, url: `/api/jugadas/${jugadaId}/video/240` },
        { height: 360, url: `/api/jugadas/${jugadaId}/video/360` },
      ],
      posterUrl: `/api/jugadas/${jugadaId}/poster`,
      processing: { state: 'lista', percent: 100, error: null },
    });
    const mine = await call(t.app, { url: `/api/modules/${module.id}/my-jugadas`, cookie: student.cookie });
    const studentClip = (mine.json().jugadas.jugadas as Array<{ id: string; video: Record<string, unknown> }>)[0]!.video;
    expect(studentClip).toMatchObject({ renditions: clipJson.renditions, posterUrl: clipJson.posterUrl });
    expect(studentClip).not.toHaveProperty('processing');

    for (const url of [`/api/jugadas/${jugadaId}/video/240`, `/api/jugadas/${jugadaId}/poster`]) {
      expect((await call(t.app, { url })).statusCode, url).toBe(401);
      expect((await call(t.app, { url, cookie: outsider.cookie })).statusCode, url).toBe(404);
      expect((await call(t.app, { url, cookie: student.cookie })).statusCode, url).toBe(200);
      expect((await call(t.app, { url, cookie: admin })).statusCode, url).toBe(200);
    }
    const part = await call(t.app, { url: `/api/jugadas/${jugadaId}/video/360`, cookie: student.cookie, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    // A clip only for exams is not served outside an exam: its renditions neither.
    await call(t.app, { method: 'PUT', url: `/api/jugadas/${jugadaId}`, cookie: admin, body: { ...jugadaBody, use: 'examen' } });
    expect((await call(t.app, { url: `/api/jugadas/${jugadaId}/video/240`, cookie: student.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/jugadas/${jugadaId}/video/240`, cookie: admin })).statusCode).toBe(200);
  }, 180_000);
});

describe('who may fetch a module video’s renditions, poster and captions', () => {
  /** A module with an uploaded video whose 360p rendition, poster and captions are stored (no ffmpeg needed). */
  async function readyModule() {
    const course = await buildCourse(t.ctx);
    const original = await storeBuffer(t.ctx.storage, Buffer.from('original'), 'mp4', 'video/mp4');
    const videoId = await insertVideo(t.ctx.db, { key: original, mime: 'video/mp4', size: 8 });
    const copy = await storeBuffer(t.ctx.storage, Buffer.from('copia 360p'), 'mp4', 'video/mp4');
    const posterKey = await storeBuffer(t.ctx.storage, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpg', 'image/jpeg');
    const captionsKey = await storeBuffer(t.ctx.storage, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n'), 'vtt', 'text/vtt');
    await t.ctx.db.update(video).set({ renditionState: 'lista', posterKey }).where(eq(video.id, videoId));
    await t.ctx.db.insert(videoRendition).values({ videoId, height: 360, storageKey: copy, mimeType: 'video/mp4', size: 10 });
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/modules',
      cookie: admin,
      body: { courseId: course.id, name: 'Con todo', imageId: await createImage(t.ctx), videoId, questions: [] },
    });
    const moduleId = created.json().module.id as string;
    await t.ctx.db.update(courseModule).set({ captionsKey }).where(eq(courseModule.id, moduleId));
    const student = await signedIn(t.app, t.ctx);
    const outsider = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, moduleId);
    return { moduleId, student, outsider };
  }

  it('401 without a session, 404 to a trainee without the module and for unknown ids, 200 to its trainee and the admin', async () => {
    const { moduleId, student, outsider } = await readyModule();
    const routes = [`/api/modules/${moduleId}/video/360`, `/api/modules/${moduleId}/poster`, `/api/modules/${moduleId}/captions`];
    for (const url of routes) {
      expect((await call(t.app, { url })).statusCode, url).toBe(401);
      const hidden = await call(t.app, { url, cookie: outsider.cookie });
      expect(hidden.statusCode, url).toBe(404);
      expect(hidden.json().error.message).toBe(messages.moduleNotFound);
      expect((await call(t.app, { url, cookie: student.cookie })).statusCode, url).toBe(200);
      expect((await call(t.app, { url, cookie: admin })).statusCode, url).toBe(200);
      const unknown = await call(t.app, { url: url.replace(moduleId, unknownId()), cookie: admin });
      expect(unknown.statusCode, url).toBe(404);
    }
    const captions = await call(t.app, { url: routes[2]!, cookie: student.cookie });
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(captions.body.startsWith('WEBVTT')).toBe(true);
    // Malformed addresses: a Spanish 400.
    for (const height of ['abc', '0', '360p', '99999']) {
      const bad = await call(t.app, { url: `/api/modules/${moduleId}/video/${height}`, cookie: student.cookie });
      expect(bad.statusCode, height).toBe(400);
      expect(bad.json().error.message).toBe(videoMessages.heightInvalid);
    }
    const badId = await call(t.app, { url: `/api/modules/${'x'.repeat(65)}/poster`, cookie: student.cookie });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe(messages.invalidId);
  });
});

describe('captions of a module video', () => {
  const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nEl árbitro marca tiro libre.\n');
  const send = (moduleId: string, content: Buffer, cookie = admin, filename = 'subtitulos.vtt') => {
    const { body, headers } = multipart([{ name: 'file', filename, content, contentType: 'text/vtt' }]);
    return call(t.app, { method: 'PUT', url: `/api/modules/${moduleId}/captions`, body, headers, cookie });
  };
  async function uploadedModule() {
    const course = await buildCourse(t.ctx);
    const key = await storeBuffer(t.ctx.storage, Buffer.from('original'), 'mp4', 'video/mp4');
    const videoId = await insertVideo(t.ctx.db, { key, mime: 'video/mp4', size: 8 });
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/modules',
      cookie: admin,
      body: { courseId: course.id, name: 'Subtitulado', imageId: await createImage(t.ctx), videoId, questions: [] },
    });
    return created.json().module as ModuleWithQuestions;
  }

  it('takes a WebVTT file, serves it as the module’s captions, and removes it with “Quitar subtítulos”', async () => {
    const module = await uploadedModule();
    expect(module.captionsUrl).toBeNull();
    const saved = await send(module.id, vtt);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().module.captionsUrl).toBe(`/api/modules/${module.id}/captions`);
    const served = await call(t.app, { url: `/api/modules/${module.id}/captions`, cookie: admin });
    expect(served.rawPayload.equals(vtt)).toBe(true);
    // Replaced: the old file goes.
    const before = (await storedFiles(t.ctx)).objects.length;
    expect((await send(module.id, Buffer.from('\uFEFFWEBVTT - con BOM\n\n'))).statusCode).toBe(200);
    expect((await storedFiles(t.ctx)).objects.length).toBe(before);
    const removed = await call(t.app, { method: 'DELETE', url: `/api/modules/${module.id}/captions`, cookie: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().module.captionsUrl).toBeNull();
    expect((await storedFiles(t.ctx)).objects.length).toBe(before - 1);
    expect((await call(t.app, { url: `/api/modules/${module.id}/captions`, cookie: admin })).statusCode).toBe(404);
  });

  it('refuses what is not WebVTT, a file over 1 MB, and captions for a module whose video is an address, storing nothing', async () => {
    const module = await uploadedModule();
    const course = await buildCourse(t.ctx);
    const youtube = await call(t.app, {
      method: 'POST',
      url: '/api/modules',
      cookie: admin,
      body: {
        courseId: course.id,
        name: 'De YouTube',
        imageId: await createImage(t.ctx),
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        questions: [],
      },
    });
    const before = await storedFiles(t.ctx);
    const notVtt = await send(module.id, Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSRT, no WebVTT\n'), admin, 'subtitulos.srt');
    expect(notVtt.statusCode).toBe(400);
    expect(notVtt.json().error).toMatchObject({ code: 'BAD_REQUEST', message: videoMessages.captionsInvalid });
    expect((await send(module.id, Buffer.from('WEBVTTX\n'))).statusCode).toBe(400);
    const heavy = await send(module.id, Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(1024 * 1024, 'a')]));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().error.message).toBe(videoMessages.captionsTooHeavy(1024 * 1024));
    const onAddress = await send(youtube.json().module.id as string, vtt);
    expect(onAddress.statusCode).toBe(400);
    expect(onAddress.json().error.message).toBe(videoMessages.captionsNeedUpload);
    expect(await storedFiles(t.ctx)).toEqual(before);
  });

  it('is the admin’s: 401, 403 to a trainee, 404 for an unknown module, 400 for a malformed id', async () => {
    const module = await uploadedModule();
    const student = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, module.id);
    const { body, headers } = multipart([{ name: 'file', filename: 'a.vtt', content: vtt, contentType: 'text/vtt' }]);
    expect((await call(t.app, { method: 'PUT', url: `/api/modules/${module.id}/captions`, body, headers })).statusCode).toBe(401);
    expect((await send(module.id, vtt, student.cookie)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: `/api/modules/${module.id}/captions`, cookie: student.cookie })).statusCode).toBe(
      403,
    );
    expect((await send(unknownId(), vtt)).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/api/modules/${unknownId()}/captions`, cookie: admin })).statusCode).toBe(404);
    const malformed = await call(t.app, { method: 'DELETE', url: `/api/modules/${'x'.repeat(65)}/captions`, cookie: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(messages.invalidId);
  });
});

// Module videos as uploaded files (served with Range to those who may see the module), and how
// much of each module video a student watched (merged intervals, validated on the server).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModule, video, videoProgress } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, createImage, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { multipart, pngBytes, storedFiles, webmBytes } from './helpers/files.ts';
import { FIRST_REPORT_ALLOWANCE_SECONDS } from '../../src/server/watched/service.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const uploadVideo = async (content: Buffer, filename = 'clase.webm') => {
  const { body, headers } = multipart([
    { name: 'file', filename, content, contentType: filename.endsWith('.mp4') ? 'video/mp4' : 'video/webm' },
  ]);
  return call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
};

/** A module with a YouTube address whose 'Duración' the editor gave (`videoDuration` seconds; unknown with null), enabled for a new student. */
async function setup(videoDuration: number | null = 100) {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id, videoDuration === null ? {} : { videoDuration });
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  return { course, module, student };
}

describe('module videos as uploaded files', () => {
  it('creates a module with an uploaded video, serves it with Range to its students only, and replaces it by an address', async () => {
    const course = await buildCourse(t.ctx);
    const clip = webmBytes();
    const uploaded = await uploadVideo(clip);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const videoId = uploaded.json().id as string;
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/modules',
      cookie: admin,
      body: { courseId: course.id, name: 'Reglas con video propio', imageId: await createImage(t.ctx), videoId, questions: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const module = created.json().module;
    expect(module).toMatchObject({
      videoUrl: `/api/modules/${module.id}/video`,
      videoFile: { id: videoId, mimeType: 'video/webm', size: clip.length },
    });

    const student = await signedIn(t.app, t.ctx);
    const outsider = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, module.id);

    const whole = await call(t.app, { url: module.videoUrl, cookie: student.cookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(clip)).toBe(true);
    const part = await call(t.app, { url: module.videoUrl, cookie: student.cookie, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${clip.length}`);
    expect(part.rawPayload.equals(clip.subarray(10, 20))).toBe(true);
    expect((await call(t.app, { url: module.videoUrl })).statusCode).toBe(401);
    // A student who may not see the module cannot tell it exists.
    expect((await call(t.app, { url: module.videoUrl, cookie: outsider.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: module.videoUrl, cookie: admin })).statusCode).toBe(200);
    expect((await call(t.app, { url: `/api/modules/${unknownId()}/video`, cookie: admin })).statusCode).toBe(404);

    // The student's page data says where the video plays from.
    const page = await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie });
    expect(page.json().module).toMatchObject({
      videoUrl: module.videoUrl,
      videoFile: { id: videoId, mimeType: 'video/webm' },
      watched: null,
    });

    // Back to a YouTube address: the file is no longer served and its bytes are removed.
    const before = (await storedFiles(t.ctx)).objects.length;
    const changed = await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${module.id}`,
      cookie: admin,
      body: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().module).toMatchObject({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoFile: null });
    const gone = await call(t.app, { url: module.videoUrl, cookie: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(messages.moduleVideoNoFile);
    expect(await t.ctx.db.select().from(video).where(eq(video.id, videoId))).toEqual([]);
    expect((await storedFiles(t.ctx)).objects).toHaveLength(before - 1);
  });

  it('refuses a module with no video, with both an address and a file, or with an unknown file, and a file that is not a video', async () => {
    const course = await buildCourse(t.ctx);
    const base = { courseId: course.id, name: 'Sin video', imageId: await createImage(t.ctx), questions: [] };
    const videoId = (await uploadVideo(webmBytes())).json().id as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, messages.moduleVideoMissing],
      [{ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoId }, messages.moduleVideoBoth],
      [{ videoId: unknownId() }, messages.videoNotFound],
    ];
    for (const [video, message] of cases) {
      const response = await call(t.app, { method: 'POST', url: '/api/modules', cookie: admin, body: { ...base, ...video } });
      expect(response.statusCode, JSON.stringify(video)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const png = await uploadVideo(pngBytes(), 'disfrazado.webm');
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe(messages.videoType);
    const student = await signedIn(t.app, t.ctx);
    const { body, headers } = multipart([{ name: 'file', filename: 'clase.webm', content: webmBytes(), contentType: 'video/webm' }]);
    expect((await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: student.cookie })).statusCode).toBe(403);
  });
});

const report = (moduleId: string, cookie: string, body: unknown) =>
  call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/watched`, cookie, body });

/** `seconds` of wall-clock time go by for this student's progress on this module (its first report moves back). */
const timePasses = (userId: string, moduleId: string, seconds: number) =>
  t.ctx.db
    .update(videoProgress)
    .set({ startedAt: sql`${videoProgress.startedAt} - make_interval(secs => ${seconds}::float8)` })
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)));

describe('watched progress', () => {
  it('merges intervals: overlaps count once, a skipped part does not count, repeats change nothing', async () => {
    const { course, module, student } = await setup();
    const first = await report(module.id, student.cookie, { duration: 100, position: 20, intervals: [[0, 20]] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().watched).toEqual({ percent: 20, seconds: 20, duration: 100, position: 20 });

    // Overlapping, then a seek from 30 to 70 (nothing between counts), and the same report again.
    await report(module.id, student.cookie, { duration: 100, position: 30, intervals: [[10, 30]] });
    const afterSeek = { duration: 100, position: 80, intervals: [[70, 80]] };
    const once = (await report(module.id, student.cookie, afterSeek)).json().watched;
    const twice = (await report(module.id, student.cookie, afterSeek)).json().watched;
    expect(once).toEqual({ percent: 40, seconds: 40, duration: 100, position: 80 });
    expect(twice).toEqual(once);
    const [row] = await t.ctx.db.select().from(videoProgress).where(eq(videoProgress.userId, student.id));
    expect(row!.intervals).toEqual([
      [0, 30],
      [70, 80],
    ]);

    // What the pages show: the module (with where to resume) and the course's module list.
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.watched).toEqual({ percent: 40, seconds: 40, duration: 100, position: 80 });
    expect(page.modules.find((m: { id: string }) => m.id === module.id).watchedPercent).toBe(40);
    const list = (await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: student.cookie })).json();
    expect(list.modules[0].watchedPercent).toBe(40);
    const single = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(single.module.watched.percent).toBe(40);

    // The admin sees it per student.
    const perUser = (await call(t.app, { url: `/api/users/${student.id}/courses/${course.id}/modules`, cookie: admin })).json();
    expect(perUser.modules[0].watchedPercent).toBe(40);
    // And on the class progress board, in the module's column (null where nothing was played).
    const other = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, other.id);
    const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: admin })).json();
    const boardRow = board.students.find((t: { id: string }) => t.id === student.id);
    expect(boardRow.watched).toEqual([40, null]);

    // A minute later, intervals past the end are cut to the duration; the whole video is 100 %.
    await timePasses(student.id, module.id, 60);
    const all = (
      await report(module.id, student.cookie, {
        duration: 100,
        position: 100,
        intervals: [
          [29, 71],
          [79, 100.5],
        ],
      })
    ).json().watched;
    expect(all).toEqual({ percent: 100, seconds: 100, duration: 100, position: 100 });
  });

  it('starts over when the admin changes the module video', async () => {
    const { module, student } = await setup();
    await report(module.id, student.cookie, { duration: 60, position: 30, intervals: [[0, 30]] });
    await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${module.id}`,
      cookie: admin,
      body: { videoUrl: 'https://youtu.be/jNQXAC9IVRw' },
    });
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.watched).toBeNull();
  });

  it('answers malformed reports with a Spanish 400 and changes nothing', async () => {
    const { module, student } = await setup();
    await report(module.id, student.cookie, { duration: 60, position: 10, intervals: [[0, 10]] });
    const cases: Array<[unknown, string]> = [
      [{ duration: 0, position: 0, intervals: [] }, messages.watchedDuration],
      [{ duration: 'sesenta', position: 0, intervals: [] }, messages.watchedDuration],
      [{ duration: 90_000, position: 0, intervals: [] }, messages.watchedDuration],
      [{ duration: 60, position: -1, intervals: [] }, messages.watchedPosition],
      [{ duration: 60, position: 75, intervals: [] }, messages.watchedPosition],
      [{ duration: 60, position: 10, intervals: [[20, 10]] }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: [[10, 90]] }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: [[-5, 10]] }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: [['0', 10]] }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: [[1, 2, 3]] }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: 'todo' }, messages.watchedInterval],
      [{ duration: 60, position: 10, intervals: Array.from({ length: 201 }, (_, i) => [i * 0.2, i * 0.2 + 0.1]) }, messages.watchedTooMany],
    ];
    for (const [body, message] of cases) {
      const response = await report(module.id, student.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(videoProgress).where(eq(videoProgress.userId, student.id));
    expect(row).toMatchObject({ intervals: [[0, 10]], durationSeconds: 60, positionSeconds: 10 });
  });

  it('is for students with the module enabled: 401, 403 for an admin, 404 as for an unknown module otherwise', async () => {
    const { module } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const body = { duration: 60, position: 1, intervals: [[0, 1]] };
    expect((await call(t.app, { method: 'POST', url: `/api/modules/${module.id}/watched`, body })).statusCode).toBe(401);
    expect((await report(module.id, outsider.cookie, body)).statusCode).toBe(404);
    expect((await report(module.id, admin, body)).statusCode).toBe(403);
    expect((await report(unknownId(), outsider.cookie, body)).statusCode).toBe(404);
  });
});

/** A real clip of `seconds` seconds drawn by Debian's ffmpeg (as the browser tests and the demo seed make theirs). */
async function makeClip(format: 'webm' | 'mp4', seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clip-'));
  const file = path.join(dir, `clip.${format}`);
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-b:v', '100k', '-deadline', 'realtime', '-cpu-used', '8']
      : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        'ffmpeg',
        ['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=160x90:rate=10`, ...codec, '-y', file],
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A module whose video is an uploaded clip of `seconds` seconds, enabled for a new student. */
async function moduleWithClip(seconds: number) {
  const course = await buildCourse(t.ctx);
  const uploaded = await uploadVideo(await makeClip('webm', seconds));
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/modules',
    cookie: admin,
    body: { courseId: course.id, name: 'Clase filmada', imageId: await createImage(t.ctx), videoId: uploaded.json().id, questions: [] },
  });
  const module = created.json().module as { id: string };
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  return { course, module, student };
}

describe('watched progress is measured by the server, not by what the player claims', () => {
  it('reads the length of an uploaded MP4 or WebM when it arrives (none for a file that does not say)', async () => {
    const lengthOf = async (content: Buffer, filename: string) => {
      const uploaded = await uploadVideo(content, filename);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [row] = await t.ctx.db.select({ seconds: video.durationSeconds }).from(video).where(eq(video.id, uploaded.json().id));
      return row!.seconds;
    };
    expect(await lengthOf(await makeClip('mp4', 7), 'clase.mp4')).toBeCloseTo(7, 1);
    expect(await lengthOf(await makeClip('webm', 12), 'clase.webm')).toBeCloseTo(12, 1);
    // Only the magic bytes of a WebM: accepted as before, its length unknown.
    expect(await lengthOf(webmBytes(), 'cabecera.webm')).toBeNull();
  });

  it("gives a forged report (a tiny duration, all of it 'watched') a small percentage, not 100", async () => {
    const { course, module, student } = await moduleWithClip(20);
    // Knowing the length does not make a video watched: nothing shows before the student plays it.
    expect((await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json().module.watched).toBeNull();
    const forged = await report(module.id, student.cookie, { duration: 0.001, intervals: [[0, 0.001]], position: 0 });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json().watched).toMatchObject({ percent: 0, duration: expect.closeTo(20, 1) });
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.watched.percent).toBe(0);
    const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: admin })).json();
    expect(board.students.find((row: { id: string }) => row.id === student.id).watched).toEqual([0]);
  });

  it("answers the forged request on a YouTube video nobody gave a length for with no percentage, not 100; the length is the editor's alone", async () => {
    const { course, module, student } = await setup(null);
    // The forged request: a 0.001-second video, all of it "watched" (a stretch that short is noise, and dropped).
    const forged = await report(module.id, student.cookie, { duration: 0.001, position: 0, intervals: [[0, 0.001]] });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json().watched).toEqual({ percent: null, seconds: 0, duration: null, position: 0 });
    // A minute later, a minute "watched" past where the video really ends: it counts for nothing once the length is known.
    await timePasses(student.id, module.id, 60);
    const beyond = await report(module.id, student.cookie, { duration: 86_400, position: 260, intervals: [[200, 260]] });
    expect(beyond.json().watched).toMatchObject({ percent: null, seconds: 60, duration: null });
    // A classmate's player claiming a day-long video, after 19 seconds of real play, decides nothing either.
    const honest = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, honest.id, module.id);
    await report(module.id, honest.cookie, { duration: 86_400, position: 0, intervals: [] });
    await timePasses(honest.id, module.id, 19);
    expect((await report(module.id, honest.cookie, { duration: 86_400, position: 19, intervals: [[0, 19]] })).json().watched).toMatchObject(
      {
        percent: null,
        seconds: 19,
        duration: null,
      },
    );
    const lengthNow = async () =>
      (await t.ctx.db.select({ seconds: courseModule.videoDurationSeconds }).from(courseModule).where(eq(courseModule.id, module.id)))[0]!
        .seconds;
    expect(await lengthNow()).toBeNull();
    // Every view says '—' (null) while the length is not known: the module, the list, the admin's, the board.
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.watched).toMatchObject({ percent: null, duration: null });
    expect(page.modules.find((m: { id: string }) => m.id === module.id).watchedPercent).toBeNull();
    const perUser = (await call(t.app, { url: `/api/users/${student.id}/courses/${course.id}/modules`, cookie: admin })).json();
    expect(perUser.modules[0].watchedPercent).toBeNull();
    const boardOf = async () => {
      const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: admin })).json();
      return Object.fromEntries(board.students.map((row: { id: string; watched: unknown[] }) => [row.id, row.watched]));
    };
    expect(await boardOf()).toMatchObject({ [student.id]: [null], [honest.id]: [null] });

    // The instructor's side gives the length (the editor's player read 3:10): each percentage is against it.
    const edited = await call(t.app, { method: 'PATCH', url: `/api/modules/${module.id}`, cookie: admin, body: { videoDuration: 190 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().module.videoDuration).toBe(190);
    expect(await boardOf()).toMatchObject({ [student.id]: [0], [honest.id]: [10] });
    // Forged reports after it change no one's length or percentage.
    expect(
      (await report(module.id, student.cookie, { duration: 0.001, position: 0, intervals: [[0, 0.001]] })).json().watched,
    ).toMatchObject({
      percent: 0,
      duration: 190,
    });
    await report(module.id, student.cookie, { duration: 86_400, position: 0, intervals: [] });
    expect(await lengthNow()).toBe(190);
    expect(await boardOf()).toMatchObject({ [student.id]: [0], [honest.id]: [10] });
    // A new address forgets the old length, unless the editor gives the new one's.
    await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${module.id}`,
      cookie: admin,
      body: { videoUrl: 'https://youtu.be/jNQXAC9IVRw' },
    });
    expect(await lengthNow()).toBeNull();
    await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${module.id}`,
      cookie: admin,
      body: { videoUrl: 'https://youtu.be/9bZkp7q19f0', videoDuration: 253 },
    });
    expect(await lengthNow()).toBe(253);
  });

  it('gives a 2-second claim on a fresh module no percentage while its length is unknown, and 1 % of a 2-minute one', async () => {
    for (const [videoDuration, percent] of [
      [null, null],
      [120, 1],
    ] as const) {
      const { module, student } = await setup(videoDuration);
      const claim = await report(module.id, student.cookie, { duration: 2, position: 2, intervals: [[0, 2]] });
      expect(claim.statusCode, claim.body).toBe(200);
      expect(claim.json().watched, `a video of ${videoDuration ?? 'unknown length'}`).toMatchObject({ percent, seconds: 2 });
      const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
      expect(page.module.watched.percent).toBe(percent);
    }
  });

  it("never believes a module video under 10 seconds: an uploaded 5-second file's percentage is not given", async () => {
    const { course, module, student } = await moduleWithClip(5);
    const claim = await report(module.id, student.cookie, { duration: 5, position: 5, intervals: [[0, 5]] });
    expect(claim.json().watched).toMatchObject({ percent: null, duration: null, seconds: 5 });
    const edited = (await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json();
    expect(edited.modules[0].videoDuration).toBeNull();
  });

  it("takes the editor's 'Duración' from 0:10 to 24 hours only, with the Spanish 400 that changes nothing; a file's length is the file's own", async () => {
    const course = await buildCourse(t.ctx);
    const body = {
      courseId: course.id,
      name: 'Reglas',
      imageId: await createImage(t.ctx),
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      questions: [],
    };
    for (const videoDuration of [9.9, 0, -5, 86_401, 'diez', '3:25']) {
      const refused = await call(t.app, { method: 'POST', url: '/api/modules', cookie: admin, body: { ...body, videoDuration } });
      expect(refused.statusCode, String(videoDuration)).toBe(400);
      expect(refused.json().error.message, String(videoDuration)).toBe(messages.moduleVideoDuration);
    }
    expect((await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json().modules).toEqual([]);
    const created = await call(t.app, { method: 'POST', url: '/api/modules', cookie: admin, body: { ...body, videoDuration: 205 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().module.id as string;
    expect(created.json().module.videoDuration).toBe(205);
    const refused = await call(t.app, { method: 'PATCH', url: `/api/modules/${id}`, cookie: admin, body: { videoDuration: 3 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.moduleVideoDuration);
    // Saved again without a 'Duración' it keeps the one it had; null forgets it.
    await call(t.app, { method: 'PATCH', url: `/api/modules/${id}`, cookie: admin, body: { name: 'Reglas 2' } });
    expect((await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json().modules[0].videoDuration).toBe(205);
    await call(t.app, { method: 'PATCH', url: `/api/modules/${id}`, cookie: admin, body: { videoDuration: null } });
    expect((await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json().modules[0].videoDuration).toBeNull();
    // An uploaded 12-second file: its own length, whatever 'Duración' comes with it.
    const uploaded = await uploadVideo(await makeClip('webm', 12));
    const withFile = await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${id}`,
      cookie: admin,
      body: { videoId: uploaded.json().id, videoDuration: 3600 },
    });
    expect(withFile.statusCode, withFile.body).toBe(200);
    expect(withFile.json().module.videoDuration).toBeCloseTo(12, 0);
    await call(t.app, { method: 'PATCH', url: `/api/modules/${id}`, cookie: admin, body: { videoDuration: 3600 } });
    expect((await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json().modules[0].videoDuration).toBeCloseTo(
      12,
      0,
    );
  });

  it('lets a burst of reports in one second add no more than the first report may bring', async () => {
    const { module, student } = await setup(3600);
    const started = Date.now();
    // 30 reports at once, each claiming a different minute of an hour-long video.
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        report(module.id, student.cookie, { duration: 3600, position: (i + 1) * 60, intervals: [[i * 60, (i + 1) * 60]] }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const seconds = (Date.now() - started) / 1000;
    const [row] = await t.ctx.db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, student.id), eq(videoProgress.moduleId, module.id)));
    expect(row!.watchedSeconds).toBeLessThanOrEqual(FIRST_REPORT_ALLOWANCE_SECONDS + 2 * seconds + 0.5);
    expect(row!.watchedSeconds).toBeGreaterThanOrEqual(FIRST_REPORT_ALLOWANCE_SECONDS - 0.5);
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.watched.percent).toBeLessThanOrEqual(2);
  });

  it('drops only what could not have played yet: a report after a minute offline keeps its first two minutes at most, from where the student was', async () => {
    const { module, student } = await setup(600);
    await report(module.id, student.cookie, { duration: 600, position: 10, intervals: [[0, 10]] });
    await timePasses(student.id, module.id, 60);
    // Claims 5 more minutes after one minute: 60 s allowance + 2 × 60 s = 180 s in all.
    const late = (await report(module.id, student.cookie, { duration: 600, position: 310, intervals: [[10, 310]] })).json().watched;
    expect(late.seconds).toBeCloseTo(180, 0);
    const [row] = await t.ctx.db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, student.id), eq(videoProgress.moduleId, module.id)));
    expect(row!.intervals[0]![0]).toBe(0);
    expect(row!.intervals[0]![1]).toBeCloseTo(180, 0);
  });

  it('an honest player reporting every 10 s reaches 100 % at the end of the video, at normal and at double speed', async () => {
    for (const speed of [1, 2]) {
      const { module, student } = await moduleWithClip(45);
      const known = (await report(module.id, student.cookie, { duration: 45.03, position: 0, intervals: [] })).json().watched
        .duration as number;
      let position = 0;
      let watched = { percent: 0 };
      while (position < known) {
        await timePasses(student.id, module.id, 10);
        const next = Math.min(known, position + 10 * speed);
        // The browser's own idea of the length differs a little from the file's header.
        watched = (await report(module.id, student.cookie, { duration: 45.03, position: next, intervals: [[position, next]] })).json()
          .watched;
        position = next;
      }
      expect(watched, `a ${speed}×`).toMatchObject({ percent: 100 });
    }
  });
});

// Module videos as uploaded files (served with Range to those who may see the module), and how
// much of each module video a student watched (merged intervals, validated on the server).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { video, videoProgress } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, createImage, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { multipart, pngBytes, storedFiles, webmBytes } from './helpers/files.ts';
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
  const { body, headers } = multipart([{ name: 'file', filename, content, contentType: 'video/webm' }]);
  return call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
};

async function setup() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
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
    expect(module).toMatchObject({ videoUrl: `/api/modules/${module.id}/video`, videoFile: { id: videoId, mimeType: 'video/webm', size: clip.length } });

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
    expect(page.json().module).toMatchObject({ videoUrl: module.videoUrl, videoFile: { id: videoId, mimeType: 'video/webm' }, watched: null });

    // Back to a YouTube address: the file is no longer served and its bytes are removed.
    const before = (await storedFiles(t.ctx)).objects.length;
    const changed = await call(t.app, { method: 'PATCH', url: `/api/modules/${module.id}`, cookie: admin, body: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' } });
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

describe('watched progress', () => {
  const report = (moduleId: string, cookie: string, body: unknown) => call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/watched`, cookie, body });

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
    const list = (await call(t.app, { url: `/api/pages/courses/${course.id}/modulos`, cookie: student.cookie })).json();
    expect(list.modules[0].watchedPercent).toBe(40);
    const single = (await call(t.app, { url: `/api/modules/${module.id}`, cookie: student.cookie })).json();
    expect(single.module.watched.percent).toBe(40);

    // The admin sees it per student.
    const perUser = (await call(t.app, { url: `/api/users/${student.id}/courses/${course.id}/modules`, cookie: admin })).json();
    expect(perUser.modules[0].watchedPercent).toBe(40);
    // And on the class progress board, in the module's column (null where nothing was played).
    const other = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, other.id);
    const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: admin })).json();
    const trainee = board.trainees.find((t: { id: string }) => t.id === student.id);
    expect(trainee.watched).toEqual([40, null]);

    // Intervals past the end are cut to the duration; the whole video is 100 %.
    const all = (await report(module.id, student.cookie, { duration: 100, position: 100, intervals: [[29, 71], [79, 100.5]] })).json().watched;
    expect(all).toEqual({ percent: 100, seconds: 100, duration: 100, position: 100 });
  });

  it('starts over when the admin changes the module video', async () => {
    const { module, student } = await setup();
    await report(module.id, student.cookie, { duration: 60, position: 30, intervals: [[0, 30]] });
    await call(t.app, { method: 'PATCH', url: `/api/modules/${module.id}`, cookie: admin, body: { videoUrl: 'https://youtu.be/jNQXAC9IVRw' } });
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

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { fakePlayerState, fakeYouTube, youtube } from './fake-youtube.ts';
import { expect, test } from './fixtures.ts';
import {
  createCourse,
  createModule,
  createStudent,
  enableModule,
  expectNoAxeViolations,
  makeClip,
  moduleIdByName,
  recordVideoElements,
  screenshot,
  signInThroughApi,
  videoElements,
} from './helpers.ts';

/** The video in the page is the one the server's document brought, taken over by the app: no other was ever made. */
const serverSent = { seen: 1, inPage: 1, sameAsFirst: true, inApp: true, beforeApp: true };

interface Watched {
  percent: number | null;
  seconds: number;
  duration: number | null;
  position: number;
}

const video = (page: Page) => page.locator('video');
const videoTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** What the server recorded, as the student's module page data says. */
async function watchedOf(page: Page, moduleId: string): Promise<Watched | null> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/pages/modules/${id}`, { headers: { accept: 'application/json' } });
    return ((await response.json()) as { module: { watched: Watched | null } }).module.watched;
  }, moduleId);
}

const reported = (page: Page, moduleId: string) =>
  page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/modules/${moduleId}/watched` && r.status() === 200,
  );

test('the admin uploads a module video; the student watches part of it, skips ahead, sees "Visto N %" without the skipped part, and resumes where they left', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const student = await createStudent({ name: 'Valeria Vista' });
  // A name of its own: a retry of this test creates another course, and the admin picks it by name.
  const course = await createCourse({ name: `Curso con video propio ${Date.now().toString(36)}`, enableFor: [student.id] });
  // The test's own output folder: Playwright empties it before the next run.
  const dir = test.info().outputDir;
  await mkdir(dir, { recursive: true });
  const clip = path.join(dir, 'clase.webm');
  await writeFile(clip, await makeClip('webm', 20));
  const notVideo = path.join(dir, 'falso.webm');
  await writeFile(notVideo, 'esto no es un video');
  const cover = path.join(dir, 'portada.png');
  await writeFile(
    cover,
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64'),
  );

  // The admin creates the module with an uploaded WebM as its video.
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/create-module');
  await page.getByRole('textbox', { name: 'Curso' }).click();
  await page.getByRole('option', { name: course.name }).click();
  await page.locator('input[type="file"][accept^="image"]').setInputFiles(cover);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill('Reglas con video propio');
  await page.getByText('Subir archivo', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Subir archivo' })).toBeChecked();
  const videoInput = page.locator('input[type="file"][accept="video/mp4,video/webm"]');
  await videoInput.setInputFiles(notVideo);
  await expect(page.getByText('El video debe ser MP4 o WebM.')).toBeVisible();
  await videoInput.setInputFiles(clip);
  await expect(page.getByText('clase.webm')).toBeVisible();
  await expect(page.getByText(/^WebM · 0,\d MB$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reemplazar video' })).toBeVisible();
  await screenshot(page, 'modulo-video-subido');
  await page.getByRole('button', { name: 'Crear módulo' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText('El módulo se creó con éxito');
  await popup.getByRole('button', { name: 'Ok' }).click();
  const moduleId = await moduleIdByName(course.id, 'Reglas con video propio');
  await enableModule(student.id, moduleId);

  // The student plays 0 → 4 s, jumps to 14 s, plays to 16 s and pauses.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const studentPage = await context.newPage();
  await signInThroughApi(studentPage, student);
  await recordVideoElements(studentPage);
  await studentPage.goto(`/${course.id}/${moduleId}/modulo`);
  await expect(studentPage.getByRole('heading', { name: 'Reglas con video propio', level: 1 })).toBeVisible();
  await expect.poll(() => video(studentPage).evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeCloseTo(20, 0);
  // The player the student uses is the server's own <video>, which the app took over.
  expect(await videoElements(studentPage)).toEqual(serverSent);
  await expect(studentPage.getByText(/^Visto \d+ %$/)).toHaveCount(0);

  await video(studentPage).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => videoTime(studentPage), { timeout: 15_000, intervals: [100] }).toBeGreaterThan(4);
  const leftAt = await video(studentPage).evaluate((v: HTMLVideoElement) => {
    const time = v.currentTime;
    v.currentTime = 14;
    return time;
  });
  await expect.poll(() => videoTime(studentPage), { timeout: 15_000, intervals: [100] }).toBeGreaterThan(16);
  const paused = reported(studentPage, moduleId);
  const pausedAt = await video(studentPage).evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  await paused;

  // What played, 0 → leftAt and 14 → pausedAt, counts; the 10 seconds skipped do not. The part
  // played just before the jump counts up to the player's last time update, which a busy
  // processor can delay, so up to 1.5 s of it may be missing.
  const played = leftAt + (pausedAt - 14);
  const watched = (await watchedOf(studentPage, moduleId))!;
  expect(watched.duration).toBeCloseTo(20, 0);
  expect(watched.seconds).toBeGreaterThan(played - 1.5);
  expect(watched.seconds).toBeLessThan(played + 0.3);
  expect(watched.percent).toBeGreaterThanOrEqual(Math.floor(((played - 1.5) / 20) * 100));
  expect(watched.percent).toBeLessThanOrEqual(Math.ceil(((played + 0.3) / 20) * 100));
  expect(watched.position).toBeGreaterThan(16);
  await expect(studentPage.getByText(`Visto ${watched.percent} %`)).toBeVisible();
  await expectNoAxeViolations(studentPage);
  await screenshot(studentPage, 'modulo-video-visto');

  // After a reload the video resumes where they left it.
  await studentPage.reload();
  await expect(studentPage.getByText(`Visto ${watched.percent} %`)).toBeVisible();
  await expect.poll(() => videoTime(studentPage), { timeout: 15_000 }).toBeCloseTo(watched.position, 0);
  expect(await videoElements(studentPage)).toEqual(serverSent);

  // The module list shows it too.
  await studentPage.goto(`/${course.id}/modulos`);
  await expect(studentPage.getByRole('link', { name: /Reglas con video propio/ })).toContainText(`Visto ${watched.percent} %`);
  await screenshot(studentPage, 'modulos-video-visto');
  await context.close();

  // The admin sees the percentage on the student's module list.
  await page.goto(`/admin/users-activities/${student.id}/cursos/${course.id}/modules`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Reglas con video propio' })).toContainText(`Visto ${watched.percent} %`);
  await screenshot(page, 'modulo-video-visto-admin');

  // And on the class progress board, under the module's state.
  await page.goto(`/admin/courses/${course.id}/progreso`);
  await expect(
    page.getByRole('link', { name: `Valeria Vista, Reglas con video propio: Sin responder, Visto ${watched.percent} %` }),
  ).toContainText(`Visto ${watched.percent} %`);
  await screenshot(page, 'modulo-video-visto-tablero');
});

test('a YouTube module video reports through the IFrame API: a jump does not count, and the player starts where the student left off', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { frameLoads } = await fakeYouTube(page);
  await page.addInitScript(() => {
    (window as unknown as { __fakeYouTubeDuration: number }).__fakeYouTubeDuration = 100;
  });
  const student = await createStudent({ name: 'Yamila YouTube' });
  const course = await createCourse({ name: 'Curso con YouTube', enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Reglas en YouTube',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    videoDuration: 100,
    enableFor: [student.id],
  });

  await signInThroughApi(page, student);
  await recordVideoElements(page);
  await page.goto(`/${course.id}/${module.id}/modulo`);
  const frame = page.locator('iframe[title="Video: Reglas en YouTube"]');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  // The frame came with the document, ready for the IFrame API (enablejsapi, this page's origin),
  // and YT.Player took that same frame over: it loaded once, and no other frame was made.
  await expect.poll(() => fakePlayerState(page)).toEqual({ tookOver: true, startAt: 0, frameInPage: true });
  expect(await videoElements(page)).toEqual(serverSent);
  expect(frameLoads).toHaveLength(1);
  const firstAddress = new URL(frameLoads[0]!);
  expect(Object.fromEntries(firstAddress.searchParams)).toEqual({
    playsinline: '1',
    rel: '0',
    enablejsapi: '1',
    origin: new URL(page.url()).origin,
  });

  await youtube(page, 'playVideo');
  await expect.poll(() => youtube(page, 'getCurrentTime'), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(3);
  await youtube(page, 'seekTo', 60);
  await expect.poll(() => youtube(page, 'getCurrentTime'), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(62);
  const paused = reported(page, module.id);
  await youtube(page, 'pauseVideo');
  await paused;

  // About 5 of 100 seconds: the 57 seconds jumped over do not count.
  const watched = (await watchedOf(page, module.id))!;
  expect(watched.duration).toBe(100);
  expect(watched.seconds).toBeGreaterThan(4);
  expect(watched.seconds).toBeLessThan(7.5);
  expect(watched.percent).toBeLessThan(8);
  await expect(page.getByText(`Visto ${watched.percent} %`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'modulo-youtube-visto');

  // Reloaded, the server's frame starts where the student left off, and the player takes it over as it is.
  frameLoads.length = 0;
  await page.reload();
  await expect(frame).toBeVisible();
  await expect.poll(() => fakePlayerState(page)).toEqual({ tookOver: true, startAt: Math.floor(watched.position), frameInPage: true });
  expect(await videoElements(page)).toEqual(serverSent);
  expect(frameLoads).toHaveLength(1);
  expect(new URL(frameLoads[0]!).searchParams.get('start')).toBe(String(Math.floor(watched.position)));
  // And what plays on it still counts.
  await youtube(page, 'playVideo');
  await expect.poll(() => youtube(page, 'getCurrentTime'), { timeout: 10_000 }).toBeGreaterThan(Math.floor(watched.position) + 2);
  const pausedAgain = reported(page, module.id);
  await youtube(page, 'pauseVideo');
  await pausedAgain;
  const after = (await watchedOf(page, module.id))!;
  expect(after.seconds).toBeGreaterThan(watched.seconds + 1.5);
  expect(after.position).toBeGreaterThan(watched.position + 1.5);
});

test("a YouTube video whose length the module editor did not give: what the student watched shows 'Visto —', never a percentage", async ({
  page,
}) => {
  await fakeYouTube(page);
  const student = await createStudent({ name: 'Diego Duración' });
  const course = await createCourse({ name: 'Curso sin duración', enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Reglas sin duración',
    videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    enableFor: [student.id],
  });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await expect.poll(() => fakePlayerState(page)).toMatchObject({ tookOver: true });
  await youtube(page, 'playVideo');
  await expect.poll(() => youtube(page, 'getCurrentTime'), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(2);
  const paused = reported(page, module.id);
  await youtube(page, 'pauseVideo');
  await paused;
  // The player's own idea of the length (100 s) decides nothing: the server gives no percentage.
  expect(await watchedOf(page, module.id)).toMatchObject({ percent: null, duration: null });
  await expect(page.getByText('Visto —')).toBeVisible();
  await screenshot(page, 'modulo-youtube-sin-duracion');
});

test('a browser without Element.moveBefore (older browsers) also keeps the frame the document brought, and what plays on it counts', async ({
  page,
}) => {
  const { frameLoads } = await fakeYouTube(page);
  await page.addInitScript(() => {
    delete (Element.prototype as Partial<Element & { moveBefore: unknown }>).moveBefore;
  });
  const student = await createStudent({ name: 'Sofía Sinmover' });
  const course = await createCourse({ name: 'Curso sin moveBefore', enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Reglas sin mover',
    videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    videoDuration: 100,
    enableFor: [student.id],
  });

  await signInThroughApi(page, student);
  await recordVideoElements(page);
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await expect(page.getByRole('heading', { name: 'Reglas sin mover', level: 1 })).toBeVisible();
  // The app takes the server's page over where it stands (nothing is moved): YT.Player takes that frame.
  await expect.poll(() => fakePlayerState(page)).toEqual({ tookOver: true, startAt: 0, frameInPage: true });
  expect(await videoElements(page)).toMatchObject({ seen: 1, inPage: 1, sameAsFirst: true, inApp: true, beforeApp: true });
  await expect.poll(() => frameLoads.length).toBe(1);

  await youtube(page, 'playVideo');
  await expect.poll(() => youtube(page, 'getCurrentTime'), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(2);
  const paused = reported(page, module.id);
  await youtube(page, 'pauseVideo');
  await paused;
  const watched = (await watchedOf(page, module.id))!;
  expect(watched.seconds).toBeGreaterThan(1.5);
  await expect(page.getByText(`Visto ${watched.percent} %`)).toBeVisible();
});

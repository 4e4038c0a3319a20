import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { adminApi, adminPage, createCourse, createStudent, enableModule, screenshot, signInThroughApi, uploadVideo } from './helpers.ts';

const run = promisify(execFile);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64');

/** A 720p MP4 with sound, long enough that the instructor sees its processing go. */
async function hdClip(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hd-clip-'));
  const file = path.join(dir, 'clase.mp4');
  try {
    await run('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1280x720:rate=25`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-movflags',
        '+faststart',
        '-shortest',
        '-y',
        file,
      ],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('an uploaded module video is processed into renditions with its progress for the admin; the student gets a poster, captions and “Calidad”', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent({ name: 'Ramiro Renditions' });
  const course = await createCourse({ name: 'Curso con video liviano', enableFor: [student.id] });
  const videoId = await uploadVideo(await hdClip(20), 'clase.mp4');
  const image = new FormData();
  image.append('file', new Blob([png], { type: 'image/png' }), 'modulo.png');
  const imageId = ((await (await adminApi('POST', '/api/images', image, 201)).json()) as { id: string }).id;
  const name = 'Ventaja con video propio';
  const created = await adminApi('POST', '/api/modules', { courseId: course.id, name, imageId, videoId, questions: [] }, 201);
  const moduleId = ((await created.json()) as { module: { id: string } }).module.id;
  await enableModule(student.id, moduleId);

  // The admin's form shows the processing as it goes (the list is read again every few seconds).
  const admin = await adminPage(browser);
  await admin.goto(`/admin/create-module?curso=${course.id}`);
  await admin.getByRole('button', { name: `Editar módulo ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Editar módulo' });
  const progress = dialog.getByText(/^Procesando video… \d+ %$/);
  await expect(progress).toBeVisible();
  await expect(dialog.getByText(/^Procesando video… [1-9]\d? %$/)).toBeVisible({ timeout: 90_000 });
  await screenshot(admin, 'modulo-video-procesando');
  // 'Subtítulos (.vtt)': a file that is not WebVTT is refused at once; a WebVTT one is saved with the module.
  const dir = await mkdtemp(path.join(tmpdir(), 'subtitulos-'));
  const srt = path.join(dir, 'subtitulos.srt');
  await writeFile(srt, '1\n00:00:00,000 --> 00:00:02,000\nHola\n');
  const vtt = path.join(dir, 'subtitulos.vtt');
  await writeFile(vtt, 'WEBVTT\n\n00:00.000 --> 00:05.000\nEl árbitro deja seguir: ventaja.\n');
  const captionsInput = dialog.locator('input[type="file"][accept=".vtt,text/vtt"]');
  await captionsInput.setInputFiles(srt);
  await expect(dialog.getByText('Los subtítulos tienen que ser un archivo WebVTT (.vtt): la primera línea dice WEBVTT.')).toBeVisible();
  await captionsInput.setInputFiles(vtt);
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toBeHidden();
  await rm(dir, { recursive: true, force: true });
  // Once ready, nothing special shows.
  await expect(admin.getByText(/^Procesando video…/)).toHaveCount(0, { timeout: 180_000 });
  await admin.context().close();

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  // A good connection, said outright: the browser's own estimate follows the (shared, busy) machine.
  await context.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', downlink: 10, saveData: false }, configurable: true }),
  );
  const page = await context.newPage();
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${moduleId}/modulo`);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('poster', `/api/modules/${moduleId}/poster`);
  const track = video.locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'es');
  await expect(track).toHaveAttribute('label', 'Español');
  await expect(track).toHaveAttribute('src', `/api/modules/${moduleId}/captions`);
  expect(await track.evaluate((element: HTMLTrackElement) => element.default)).toBe(true);
  const quality = page.getByRole('radiogroup', { name: 'Calidad' });
  await expect(quality.getByRole('radio', { name: 'Automática' })).toBeChecked();
  // A wide screen on a good connection: the largest, 720p.
  await expect(video).toHaveAttribute('src', `/api/modules/${moduleId}/video/720`);
  await screenshot(page, 'modulo-video-calidad');

  // 'Ahorro de datos' keeps the second the video was at; it is remembered on the device.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  await quality.getByText('Ahorro de datos').click();
  await expect(video).toHaveAttribute('src', `/api/modules/${moduleId}/video/240`);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Calidad' }).getByRole('radio', { name: 'Ahorro de datos' })).toBeChecked();
  await expect(video).toHaveAttribute('src', `/api/modules/${moduleId}/video/240`);
  await context.close();
});

test('a module video that could not be processed says why in the list and offers “Reintentar”, which tries it again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const course = await createCourse({ name: 'Curso con video dañado' });
  // The first kilobytes of an MP4: it uploads (it starts like one) and ffmpeg finds no picture in it.
  const whole = await hdClip(2);
  const videoId = await uploadVideo(whole.subarray(0, 4096), 'cortado.mp4');
  const image = new FormData();
  image.append('file', new Blob([png], { type: 'image/png' }), 'modulo.png');
  const imageId = ((await (await adminApi('POST', '/api/images', image, 201)).json()) as { id: string }).id;
  const name = 'Módulo con video cortado';
  await adminApi('POST', '/api/modules', { courseId: course.id, name, imageId, videoId, questions: [] }, 201);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/create-module?curso=${course.id}`);
  const reason = admin.getByRole('alert').filter({ hasText: 'No se pudo procesar el video' });
  await expect(reason).toBeVisible({ timeout: 60_000 });
  const retry = admin.getByRole('button', { name: `Reintentar el procesamiento del video del módulo ${name}` });
  await expect(retry).toBeVisible();
  await screenshot(admin, 'modulo-video-fallido');
  const retried = admin.waitForResponse((r) => r.url().endsWith(`/api/videos/${videoId}/retry`) && r.request().method() === 'POST');
  await retry.click();
  expect((await retried).status()).toBe(200);
  // Tried again (the list reads it again): the same file fails the same way, and says so again.
  await expect(reason).toBeVisible({ timeout: 60_000 });
  await expect(retry).toBeVisible();
});

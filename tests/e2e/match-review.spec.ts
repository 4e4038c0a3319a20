// A match's review at 360 px: a trainee's match (a one-minute video made by ffmpeg, uploaded with
// tus as her phone does — the upload's own pages are match-upload.spec.ts — and converted by the
// server's worker to its HLS ladder) is opened by the course's instructor on a phone from the
// course's 'Partidos', who moves with the keys and comments at a moment with 'Comentar aquí'; the
// trainee opens it from 'Mis partidos', sees the comment below the video and, choosing it, the
// video plays from 3 s before it; she answers in its thread. Then the instructor turns the moment
// into a jugada, refused until the trainee allows it, and records an 'Observación de partido' made
// from it, which the trainee's record shows with the comments' summary. axe finds nothing;
// screenshots at 360 and 1280 px.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  appRunning,
  createCourse,
  createModule,
  createStudent,
  expectNoAxeViolations,
  screenshot,
  signInThroughApi,
  type TestUser,
} from './helpers.ts';

const run = promisify(execFile);

/** A 640×360 H.264 video with its sound, `seconds` long: a phone's match, short enough to convert at once. */
async function matchVideo(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'partido-'));
  const file = path.join(dir, 'partido.mp4');
  try {
    await run('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=640x360:rate=25`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The person's session cookie, signed in through the API (for the upload, made as their phone would). */
async function sessionOf(user: { email: string; password: string }): Promise<string> {
  const { baseURL } = e2eEnv();
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The trainee's match: created with its fields, its file sent with tus, converted by the worker. */
async function uploadedMatch(trainee: TestUser, courseId: string, bytes: Buffer): Promise<string> {
  const { baseURL } = e2eEnv();
  const cookie = await sessionOf(trainee);
  const headers = { origin: baseURL, cookie };
  const created = await fetch(`${baseURL}/api/matches`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      courseId,
      playedOn: '2026-11-21',
      title: 'Vélez – Ferro, Primera B',
      category: 'Primera B',
      fileSize: bytes.length,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const matchId = ((await created.json()) as { match: { id: string } }).match.id;
  const tus = { ...headers, 'tus-resumable': '1.0.0' };
  const metadata = `matchId ${Buffer.from(matchId).toString('base64')},filename ${Buffer.from('partido.mp4').toString('base64')}`;
  const start = await fetch(`${baseURL}/api/matches/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
  });
  expect(start.status, await start.clone().text()).toBe(201);
  const location = new URL(start.headers.get('location')!, baseURL).toString();
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(sent.status, await sent.clone().text()).toBe(204);
  await expect
    .poll(
      async () => {
        const match = await fetch(`${baseURL}/api/matches/${matchId}`, { headers }).then(
          (r) => r.json() as Promise<{ match: { state: string } }>,
        );
        return match.match.state;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('lista');
  return matchId;
}

async function phone(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, user);
  return page;
}

/** The player's position and whether it plays. */
const playback = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => ({ time: video.currentTime, paused: video.paused, ready: video.readyState }));

test('the instructor comments a trainee’s match at a moment on a phone; the trainee sees it and, choosing it, the video plays from 3 s before', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Lucía Partido ${tag}` });
  const instructor = await createStudent({ name: `Inés Observadora ${tag}` });
  const course = await createCourse({ name: `Curso con partidos ${tag}`, enableFor: [trainee.id] });
  await adminApi('POST', `/api/courses/${course.id}/team`, { userId: instructor.id, roles: ['instructor'] }, 201);
  const module = await createModule({ courseId: course.id, name: 'Módulo 3: ubicación', enableFor: [trainee.id] });
  const matchId = await uploadedMatch(trainee, course.id, await matchVideo(60));

  // The instructor, on a phone: the video plays from the HLS ladder; at 0:20 'Comentar aquí'.
  const ines = await phone(browser, instructor);
  // From the course's 'Partidos' to the match.
  await ines.goto(`/admin/courses/${course.id}/partidos`);
  await appRunning(ines);
  await ines.getByRole('link', { name: 'Ver partido' }).click();
  await expect(ines).toHaveURL(new RegExp(`/admin/partidos/${matchId}$`));
  await expect(ines.getByRole('heading', { name: 'Vélez – Ferro, Primera B', level: 1 })).toBeVisible();
  await expect.poll(async () => (await playback(ines)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const player = ines.getByRole('group', { name: 'Video: Vélez – Ferro, Primera B' });
  // Four jumps of 5 s with the keyboard, and one frame back and forth while paused.
  await player.focus();
  for (let i = 0; i < 4; i += 1) await ines.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await playback(ines)).time)).toBe(20);
  await ines.keyboard.press('.');
  await expect.poll(async () => (await playback(ines)).time).toBeCloseTo(20.04, 2);
  await ines.keyboard.press(',');
  await expect.poll(async () => (await playback(ines)).time).toBeCloseTo(20, 2);
  await ines.getByRole('button', { name: 'Comentar aquí' }).click();
  const form = ines.getByRole('form', { name: 'Comentario en 0:20' });
  await form.getByRole('combobox', { name: 'Criterio' }).selectOption({ label: 'Ubicación' });
  await form.getByText('A mejorar').click();
  await form
    .getByRole('textbox', { name: 'Comentario' })
    .fill('Del lado equivocado para el 7 metros: tenías que estar sobre la línea de 9 m.');
  await form.getByRole('button', { name: 'Guardar comentario' }).click();
  await expect(form).toBeHidden();
  const comment = ines.getByRole('listitem').filter({ hasText: 'Del lado equivocado para el 7 metros' });
  await expect(comment.getByRole('button', { name: /^Ver desde 0:20: 0:20 · Ubicación · A mejorar$/ })).toBeVisible();
  await expect(ines.getByRole('table', { name: 'Resumen por criterio' })).toContainText('Ubicación');
  await expect(ines.getByRole('button', { name: '0:20 · Ubicación · A mejorar', exact: true })).toBeVisible();
  await expectNoAxeViolations(ines);
  await screenshot(ines, 'partido-instructor');

  // The trainee, on her phone: the comment beside (below) the video; choosing it plays from 0:17.
  const lucia = await phone(browser, trainee);
  // From 'Mis partidos' to the match.
  await lucia.goto('/partidos');
  await appRunning(lucia);
  await lucia.getByRole('link', { name: 'Ver partido' }).click();
  await expect(lucia).toHaveURL(new RegExp(`/partidos/${matchId}$`));
  const seen = lucia.getByRole('listitem').filter({ hasText: 'Del lado equivocado para el 7 metros' });
  await expect(seen).toBeVisible();
  await expect(seen).toContainText(instructor.name);
  await expect(lucia.getByText(`Subido por ${trainee.name}`)).toBeVisible();
  await expect(lucia.getByRole('button', { name: 'Comentar aquí' })).toHaveCount(0);
  await expect.poll(async () => (await playback(lucia)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await seen.getByRole('button', { name: /^Ver desde 0:20/ }).click();
  await expect.poll(async () => (await playback(lucia)).paused, { timeout: 10_000 }).toBe(false);
  const { time } = await playback(lucia);
  expect(time).toBeGreaterThanOrEqual(16.9);
  expect(time).toBeLessThan(19);
  // She answers in the thread.
  await seen.getByRole('button', { name: 'Responder' }).click();
  await seen.getByRole('textbox', { name: 'Tu respuesta' }).fill('Entendido: me tapó el pivote.');
  await seen.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(seen.getByText('Entendido: me tapó el pivote.')).toBeVisible();
  await lucia.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
  await expectNoAxeViolations(lucia);
  await screenshot(lucia, 'partido-alumno');

  // 'Convertir en jugada': refused with the reason until the trainee allows teaching clips; then the
  // moment becomes a jugada of the module, 10 s around the comment.
  const toJugada = async () => {
    await comment.getByRole('button', { name: 'Convertir en jugada' }).click();
    const dialog = ines.getByRole('dialog', { name: 'Convertir en jugada' });
    await dialog.getByRole('combobox', { name: 'Módulo' }).selectOption({ label: module.name });
    await dialog.getByRole('textbox', { name: 'Consigna' }).fill('¿Dónde tenía que estar el árbitro de campo?');
    await dialog.getByRole('combobox', { name: 'Decisión correcta' }).selectOption({ index: 1 });
    await dialog.getByRole('combobox', { name: 'Sanción correcta' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Crear jugada' }).click();
    return dialog;
  };
  const refused = await toJugada();
  await expect(refused.getByRole('alert')).toContainText('no permitió que el curso use momentos de sus partidos');
  await refused.getByRole('button', { name: 'Cancelar' }).click();
  const { baseURL } = e2eEnv();
  const allowed = await fetch(`${baseURL}/api/matches/consent`, {
    method: 'PUT',
    headers: { origin: baseURL, cookie: await sessionOf(trainee), 'content-type': 'application/json' },
    body: JSON.stringify({ allowed: true }),
  });
  expect(allowed.status).toBe(200);
  const made = await toJugada();
  await expect(made).toBeHidden({ timeout: 30_000 });
  await expect(ines.getByText('Jugada creada con este momento del partido.')).toBeVisible();
  const jugadas = (await (await adminApi('GET', `/api/modules/${module.id}/jugadas`, undefined, 200)).json()) as { jugadas: unknown[] };
  expect(jugadas.jugadas).toHaveLength(1);

  // An 'Observación de partido' of the trainee made from this match: her record shows it with the comments' summary.
  await ines.goto(`/admin/users-activities/${trainee.id}/cursos/${course.id}`);
  const observations = ines.getByRole('region', { name: 'Observaciones de partido' });
  await observations.getByRole('button', { name: 'Nueva observación' }).click();
  const observationForm = ines.getByRole('dialog', { name: 'Nueva observación' });
  await observationForm.getByRole('textbox', { name: 'Partido' }).fill('Vélez – Ferro, Primera B');
  await observationForm.getByRole('textbox', { name: 'Observador' }).fill(instructor.name);
  await observationForm
    .getByRole('combobox', { name: 'Partido en video' })
    .selectOption({ label: '21 nov 2026 · Vélez – Ferro, Primera B' });
  for (const criterion of ['Ubicación', 'Señalización', 'Sanción progresiva', 'Comunicación', 'Condición física']) {
    await observationForm.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: '4', exact: true }).check();
  }
  await observationForm.getByRole('button', { name: 'Registrar observación' }).click();
  await expect(observationForm).toBeHidden();
  const card = observations.getByRole('article', { name: 'Vélez – Ferro, Primera B' });
  await expect(card.getByRole('link', { name: 'Partido en video: Vélez – Ferro, Primera B' })).toBeVisible();
  await expect(card).toContainText('Ubicación: 0 Bien · 1 A mejorar');
  await expectNoAxeViolations(ines);
  await card.getByRole('link', { name: 'Partido en video: Vélez – Ferro, Primera B' }).click();
  await expect(ines).toHaveURL(new RegExp(`/admin/partidos/${matchId}$`));
});

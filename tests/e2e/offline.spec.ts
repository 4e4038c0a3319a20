// The classroom in the pocket: a trainee downloads a module on a phone (360 px), loses the
// signal, opens the module from the phone (its video plays from the download), answers and
// submits its activity and a practice jugada, closes and reopens the page, and when the signal
// comes back the server holds each answer exactly once. Also: 'Mi cuenta' → 'Descargas', a
// download removed once its module is blocked, and two trainees sharing one phone.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  appRunning,
  createCourse,
  createJugada,
  createStudent,
  expectNoAxeViolations,
  makeClip,
  screenshot,
  signIn,
  uploadVideo,
} from './helpers.ts';

// The other specs keep service workers out of their way (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

const question = '¿Cuántos jugadores hay en cancha por equipo?';
const typedOffline = 'Siete: seis de campo y un arquero.';

/** Waits until the service worker is active and controls the page (after a reload, for the first visit). */
async function serviceWorkerInControl(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** A course with a module (an uploaded video, one question, one practice jugada on a clip) open to a new student. */
async function moduleToDownload(name: string) {
  const student = await createStudent({ name: 'Sofía Sin Señal' });
  const course = await createCourse({ enableFor: [student.id] });
  const videoId = await uploadVideo(await makeClip('webm', 8), 'clase.webm');
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64')], {
      type: 'image/png',
    }),
    'modulo.png',
  );
  const image = (await (await adminApi('POST', '/api/images', form, 201)).json()) as { id: string };
  const created = await adminApi(
    'POST',
    '/api/modules',
    { courseId: course.id, name, imageId: image.id, videoId, questions: [question] },
    201,
  );
  const module = ((await created.json()) as { module: { id: string } }).module;
  const clipId = await uploadVideo(await makeClip('webm', 4), 'jugada.webm');
  const jugada = await createJugada(module.id, course.id, {
    videoId: clipId,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  await adminApi('PUT', `/api/users/${student.id}/modules/${module.id}/access`, { enabled: true }, 204);
  return { student, course, module, jugada };
}

/** The video of the page plays: its time moves forward. */
async function videoPlays(page: Page) {
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
}

/** Holds the module video's download until `release` is called, so its progress can be seen. */
async function holdVideo(context: BrowserContext, moduleId: string) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(new RegExp(`/api/modules/${moduleId}/video`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a downloaded module opens, plays and takes answers without signal; each answer reaches the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { student, course, module, jugada } = await moduleToDownload('Módulo 2');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await appRunning(page);

  // The download, with its progress, then 'Disponible sin conexión'.
  await page.goto(`/${course.id}/${module.id}/modulo`);
  const release = await holdVideo(context, module.id);
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await expect(page.getByRole('progressbar', { name: /Descargando…/ })).toHaveAttribute('aria-valuetext', /^\d+%$/);
  await expect(page.getByText(/Descargando… .* de .* \(\d+ %\)/)).toBeVisible();
  await screenshot(page, 'descarga-en-curso');
  release();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  await context.unroute(new RegExp(`/api/modules/${module.id}/video`));
  await screenshot(page, 'descarga-disponible');
  await expectNoAxeViolations(page);

  // The module list marks it; 'Mi cuenta' → 'Descargas' lists it with its size.
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('link', { name: /Módulo 2/ })).toContainText('Disponible sin conexión');
  await page.goto('/mi-cuenta');
  await page.getByRole('link', { name: 'Ver mis descargas' }).click();
  await expect(page).toHaveURL(/\/mi-cuenta\/descargas$/);
  await expect(page.getByRole('link', { name: /^Módulo 2 · \d+(,\d)? (KB|MB)$/ })).toBeVisible();
  await expect(page.getByText(/^Total: /)).toBeVisible();
  await screenshot(page, 'mis-descargas');
  await expectNoAxeViolations(page);

  // No signal: the module opens (reloaded) and its video plays from the download.
  await context.setOffline(true);
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await expect(page.getByRole('heading', { name: 'Módulo 2' })).toBeVisible();
  await videoPlays(page);

  // Its activity: answered and submitted, kept on the phone.
  await page.getByRole('link', { name: 'Actividades' }).click();
  await page.getByRole('textbox', { name: `1. ${question}` }).fill(typedOffline);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Guardado en el teléfono');
  await page.getByRole('dialog').getByRole('button').first().click();

  // A practice jugada: its clip plays from the download, the call is kept on the phone.
  await page.goto(`/${course.id}/${module.id}/jugadas`);
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Volver a ver' }).click();
  await expect
    .poll(
      () =>
        page
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.currentTime),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(1);
  await page.getByRole('radio', { name: 'Tiro de 7 metros' }).check();
  await page.getByRole('radio', { name: 'Exclusión de 2 minutos' }).check();
  await page.getByRole('button', { name: 'Responder' }).click();
  // Graded at once from the download (a practice-only jugada), and kept to be sent.
  await expect(page.getByTestId('resultado-jugada')).toContainText('Decisión: Correcto.');
  await expect(page.getByTestId('jugada-guardada')).toHaveText('Guardado en el teléfono: se envía al volver la señal');

  // The page is closed and opened again, still without signal: nothing was sent yet.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/${course.id}/${module.id}/modulo`);
  await expect(again.getByRole('heading', { name: 'Módulo 2' })).toBeVisible();

  // The signal comes back: the answers go, once each.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const response = await adminApi('GET', `/api/users/${student.id}/modules/${module.id}/activity`, undefined, 200);
        const { activity } = (await response.json()) as { activity: { submitted: boolean; items: Array<{ answer: string | null }> } };
        return { submitted: activity.submitted, answers: activity.items.map((item) => item.answer) };
      },
      { timeout: 45_000 },
    )
    .toEqual({ submitted: true, answers: [typedOffline] });
  await expect
    .poll(
      async () => {
        const response = await adminApi('GET', `/api/modules/${module.id}/jugadas/results`, undefined, 200);
        const text = await response.text();
        return (text.match(new RegExp(student.id, 'g')) ?? []).length;
      },
      { timeout: 45_000 },
    )
    .toBe(1);
  const answered = await adminApi('GET', `/api/users/${student.id}/modules/${module.id}/jugadas`, undefined, 200);
  const mine = (await answered.json()) as { jugadas: Array<{ jugadaId: string; answer: { correct: boolean } | null }> };
  expect(mine.jugadas).toEqual([expect.objectContaining({ jugadaId: jugada.id, answer: expect.objectContaining({ correct: true }) })]);

  // 'Quitar descarga', confirmed: the module leaves the phone.
  await again.goto('/mi-cuenta/descargas');
  await again.getByRole('button', { name: 'Quitar descarga de Módulo 2' }).click();
  await again.getByRole('dialog').getByRole('button', { name: 'Quitar descarga' }).click();
  await expect(again.getByText('No descargaste ningún módulo.')).toBeVisible();
});

test('a cancelled or interrupted download resumes; a download is removed once its module is blocked, the trainee told why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { student, course, module } = await moduleToDownload('Módulo bloqueado');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await page.goto(`/${course.id}/${module.id}/modulo`);

  // 'Cancelar la descarga' while the video comes: stopped, what was stored stays.
  const video = new RegExp(`/api/modules/${module.id}/video`);
  await page.context().route(video, () => undefined);
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await page.getByRole('button', { name: 'Cancelar la descarga' }).click();
  await expect(page.getByText('Descarga cancelada. Lo descargado queda guardado: podés reanudarla.')).toBeVisible();
  await expect(page.getByText('Descarga incompleta:')).toBeVisible();
  await page.context().unroute(video);

  // The video's download is cut: what was stored stays, and 'Reanudar' finishes the rest.
  await page.context().route(video, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await expect(page.getByText('La descarga se cortó. Lo descargado queda guardado: podés reanudarla.')).toBeVisible();
  await expect(page.getByText('Descarga incompleta:')).toBeVisible();
  await page.context().unroute(video);
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });

  // The browser frees the space (or the download was kept where this version no longer looks):
  // the module says the download is incomplete again, and 'Reanudar' brings it back.
  await page.evaluate((name) => caches.delete(name), `aula-descargas:${student.id}`);
  await page.reload();
  await expect(page.getByText('Descarga incompleta:')).toBeVisible();
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });

  await adminApi('PUT', `/api/users/${student.id}/modules/${module.id}/access`, { enabled: false }, 204);
  await page.goto('/mi-cuenta/descargas');
  await expect(page.getByText('Se quitó la descarga de «Módulo bloqueado»: ya no está disponible')).toBeVisible();
  await expect(page.getByText('No descargaste ningún módulo.')).toBeVisible();
  expect(
    await page.evaluate(async ({ cache, id }) => (await (await caches.open(cache)).keys()).filter((r) => r.url.includes(id)).length, {
      cache: `aula-descargas:${student.id}`,
      id: module.id,
    }),
  ).toBe(0);
  await screenshot(page, 'mis-descargas-vacia');
  await expectNoAxeViolations(page);
});

test('on a shared phone, the next trainee without signal is shown nothing of what the first one downloaded, and their own download is theirs', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { student: first, course, module } = await moduleToDownload('Módulo compartido');
  const second = await createStudent({ name: 'Bruno Segundo' });
  await adminApi('PUT', `/api/users/${second.id}/courses/${course.id}/access`, { enabled: true }, 204);
  await adminApi('PUT', `/api/users/${second.id}/modules/${module.id}/access`, { enabled: true }, 204);
  const firstAnswer = 'Lo que escribió Sofía en su teléfono prestado';
  const activities = `/${course.id}/${module.id}/actividades`;

  // The first trainee answers (saved on the server), downloads the module and signs out.
  await signIn(page, first);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await page.goto(activities);
  await page.getByRole('textbox', { name: `1. ${question}` }).fill(firstAnswer);
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado');
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  await appRunning(page);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

  // The second one signs in on the same phone and loses the signal: the first one's download is not theirs.
  await signIn(page, second);
  await expect(page).toHaveURL(/\/inicio$/);
  await context.setOffline(true);
  await page.goto(activities);
  await expect(page.getByText('Sin conexión').first()).toBeVisible();
  await expect(page.getByText(firstAnswer)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: `1. ${question}` })).toHaveCount(0);
  expect(await page.content()).not.toContain(firstAnswer);
  expect(await page.content()).not.toContain(first.name);

  // With signal again, their own download: without signal it holds their (empty) answer, not hers.
  await context.setOffline(false);
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.goto(activities);
  await expect(page.getByRole('textbox', { name: `1. ${question}` })).toHaveValue('');
  expect(await page.content()).not.toContain(firstAnswer);
  await context.setOffline(false);
});

test("a page the phone does not keep ('Mis partidos': a match needs signal anyway) says so without signal, and opens by itself when the signal is back", async ({
  page,
  context,
}) => {
  const student = await createStudent({ name: 'Mateo Sin Partidos' });
  await createCourse({ enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await appRunning(page);

  // Without signal the app opens from the phone, and the page whose code it does not keep says so (not a blank screen).
  await context.setOffline(true);
  await page.goto('/partidos');
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByText('Esto no se descargó en el teléfono.')).toBeVisible();
  await screenshot(page, 'pagina-no-guardada-sin-senal');
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Mis partidos', level: 1 })).toBeVisible({ timeout: 15_000 });
});

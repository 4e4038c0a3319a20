// A downloaded module on a phone (360 px) without signal, said plainly: its activities and jugadas
// open at once from the download, whether the signal went while the app was open or the browser
// still says it is online and nothing answers (a hall's wifi without internet); what was not
// downloaded says so in words instead of loading forever, and loads by itself when the signal is
// back. A module whose video is on YouTube says before its download that the video cannot be
// kept, what can, and the real size; it is marked for what it is, and without signal its video
// area says the video needs signal.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fakeYouTube } from './fake-youtube.ts';
import {
  appRunning,
  createCourse,
  createJugada,
  createModule,
  createStudent,
  makeClip,
  screenshot,
  signIn,
  uploadVideo,
} from './helpers.ts';

// The other specs keep service workers out of their way (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

/** What 'at once' means here: the download's copy, drawn on a busy test machine. */
const AT_ONCE = { timeout: 2_000 };
const question = '¿Qué sanción corresponde a una falta que impide una clara ocasión de gol?';
const notDownloaded = 'Esto no se descargó en el teléfono. Se va a ver cuando vuelva la señal.';
const banner = 'Sin conexión: lo que hagas se guarda en el teléfono y se envía al volver la señal';

/** Waits until the service worker is active and controls the page (after a reload, for the first visit). */
async function serviceWorkerInControl(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** A course with a module to download (an uploaded video, a question, a practice jugada) and one not downloaded, both open to a new trainee. */
async function course(name: string, videoUrl?: string) {
  const student = await createStudent({ name });
  const { id: courseId } = await createCourse({ enableFor: [student.id] });
  const videoId = videoUrl ? undefined : await uploadVideo(await makeClip('webm', 4), 'clase.webm');
  const downloaded = await createModule({
    courseId,
    name: 'Módulo 1 · Reglas',
    questions: [question],
    enableFor: [student.id],
    ...(videoId ? { videoId } : { videoUrl }),
  });
  await createJugada(downloaded.id, courseId, {
    videoId: await uploadVideo(await makeClip('webm', 3), 'jugada.webm'),
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  const other = await createModule({
    courseId,
    name: 'Módulo 2 · Sin descargar',
    questions: ['¿Qué es el juego pasivo?'],
    enableFor: [student.id],
  });
  return { student, courseId, downloaded, other };
}

/** Signs in with the service worker in control and downloads the module (the YouTube one asks first). */
async function download(page: Page, courseId: string, moduleId: string, student: { email: string; password: string }) {
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await page.goto(`/${courseId}/${moduleId}/modulo`);
  await appRunning(page);
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
}

/** Follows an address inside the running app (as its links do), without loading a new document. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => history.pushState(null, '', to), path);
}

/** Nothing on the page is still loading: no grey boxes, nothing busy. */
async function nothingLoading(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The module's activities and jugadas, opened from its page: each at once. */
async function sectionsAtOnce(page: Page, shot?: string) {
  await page.getByRole('link', { name: 'Actividades' }).click();
  await expect(page.getByRole('textbox', { name: `1. ${question}` })).toBeVisible(AT_ONCE);
  await nothingLoading(page);
  if (shot) await screenshot(page, `${shot}-actividades`);
  await page.getByRole('link', { name: 'Volver al módulo' }).click();
  await page.getByRole('link', { name: 'Jugadas' }).click();
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 1' })).toBeVisible(AT_ONCE);
  await expect(page.getByRole('radio', { name: 'Tiro de 7 metros' })).toBeVisible();
  await nothingLoading(page);
  if (shot) await screenshot(page, `${shot}-jugadas`);
}

/** The words for what the phone does not hold, in place of the page. */
async function saysNotDownloaded(page: Page, timeout?: number) {
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible({ timeout });
  await expect(page.getByText(notDownloaded)).toBeVisible();
  await nothingLoading(page);
}

const unroute = (context: BrowserContext) => context.unroute(/\/api\//);

test('the signal goes while the app is open: the downloaded module’s activities and jugadas open at once, what was not downloaded says so', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { student, courseId, downloaded, other } = await course('Sofía Sin Señal');
  await download(page, courseId, downloaded.id, student);
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByRole('link', { name: 'Módulos', exact: true }).click();
  await expect(page.getByRole('link', { name: /Módulo 1 · Reglas/ })).toContainText('Disponible sin conexión');

  // The signal goes with the app open (the browser says 'offline'): the module, then its sections.
  await context.setOffline(true);
  await page.getByRole('link', { name: /Módulo 1 · Reglas/ }).click();
  await expect(page.getByRole('heading', { name: 'Módulo 1 · Reglas' })).toBeVisible(AT_ONCE);
  await sectionsAtOnce(page, 'sin-senal');

  // The other module was not downloaded: its activities say so, and load by themselves when the signal is back.
  await openInApp(page, `/${courseId}/${other.id}/actividades`);
  await saysNotDownloaded(page, 3_000);
  await screenshot(page, 'sin-senal-no-descargado');
  await context.setOffline(false);
  await expect(page.getByRole('textbox', { name: '1. ¿Qué es el juego pasivo?' })).toBeVisible({ timeout: 15_000 });

  // Opened afresh without signal (the page reloaded): the same.
  await context.setOffline(true);
  await page.goto(`/${courseId}/${downloaded.id}/modulo`);
  await expect(page.getByRole('heading', { name: 'Módulo 1 · Reglas' })).toBeVisible();
  await appRunning(page);
  await sectionsAtOnce(page);
  await page.goto(`/${courseId}/${other.id}/actividades`);
  await saysNotDownloaded(page);
  await context.setOffline(false);
});

test('the browser says online and nothing answers (a wifi without internet): the downloaded sections open at once, the rest says so', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { student, courseId, downloaded, other } = await course('Bruno Wifi del Club');
  await download(page, courseId, downloaded.id, student);
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });

  // From now on the server never answers (its health check neither), and the browser still says online.
  await context.route(/\/api\//, () => undefined);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await sectionsAtOnce(page, 'wifi-sin-internet');

  // Not downloaded: once the app finds nothing answers, the words, not a skeleton.
  await openInApp(page, `/${courseId}/${other.id}/actividades`);
  await saysNotDownloaded(page, 15_000);
  await expect(page.getByText(banner)).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await screenshot(page, 'wifi-sin-internet-no-descargado');

  // Known to be without connection, the next thing not downloaded says so within moments.
  await openInApp(page, `/${courseId}/documentos`);
  await saysNotDownloaded(page, 4_000);

  // The server answers again: the page loads by itself.
  await unroute(context);
  await expect(page.getByText(notDownloaded)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();
});

test('a module with its video on YouTube says what its download keeps and what not, is marked for it, and without signal says its video needs signal', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await fakeYouTube(context);
  const { student, courseId, downloaded } = await course('Lucía YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await download(page, courseId, downloaded.id, student);

  // Before: the video cannot be kept, what can, and the real size of it.
  const note = page.getByTestId('descarga-sin-video');
  await expect(note).toContainText('El video es de YouTube: no se puede descargar.');
  await expect(note).toContainText('Sin conexión vas a poder ver las actividades y las jugadas, no el video.');
  await expect(page.getByText(/^Total: /)).toHaveText(/^Total: \d+(,\d)? (KB|MB)$/);
  await screenshot(page, 'descarga-youtube-antes');
  await page.getByRole('button', { name: 'Empezar la descarga' }).click();

  // After: marked for what it is, wherever the mark appears.
  await expect(page.getByTestId('marca-descarga')).toHaveText('Descargado sin el video', { timeout: 30_000 });
  await expect(page.getByText('Sin conexión vas a poder ver las actividades y las jugadas, no el video.')).toBeVisible();
  await expect(page.getByText('Disponible sin conexión')).toHaveCount(0);
  await screenshot(page, 'descarga-youtube-hecha');
  await page.getByRole('main').getByRole('link', { name: 'Módulos', exact: true }).click();
  await expect(page.getByRole('link', { name: /Módulo 1 · Reglas/ })).toContainText('Descargado sin el video');
  await expect(page.getByText('Disponible sin conexión')).toHaveCount(0);
  await screenshot(page, 'modulos-descargado-sin-video');
  await openInApp(page, '/mi-cuenta/descargas');
  await expect(page.getByRole('main').getByTestId('marca-descarga')).toHaveText('Descargado sin el video');
  await screenshot(page, 'descargas-youtube');

  // Without signal: the video area says the video needs signal, in place of the player; the rest opens.
  await context.setOffline(true);
  await page.goto(`/${courseId}/${downloaded.id}/modulo`);
  await expect(page.getByRole('heading', { name: 'Módulo 1 · Reglas' })).toBeVisible();
  const offlineVideo = page.getByTestId('video-youtube-sin-conexion');
  await expect(offlineVideo).toHaveText('Sin conexión: este video es de YouTube y necesita señal.');
  await expect(page.getByRole('main').locator('iframe')).toHaveCount(0);
  await expect(page.getByText(/El video se puede ver/)).toHaveCount(0);
  await appRunning(page);
  await screenshot(page, 'youtube-sin-senal');
  await sectionsAtOnce(page);

  // The signal is back: the player is there again.
  await page.getByRole('link', { name: 'Volver al módulo' }).click();
  await expect(offlineVideo).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('main').locator('iframe')).toHaveCount(1);
  await expect(offlineVideo).toHaveCount(0);
});

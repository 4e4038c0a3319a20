// A student on a weak signal: messages typed while others travel, a lapsed session, a video
// whose player script cannot load. Nothing typed or answered is lost.
import type { Page, Route } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createJugada, createModule, createStudent, makeClip, screenshot, signIn, uploadVideo } from './helpers.ts';

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Escribí tu mensaje' });
const chatLog = (page: Page) => page.getByRole('log', { name: 'Mensajes del foro' });
const sentMessages = (page: Page) => chatLog(page).getByTestId('mensaje');
const pendingMessages = (page: Page) => chatLog(page).getByTestId('mensaje-pendiente');

/** The module's forum as the server has it, oldest first (asked from the page, with its session). */
async function serverMessages(page: Page, moduleId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/modules/${id}/messages`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
    return messages.map((m) => m.body);
  }, moduleId);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('messages typed while the previous one is sending all reach the forum, in order, each once; a failed one waits with Reintentar', async ({
  page,
}) => {
  const alumna = await createStudent({ name: 'Paula Señal' });
  const course = await createCourse({ enableFor: [alumna.id] });
  const module = await createModule({ courseId: course.id, enableFor: [alumna.id] });
  await signIn(page, alumna);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto(`/${course.id}/${module.id}/preguntas`);
  await expect(chatLog(page)).toContainText('Todavía no hay mensajes');

  // A connection where each post takes 2 s.
  const posted: string[] = [];
  await page.route(`**/api/modules/${module.id}/messages`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posted.push((route.request().postDataJSON() as { body: string }).body);
    await pause(2_000);
    await route.continue();
  });

  const box = messageBox(page);
  const texts = ['Primera: ¿el pasivo se avisa?', 'Segunda: ¿con el brazo?', 'Tercera: ¿y si no tira?'];
  for (const text of texts) {
    await box.fill(text);
    await box.press('Enter');
    // Shown at once, and the box is free for the next one.
    await expect(pendingMessages(page).filter({ hasText: text })).toContainText('Enviando…');
    await expect(box).toHaveValue('');
    await pause(300);
  }
  // Typing the next one while the three travel: a send never erases it.
  await box.fill('Todavía escribiendo');
  await screenshot(page, 'foro-enviando');
  await expect(sentMessages(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(pendingMessages(page)).toHaveCount(0);
  await expect(box).toHaveValue('Todavía escribiendo');
  expect(await serverMessages(page, module.id)).toEqual(texts);
  // Each reached the server once, one after the other.
  expect(posted).toEqual(texts);

  // No signal: the message stays, with Reintentar; the one typed after it waits behind it.
  await page.unroute(`**/api/modules/${module.id}/messages`);
  await page.route(`**/api/modules/${module.id}/messages`, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await box.fill('Cuarta, sin señal');
  await box.press('Enter');
  await box.fill('Quinta, detrás');
  await box.press('Enter');
  const failed = pendingMessages(page).filter({ hasText: 'Cuarta, sin señal' });
  await expect(failed.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 10_000 });
  await expect(failed).toContainText('No se envió');
  await expect(pendingMessages(page).filter({ hasText: 'Quinta, detrás' })).toContainText('En espera');
  await screenshot(page, 'foro-sin-enviar');

  // Kept across a reload (still without signal: it fails again and waits).
  await page.reload();
  await expect(pendingMessages(page)).toHaveCount(2);
  await expect(failed.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 10_000 });
  // The signal is back: 'Reintentar' sends it, and the one behind it follows.
  await page.unroute(`**/api/modules/${module.id}/messages`);
  await failed.getByRole('button', { name: 'Reintentar' }).click();
  await expect(sentMessages(page)).toHaveCount(5, { timeout: 15_000 });
  await expect(pendingMessages(page)).toHaveCount(0);
  expect(await serverMessages(page, module.id)).toEqual([...texts, 'Cuarta, sin señal', 'Quinta, detrás']);
});

test('a lapsed session says so and, after signing in, brings the student back to the same page with what they typed', async ({ page }) => {
  const alumno = await createStudent({ name: 'Tomás Vencido' });
  const course = await createCourse({ enableFor: [alumno.id] });
  const module = await createModule({ courseId: course.id, questions: ['¿Qué es el área de portería?'], enableFor: [alumno.id] });
  await signIn(page, alumno);
  await expect(page).toHaveURL(/\/inicio$/);
  const activitiesPath = `/${course.id}/${module.id}/actividades`;
  await page.goto(activitiesPath);
  const answer = page.getByRole('textbox', { name: '1. ¿Qué es el área de portería?' });
  await answer.fill('La zona de 6 metros');
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado');

  // The session ends on the server's side (here: its cookie is gone); the next thing typed is what the server refuses.
  await page.context().clearCookies();
  await answer.fill('La zona de 6 metros donde sólo entra el arquero');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveText('Tu sesión venció. Ingresá de nuevo.');
  await screenshot(page, 'sesion-vencida');

  await page.getByRole('textbox', { name: 'Email' }).fill(alumno.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(alumno.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(new RegExp(`${activitiesPath}$`));
  await expect(answer).toHaveValue('La zona de 6 metros donde sólo entra el arquero');
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado');

  // A deliberate sign-out says nothing of the kind, and the next sign-in goes home.
  await page.getByRole('button', { name: /menú/i }).first().click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signIn(page, alumno);
  await expect(page).toHaveURL(/\/inicio$/);
});

test('a reload with a session the server no longer accepts says it lapsed, and signing in comes back to the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const alumno = await createStudent({ name: 'Lucía Recarga' });
  const course = await createCourse({ enableFor: [alumno.id] });
  await signIn(page, alumno);
  await expect(page).toHaveURL(/\/inicio$/);
  const modulesPath = `/${course.id}/modulos`;
  await page.goto(modulesPath);
  await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
  // Her password changed on another device: this phone's session ends there, its cookie stays here.
  const other = await page.context().browser()!.newContext({ baseURL: e2eEnv().baseURL });
  const response = await other.request.post('/api/auth/login', {
    headers: { origin: e2eEnv().baseURL },
    data: { email: alumno.email, password: alumno.password },
  });
  expect(response.status()).toBe(200);
  const changed = await other.request.put('/api/me/password', {
    headers: { origin: e2eEnv().baseURL },
    data: { currentPassword: alumno.password, newPassword: 'clave-nueva-segura' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await other.close();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveText('Tu sesión venció. Ingresá de nuevo.');
  await screenshot(page, 'sesion-vencida-al-recargar');
  await page.getByRole('textbox', { name: 'Email' }).fill(alumno.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave-nueva-segura');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(new RegExp(`${modulesPath}$`));
  await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
});

test('another person signing in on the same phone after a lapse goes to their own home page', async ({ page }) => {
  const first = await createStudent({ name: 'Primera Persona' });
  const second = await createStudent({ name: 'Segunda Persona' });
  const course = await createCourse({ enableFor: [first.id] });
  await signIn(page, first);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
  await page.context().clearCookies();
  await page.goto(`/${course.id}/documentos`);
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, second);
  await expect(page).toHaveURL(/\/inicio$/);
});

test("when YouTube's player script cannot load, the module's video stays and the page says its watching is not recorded", async ({
  page,
}) => {
  const alumna = await createStudent({ name: 'Lucía Filtro' });
  const course = await createCourse({ enableFor: [alumna.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Módulo en YouTube filtrado',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    enableFor: [alumna.id],
  });
  // A school filter: the API script is refused; the player frame itself loads.
  await page.route('https://www.youtube.com/iframe_api', (route) => route.abort('blockedbyclient'));
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="es"><title>YouTube</title><body style="background:#111;color:#eee">Reproductor</body></html>',
    }),
  );
  await signIn(page, alumna);
  await expect(page).toHaveURL(/\/inicio$/);
  const note = page.getByText('El video se puede ver, pero no se está registrando cuánto viste');
  const frame = page.getByRole('main').locator('iframe');

  // Opened from the address bar (the server draws the video in the document) …
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await expect(note).toBeVisible();
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  await expect(page.getByText('No se pudo cargar el video de YouTube')).toHaveCount(0);
  await screenshot(page, 'modulo-youtube-sin-api');

  // … and reached inside the app (the player makes the frame itself).
  await page.getByRole('main').getByRole('link', { name: 'Módulos', exact: true }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /Módulo en YouTube filtrado/ })
    .click();
  await expect(note).toBeVisible();
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  await expect(frame).toHaveAttribute('title', 'Video: Módulo en YouTube filtrado');
});

test('a jugada with a moment asks for it before the answer is sent; a clip that never played does not cost the attempt', async ({
  page,
}) => {
  const alumno = await createStudent({ name: 'Bruno Apurado' });
  const course = await createCourse({ enableFor: [alumno.id] });
  const module = await createModule({ courseId: course.id, enableFor: [alumno.id] });
  const videoId = await uploadVideo(await makeClip('webm', 5));
  await createJugada(module.id, course.id, {
    videoId,
    moment: 2,
    tolerance: 5,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  await signIn(page, alumno);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto(`/${course.id}/${module.id}/jugadas`);
  await page.getByRole('radio', { name: 'Tiro de 7 metros' }).check();
  await page.getByRole('radio', { name: 'Exclusión de 2 minutos' }).check();
  const respond = page.getByRole('button', { name: 'Responder' });
  const markButton = page.getByRole('button', { name: 'Marcar el momento' });
  const answers: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/answer')) answers.push(request.url());
  });

  // The clip never played: nothing is sent.
  await respond.click();
  await expect(page.getByRole('alert')).toHaveText('Mirá la jugada antes de responder.');
  await expect(markButton).toBeFocused();

  // It played, but the moment is not marked: asked for first, still nothing sent.
  await page.getByRole('button', { name: 'Volver a ver' }).click();
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await respond.click();
  await expect(page.getByRole('alert')).toHaveText('Marcá el momento de la infracción');
  await expect(markButton).toBeFocused();
  await screenshot(page, 'jugada-marca-el-momento');
  expect(answers).toEqual([]);

  // Marked: the answer goes, and this first attempt is the one that counts.
  await markButton.click();
  await expect(page.getByTestId('momento-marcado')).toHaveText(/^Marcaste/);
  await respond.click();
  await expect(page.getByTestId('resultado-jugada')).toContainText('Correcto');
  await expect(page.getByText('Jugadas: 1 de 1 correcta')).toBeVisible();
  expect(answers).toHaveLength(1);
});

/** A large photo (as a phone takes them), made by Debian's ffmpeg: optimizing it takes a while. */
async function largePhoto(): Promise<Buffer> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, readFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = await mkdtemp(path.join(tmpdir(), 'foto-'));
  const file = path.join(dir, 'foto.jpg');
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        'ffmpeg',
        ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=4000x3000:duration=1', '-frames:v', '1', '-q:v', '2', '-y', file],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("'Crear curso' tapped while the picture is still being optimized waits for it, with the button busy", async ({ page }) => {
  test.setTimeout(90_000);
  const { e2eEnv } = await import('./env.ts');
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/create-course');
  const name = `Curso con foto pesada ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Nombre del curso' }).fill(name);
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Un curso creado mientras la imagen se optimiza.');
  // A phone's slower processor: the optimization takes seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await largePhoto() });
  await expect(page.getByText('Optimizando imagen…')).toBeVisible();
  const create = page.getByRole('button', { name: 'Crear curso' });
  await create.click();
  await expect(create).toHaveAttribute('data-loading', 'true');
  await expect(page.getByRole('dialog')).toContainText('El curso se creó con éxito', { timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('dialog')).not.toContainText('Verificar que esté todo completo');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(name)).toBeVisible();
});

// A trainee without signal on a phone: what they answer and write waits in the phone's line of
// writes (IndexedDB), survives closing the page, and reaches the server once, in order, when the
// signal is back; what the server refuses meanwhile is shown with their text kept.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminApi, createCourse, createModule, createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

const questions = ['¿Cuántos jugadores de campo hay por equipo?', '¿Qué indica el brazo en alto del árbitro?'];
const answers = ['Seis jugadores de campo y un arquero, escrito sin señal.', 'Aviso de juego pasivo, también sin señal.'];

const answerBox = (page: Page, index: number) => page.getByRole('textbox', { name: `${index + 1}. ${questions[index]}` });
const pendingLine = (page: Page) => page.getByTestId('cambios-pendientes');
const refusals = (page: Page) => page.getByTestId('cambio-rechazado');

async function setUp(name: string) {
  const student = await createStudent({ name });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, questions, enableFor: [student.id] });
  return { student, course, module };
}

/** Opens the module's activity (with signal), then the signal goes; answers both questions and taps 'Enviar'. */
async function answerWithoutSignal(page: Page, courseId: string, moduleId: string) {
  await page.goto(`/${courseId}/${moduleId}/actividades`);
  await expect(answerBox(page, 0)).toBeEditable();
  await page.context().setOffline(true);
  await answerBox(page, 0).fill(answers[0]!);
  await answerBox(page, 1).fill(answers[1]!);
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado en el teléfono');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Guardado en el teléfono: se envía al volver la señal');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

/** The student's activity as the admin sees it. */
async function activityAsAdmin(userId: string, moduleId: string) {
  const response = await adminApi('GET', `/api/users/${userId}/modules/${moduleId}/activity`, undefined, 200);
  return ((await response.json()) as { activity: { submitted: boolean; items: Array<{ answer: string | null }> } }).activity;
}

async function forumAsAdmin(moduleId: string) {
  const response = await adminApi('GET', `/api/modules/${moduleId}/messages`, undefined, 200);
  return ((await response.json()) as { messages: Array<{ body: string }> }).messages.map((m) => m.body);
}

test('answers and a forum message made without signal survive closing the page and reach the server once', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { student, course, module } = await setUp('Rocío Sin Señal');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  // A second tab on the module's forum, opened with signal.
  const forum = await context.newPage();
  await forum.goto(`/${course.id}/${module.id}/preguntas`);
  await expect(forum.getByRole('log', { name: 'Mensajes del foro' })).toContainText('Todavía no hay mensajes');

  await answerWithoutSignal(page, course.id, module.id);
  const message = '¿El pasivo se avisa siempre con el brazo? (escrito en el colectivo)';
  await forum.getByRole('textbox', { name: 'Escribí tu mensaje' }).fill(message);
  await forum.getByRole('textbox', { name: 'Escribí tu mensaje' }).press('Enter');
  await expect(forum.getByTestId('mensaje-pendiente').filter({ hasText: message })).toBeVisible();

  // The frame counts what waits: the submission (which carries the drafts) and the message.
  await expect(pendingLine(page)).toContainText('2 cambios esperando señal');
  await screenshot(page, 'cola-cambios-esperando');
  // Nothing reached the server.
  expect((await activityAsAdmin(student.id, module.id)).submitted).toBe(false);
  expect(await forumAsAdmin(module.id)).toEqual([]);

  // Both pages are closed without signal; later a new one opens with signal.
  await page.close();
  await forum.close();
  await context.setOffline(false);
  const later = await context.newPage();
  await later.goto('/inicio');
  await expect(later.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await activityAsAdmin(student.id, module.id)).submitted, { timeout: 20_000 }).toBe(true);
  await expect.poll(() => forumAsAdmin(module.id), { timeout: 20_000 }).toEqual([message]);
  expect((await activityAsAdmin(student.id, module.id)).items.map((item) => item.answer)).toEqual(answers);
  await expect(pendingLine(later)).toBeHidden();

  // Opening the app again sends nothing more: each write reached the server once.
  await later.reload();
  await expect(later.getByRole('heading', { level: 1 })).toBeVisible();
  await later.waitForTimeout(1_000);
  expect(await forumAsAdmin(module.id)).toEqual([message]);
  await later.goto(`/${course.id}/${module.id}/actividades`);
  await expect(later.getByRole('alert').filter({ hasText: 'Respuestas enviadas' })).toBeVisible();
});

test('a write refused after reconnecting (the module was blocked meanwhile) is shown with the text kept', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { student, course, module } = await setUp('Bruno Bloqueado');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await answerWithoutSignal(page, course.id, module.id);
  await expect(pendingLine(page)).toContainText('1 cambio esperando señal');

  // While the phone is without signal, the instructor blocks the module.
  await adminApi('PUT', `/api/users/${student.id}/modules/${module.id}/access`, { enabled: false }, 204);
  await context.setOffline(false);

  const refused = refusals(page);
  await expect(refused).toHaveCount(1, { timeout: 20_000 });
  await expect(refused).toContainText(`No se pudieron enviar tus respuestas del módulo «${module.name}»`);
  for (const answer of answers) await expect(refused).toContainText(answer);
  await expect(pendingLine(page).getByText('esperando señal')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'cola-cambio-rechazado');

  // Kept across a reload until dismissed; 'Copiar texto' copies the trainee's own words.
  await page.goto('/inicio');
  await expect(refusals(page)).toHaveCount(1);
  await refusals(page).getByRole('button', { name: 'Copiar texto' }).click();
  await expect(refusals(page).getByRole('button', { name: 'Texto copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(answers[0]);
  await refusals(page).getByRole('button', { name: 'Descartar' }).click();
  await expect(refusals(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(refusals(page)).toHaveCount(0);
  // Nothing reached the server.
  expect((await activityAsAdmin(student.id, module.id)).submitted).toBe(false);
});

test('with the browser online but the server out of reach, the app says it has no connection, keeps what is typed, and sends it once the server answers', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { student, course, module } = await setUp('Lucía Wifi Sin Salida');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await expect(answerBox(page, 0)).toBeEditable();

  // A hall's wifi that reaches nowhere: the browser says it is online, and no request gets an answer.
  const held: Route[] = [];
  await context.route('**/api/**', (route) => void held.push(route));
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await answerBox(page, 0).fill(answers[0]!);
  const banner = page.getByRole('status').filter({ hasText: 'Sin conexión: lo que hagas se guarda en el teléfono' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado en el teléfono');
  await answerBox(page, 1).fill(answers[1]!);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Guardado en el teléfono: se envía al volver la señal');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(pendingLine(page)).toContainText('esperando señal');
  expect((await activityAsAdmin(student.id, module.id)).submitted).toBe(false);

  // The network reaches the server again: the requests that were hanging are lost, the app finds
  // the server by itself, the banner goes and what waited reaches the server once.
  await context.unroute('**/api/**');
  for (const route of held.splice(0)) await route.abort('timedout').catch(() => undefined);
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await activityAsAdmin(student.id, module.id)).submitted, { timeout: 20_000 }).toBe(true);
  expect((await activityAsAdmin(student.id, module.id)).items.map((item) => item.answer)).toEqual(answers);
  await expect(pendingLine(page)).toBeHidden();
});

import type { Locator, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminPage,
  createCourse,
  createModule,
  createStudent,
  screenshot,
  signInThroughApi,
  type TestUser,
  waitForEmail,
} from './helpers.ts';

const questions = [
  '¿Cuántos jugadores de campo tiene cada equipo en cancha?',
  '¿Cuándo se sanciona un golpe franco de 7 metros?',
  '¿Qué gesto hace el árbitro para indicar juego pasivo?',
];

const unansweredText = 'Para enviar tenés que contestar todas las preguntas';
const answersSavedText = 'Tus respuestas fueron guardadas';
const correctionSavedText = 'Se envió la corrección';
const staleText =
  'Otro administrador guardó una corrección de esta actividad mientras la revisabas. Recargá la página para ver la versión actual.';

/** A student with a course and a module of `questions` enabled. */
async function setUp(name: string, moduleName: string) {
  const student = await createStudent({ name });
  const course = await createCourse({ name: `Reglamento ${moduleName}`, enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: moduleName, questions, enableFor: [student.id] });
  return { student, course, module };
}

const answerBox = (page: Page, index: number) => page.getByRole('textbox', { name: `${index + 1}. ${questions[index]}` });
const saveState = (page: Page) => page.getByTestId('estado-guardado');
const dialog = (page: Page) => page.getByRole('dialog');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Enviar', exact: true });

/** Forgets the drafts this browser keeps, so a reload shows only what the server has. */
async function forgetLocalDrafts(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('aula:borradores:')) localStorage.removeItem(key);
  });
}

async function closeDialog(page: Page, text: string, button: string) {
  await expect(dialog(page)).toContainText(text);
  await dialog(page).getByRole('button', { name: button }).click();
  await expect(dialog(page)).toBeHidden();
}

/** The student's module card on /{courseId}/modulos. */
async function expectModuleState(page: Page, courseId: string, moduleName: string, state: string) {
  await page.goto(`/${courseId}/modulos`);
  await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(moduleName) })).toContainText(state);
}

/** Whether an element shows all of its text (no ellipsis) on a 360 px wide phone. */
async function expectWholeOnPhone(page: Page, ...locators: Locator[]) {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 360, height: original.height });
  for (const locator of locators) {
    await expect
      .poll(() => locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width >= 14))
      .toBe(true);
  }
  await page.setViewportSize(original);
}

/** On the review page: a decision for question `index` (0-based) and, if given, feedback. */
async function decide(page: Page, index: number, decision: 'Correcta' | 'Incorrecta', feedback?: string) {
  await page
    .getByRole('radiogroup', { name: `Corrección de la pregunta ${index + 1}` })
    .getByText(decision, { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: decision, exact: true }).nth(index)).toBeChecked();
  if (feedback !== undefined) await page.getByRole('textbox', { name: `Devolución para la pregunta ${index + 1}` }).fill(feedback);
}

/** From the admin home or any admin page: 'Por corregir', then the student's submission. */
async function openSubmission(page: Page, student: TestUser, courseName: string, moduleName: string) {
  await page.goto('/admin/home');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Por corregir Actividades/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/review$/);
  await expect(page.getByRole('heading', { name: 'Por corregir' })).toBeVisible();
  const entry = page.getByRole('main').getByRole('link').filter({ hasText: student.name }).filter({ hasText: moduleName });
  await expect(entry).toContainText(student.name);
  await expect(entry).toContainText(`${courseName} · ${moduleName}`);
  await expect(entry).toContainText(/Enviada el /);
  return entry;
}

test('a student answers, submits, gets a correction by email, fixes it and is approved', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const moduleName = `Reglas de juego ${Date.now().toString(36)}`;
  const { student, course, module } = await setUp('Lucía Fernández', moduleName);

  // The student reaches Actividades from the module page.
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('link', { name: new RegExp(moduleName) })).toContainText('Sin responder');
  await page.getByRole('link', { name: new RegExp(moduleName) }).click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/${module.id}/modulo$`));
  await page.getByRole('link', { name: 'Actividades' }).click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/${module.id}/actividades$`));
  await expect(page.getByRole('heading', { name: 'Actividades' })).toBeVisible();
  await expect(page.getByText(moduleName, { exact: true })).toBeVisible();
  for (const index of [0, 1, 2]) await expect(answerBox(page, index)).toBeEditable();
  await expect(answerBox(page, 0)).toHaveValue('');
  await screenshot(page, 'actividades-vacia');

  // Two answers and one left empty: 'Enviar' refuses.
  await answerBox(page, 0).fill('Seis jugadores de campo y un arquero.');
  await answerBox(page, 1).fill('Cuando se impide una clara ocasión de gol.');
  await sendButton(page).click();
  await expect(dialog(page)).toContainText(unansweredText);
  await screenshot(page, 'actividades-sin-responder-dialogo');
  await dialog(page).getByRole('button', { name: 'Reintentar' }).click();
  await expect(dialog(page)).toBeHidden();

  // The drafts are saved on the server: a reload (without this browser's copy) keeps them.
  await expect(saveState(page)).toHaveText('Guardado');
  await forgetLocalDrafts(page);
  await page.reload();
  await expect(answerBox(page, 0)).toHaveValue('Seis jugadores de campo y un arquero.');
  await expect(answerBox(page, 1)).toHaveValue('Cuando se impide una clara ocasión de gol.');
  await expect(answerBox(page, 2)).toHaveValue('');

  // The third answer, then 'Enviar': everything becomes read-only until corrected.
  await answerBox(page, 2).fill('Levanta el brazo con la mano abierta.');
  await sendButton(page).click();
  await closeDialog(page, answersSavedText, 'Ok');
  await expect(sendButton(page)).toBeDisabled();
  for (const index of [0, 1, 2]) await expect(answerBox(page, index)).not.toBeEditable();
  await expect(page.getByRole('alert').filter({ hasText: 'Respuestas enviadas' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Enviado', { exact: true })).toBeVisible();
  await screenshot(page, 'actividades-enviada');
  await page.reload();
  await expect(answerBox(page, 2)).toHaveValue('Levanta el brazo con la mano abierta.');
  await expect(sendButton(page)).toBeDisabled();
  await expectModuleState(page, course.id, moduleName, 'Enviado');

  // The admin finds it in 'Por corregir' and marks question 2 incorrect.
  const admin = await adminPage(browser);
  const entry = await openSubmission(admin, student, course.name, moduleName);
  await screenshot(admin, 'revision-cola');
  await entry.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}$`));
  await expect(admin.getByRole('heading', { name: 'Corregir actividad' })).toBeVisible();
  await expect(admin.getByText(`${student.name} (${student.email}) · ${moduleName}`, { exact: false })).toBeVisible();
  await expect(admin.getByText('Cuando se impide una clara ocasión de gol.')).toBeVisible();
  const feedback = 'Falta mencionar las infracciones antirreglamentarias que destruyen una ocasión de gol.';
  await decide(admin, 0, 'Correcta');
  await decide(admin, 1, 'Incorrecta', feedback);
  await decide(admin, 2, 'Correcta');
  await screenshot(admin, 'revision-actividad');
  await admin.getByRole('button', { name: 'Guardar corrección' }).click();
  await closeDialog(admin, correctionSavedText, 'Ok');
  await expect(admin.getByRole('button', { name: 'Guardar corrección' })).toHaveCount(0);

  // The email names the module and links to the activities page.
  const seen = new Set<string>();
  const mail = await waitForEmail(student.email);
  seen.add(mail.file);
  expect(mail.subject).toBe(`Tu actividad de "${moduleName}" fue corregida`);
  expect(mail.body).toContain(`Hola ${student.name}`);
  const link = `${e2eEnv().baseURL}/${course.id}/${module.id}/actividades`;
  expect(mail.body).toContain(link);

  // Following the link: the feedback on question 2, which is editable again; 1 and 3 are final.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Actividades' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Tenés respuestas para revisar' })).toBeVisible();
  const feedbackAlert = page.getByRole('alert').filter({ hasText: 'Devolución del instructor' });
  await expect(feedbackAlert).toContainText(feedback);
  await expect(answerBox(page, 1)).toBeEditable();
  await expect(answerBox(page, 0)).not.toBeEditable();
  await expect(answerBox(page, 2)).not.toBeEditable();
  const paper = (index: number) =>
    page
      .getByRole('main')
      .locator('.mantine-Paper-root')
      .filter({ has: answerBox(page, index) });
  await expect(paper(0)).toContainText('Correcta');
  await expect(paper(2)).toContainText('Correcta');
  await expect(paper(1)).toContainText('Para corregir');
  await expect(paper(1)).toContainText(feedback);
  await expect(sendButton(page)).toBeEnabled();
  await expectWholeOnPhone(page, paper(0).getByText('Correcta', { exact: true }), paper(1).getByText('Para corregir', { exact: true }));
  await screenshot(page, 'actividades-con-correcciones');
  await expectModuleState(page, course.id, moduleName, 'Con correcciones');

  // The student fixes question 2 and sends again.
  await page.getByRole('link', { name: new RegExp(moduleName) }).click();
  await expect(page.getByRole('main').getByText('Con correcciones', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Actividades' }).click();
  await answerBox(page, 1).fill('Cuando se destruye una clara ocasión de gol con una infracción antirreglamentaria.');
  await sendButton(page).click();
  await closeDialog(page, answersSavedText, 'Ok');
  await expect(sendButton(page)).toBeDisabled();

  // The admin marks it correct.
  const again = await openSubmission(admin, student, course.name, moduleName);
  await again.click();
  await expect(admin.getByText('Cuando se destruye una clara ocasión de gol con una infracción antirreglamentaria.')).toBeVisible();
  // The earlier decisions are kept: 1 and 3 stay correct.
  await expect(admin.getByRole('radio', { name: 'Correcta', exact: true }).nth(0)).toBeChecked();
  await expect(admin.getByRole('radio', { name: 'Correcta', exact: true }).nth(2)).toBeChecked();
  await decide(admin, 1, 'Correcta', '');
  await admin.getByRole('button', { name: 'Guardar corrección' }).click();
  await closeDialog(admin, correctionSavedText, 'Ok');
  await expect(admin.getByText('Esta actividad ya está aprobada.')).toBeVisible();
  const second = await waitForEmail(student.email, { seen });
  expect(second.body).toContain(link);

  // Approved: everything read-only, nothing to send.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: '¡Aprobado!' })).toBeVisible();
  for (const index of [0, 1, 2]) await expect(answerBox(page, index)).not.toBeEditable();
  await expect(sendButton(page)).toBeDisabled();
  await expect(page.getByRole('main').getByText('Aprobado', { exact: true })).toBeVisible();
  await screenshot(page, 'actividades-aprobado');
  await expectModuleState(page, course.id, moduleName, 'Aprobado');
  await admin.context().close();
});

test('typing while offline shows Sin conexión and the answer reaches the server once back online', async ({ page, context }) => {
  const moduleName = `Sanciones progresivas ${Date.now().toString(36)}`;
  const { student, course, module } = await setUp('Tomás Aguirre', moduleName);
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await expect(answerBox(page, 0)).toBeEditable();
  // Nothing typed yet: nothing to report.
  await expect(saveState(page)).toHaveText('');

  await context.setOffline(true);
  await answerBox(page, 0).fill('Seis jugadores de campo, escrito sin conexión.');
  await expect(saveState(page)).toContainText('Sin conexión');
  // Still offline: more typing keeps the same state and the same text.
  await answerBox(page, 1).fill('Una segunda respuesta, también sin conexión.');
  await expect(saveState(page)).toContainText('Sin conexión');
  await expectWholeOnPhone(page, saveState(page).locator('svg'));
  await screenshot(page, 'actividades-sin-conexion');

  await context.setOffline(false);
  await expect(saveState(page)).toHaveText('Guardado', { timeout: 15_000 });
  await forgetLocalDrafts(page);
  await page.reload();
  await expect(answerBox(page, 0)).toHaveValue('Seis jugadores de campo, escrito sin conexión.');
  await expect(answerBox(page, 1)).toHaveValue('Una segunda respuesta, también sin conexión.');
});

test('two admins correct the same submission: the second one gets the conflict message', async ({ page, browser }) => {
  test.slow(); // a student and two admin tabs, each signing in and loading its pages
  const moduleName = `Arbitraje en pareja ${Date.now().toString(36)}`;
  const { student, course, module } = await setUp('Valentina Sosa', moduleName);
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  for (const index of [0, 1, 2]) await answerBox(page, index).fill(`Respuesta ${index + 1} de Valentina.`);
  await sendButton(page).click();
  await closeDialog(page, answersSavedText, 'Ok');

  const first = await adminPage(browser);
  const second = await first.context().newPage();
  const reviewUrl = `/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}`;
  for (const admin of [first, second]) {
    await admin.goto(reviewUrl);
    await expect(admin.getByRole('button', { name: 'Guardar corrección' })).toBeVisible();
  }

  for (const index of [0, 1, 2]) await decide(first, index, 'Correcta');
  await first.getByRole('button', { name: 'Guardar corrección' }).click();
  await closeDialog(first, correctionSavedText, 'Ok');

  await decide(second, 0, 'Correcta');
  await decide(second, 1, 'Incorrecta', 'Revisá la regla 8.');
  await decide(second, 2, 'Correcta');
  await second.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(dialog(second)).toContainText(staleText);
  await screenshot(second, 'revision-conflicto');
  await dialog(second).getByRole('button', { name: 'Reintentar' }).click();
  await expect(dialog(second)).toBeHidden();
  // Closing the message reloads the activity: the first correction stands.
  await expect(second.getByText('Esta actividad ya está aprobada.')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Guardar corrección' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: '¡Aprobado!' })).toBeVisible();
  await first.context().close();
});

import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { correctAsAdmin, createCourse, createModule, createStudent, screenshot, signInThroughApi } from './helpers.ts';

// What the activity page shows must match the activity's state: after a resubmission, after
// another tab sent it, before anything was typed.

const questions = ['¿Cuántos árbitros dirigen un partido?', '¿Cuánto dura un partido de adultos?'];
const answerBox = (page: Page, index: number) => page.getByRole('textbox', { name: `${index + 1}. ${questions[index]}` });
const saveState = (page: Page) => page.getByTestId('estado-guardado');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Enviar', exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const itemCard = (page: Page, index: number) =>
  page
    .getByRole('main')
    .locator('.mantine-Paper-root')
    .filter({ has: answerBox(page, index) });

async function setUp(name: string) {
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name });
  const course = await createCourse({ name: `Curso estados ${suffix}`, enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: `Módulo estados ${suffix}`, questions, enableFor: [student.id] });
  return { student, course, module, url: `/${course.id}/${module.id}/actividades` };
}

async function send(page: Page) {
  await sendButton(page).click();
  await expect(dialog(page)).toContainText('Tus respuestas fueron guardadas');
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(dialog(page)).toBeHidden();
}

test('after a resubmission the earlier feedback is history, not current; Guardado only after typing', async ({ page, browser }) => {
  const feedback = 'Son dos tiempos de treinta minutos.';
  const { student, course, module, url } = await setUp('Estados Claros');
  await signInThroughApi(page, student);
  await page.goto(url);
  await expect(answerBox(page, 0)).toBeEditable();
  // Nothing typed: no 'Guardado' yet.
  await expect(saveState(page)).toHaveText('');
  await answerBox(page, 0).fill('Dos árbitros.');
  await expect(saveState(page)).toHaveText('Guardado');
  await answerBox(page, 1).fill('Cuarenta minutos.');
  await send(page);

  await correctAsAdmin(student.id, module.id, [true, false], feedback);
  await page.reload();
  await expect(itemCard(page, 1)).toContainText('Para corregir');
  await expect(page.getByRole('alert').filter({ hasText: 'Devolución del instructor' })).toContainText(feedback);
  await expect(saveState(page)).toHaveText('');

  await answerBox(page, 1).fill('Sesenta minutos: dos tiempos de treinta.');
  await send(page);
  // Awaiting correction again: no 'Para corregir', the old feedback only as history of the earlier answer.
  await expect(page.getByRole('alert').filter({ hasText: 'Respuestas enviadas' })).toBeVisible();
  await expect(page.getByText('Para corregir', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Devolución del instructor' })).toHaveCount(0);
  await expect(itemCard(page, 1).getByTestId('devolucion-anterior')).toContainText(
    `Devolución anterior, sobre tu respuesta previa: ${feedback}`,
  );
  await expect(itemCard(page, 0)).toContainText('Correcta');
  await screenshot(page, 'actividades-reenviada');

  // The admin sees the new answer undecided, with the earlier correction as history.
  const adminContext = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, e2eEnv().admin);
  await admin.goto(`/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}`);
  await expect(admin.getByText('Sesenta minutos: dos tiempos de treinta.')).toBeVisible();
  const second = admin.getByRole('radiogroup', { name: 'Corrección de la pregunta 2' });
  await expect(second.getByRole('radio', { name: 'Correcta', exact: true })).not.toBeChecked();
  await expect(second.getByRole('radio', { name: 'Incorrecta', exact: true })).not.toBeChecked();
  await expect(admin.getByTestId('devolucion-anterior')).toContainText(`Corrección anterior: incorrecta. Devolución: ${feedback}`);
  await expect(admin.getByRole('textbox', { name: 'Devolución para la pregunta 2' })).toHaveValue('');
  await expect(
    admin.getByRole('radiogroup', { name: 'Corrección de la pregunta 1' }).getByRole('radio', { name: 'Correcta', exact: true }),
  ).toBeChecked();
  await screenshot(admin, 'revision-reenviada');
  await adminContext.close();
});

test('a second tab of the same activity recovers from a conflict by loading the current activity', async ({ page, context }) => {
  const { student, url } = await setUp('Dos Pestañas');
  await signInThroughApi(page, student);
  await page.goto(url);
  const other = await context.newPage();
  await other.goto(url);
  await expect(answerBox(other, 0)).toBeEditable();

  // The first tab sends.
  await answerBox(page, 0).fill('Dos árbitros, desde la primera pestaña.');
  await answerBox(page, 1).fill('Sesenta minutos, desde la primera pestaña.');
  await send(page);

  // The second tab still shows the activity open; typing there gets a clear notice and the current activity.
  await answerBox(other, 0).fill('Otra respuesta escrita en la segunda pestaña.');
  const notice = other.getByRole('alert').filter({ hasText: 'La actividad cambió' });
  await expect(notice).toContainText('Esta actividad cambió en otra pestaña o en otro dispositivo');
  await expect(other.getByRole('alert').filter({ hasText: 'Respuestas enviadas' })).toBeVisible();
  await expect(answerBox(other, 0)).toHaveValue('Dos árbitros, desde la primera pestaña.');
  await expect(answerBox(other, 0)).not.toBeEditable();
  await expect(sendButton(other)).toBeDisabled();
  await screenshot(other, 'actividades-otra-pestana');
  await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(notice).toHaveCount(0);
});

test('Enviar in a tab left behind explains and shows the activity as sent', async ({ page, context }) => {
  const { student, url } = await setUp('Pestaña Atrasada');
  await signInThroughApi(page, student);
  await page.goto(url);
  const other = await context.newPage();
  await other.goto(url);
  await expect(answerBox(other, 0)).toBeEditable();

  await answerBox(page, 0).fill('Dos árbitros.');
  await answerBox(page, 1).fill('Sesenta minutos.');
  await send(page);

  // Different answers, sent at once from the tab that did not see the first send.
  await answerBox(other, 0).fill('Tres árbitros.');
  await answerBox(other, 1).fill('Setenta minutos.');
  await sendButton(other).click();
  await expect(dialog(other)).toContainText('Esta actividad cambió en otra pestaña o en otro dispositivo');
  await dialog(other).getByRole('button', { name: 'Ok' }).click();
  await expect(dialog(other)).toBeHidden();
  await expect(other.getByRole('alert').filter({ hasText: 'Respuestas enviadas' })).toBeVisible();
  await expect(answerBox(other, 0)).toHaveValue('Dos árbitros.');
  await expect(answerBox(other, 1)).toHaveValue('Sesenta minutos.');
});

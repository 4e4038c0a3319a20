// 'Modificar corrección': the admin changes a saved correction, sees its history, and the
// student is emailed and sees the new feedback.
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, screenshot, signInThroughApi, waitForEmail } from './helpers.ts';

const questions = ['¿Qué gesto indica juego pasivo?', '¿Cuánto dura una exclusión?'];
const answerBox = (page: Page, index: number) => page.getByRole('textbox', { name: `${index + 1}. ${questions[index]}` });

async function decide(page: Page, index: number, decision: 'Correcta' | 'Incorrecta', feedback?: string) {
  await page
    .getByRole('radiogroup', { name: `Corrección de la pregunta ${index + 1}` })
    .getByText(decision, { exact: true })
    .click();
  if (feedback !== undefined) await page.getByRole('textbox', { name: `Devolución para la pregunta ${index + 1}` }).fill(feedback);
}

async function closeDialog(page: Page, text: string) {
  await expect(page.getByRole('dialog')).toContainText(text);
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('the admin changes a saved correction; the history shows both and the student sees the new feedback', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const moduleName = `Sanciones ${Date.now().toString(36)}`;
  const student = await createStudent({ name: 'Martina Gómez' });
  const course = await createCourse({ name: `Curso ${moduleName}`, enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: moduleName, questions, enableFor: [student.id] });

  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await answerBox(page, 0).fill('Brazo levantado.');
  await answerBox(page, 1).fill('Dos minutos.');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await closeDialog(page, 'Tus respuestas fueron guardadas');

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const admin = await context.newPage();
  await signInThroughApi(admin, e2eEnv().admin);
  await admin.goto(`/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}`);
  await decide(admin, 0, 'Incorrecta', 'Falta el antebrazo.');
  await decide(admin, 1, 'Correcta');
  await admin.getByRole('button', { name: 'Guardar corrección' }).click();
  await closeDialog(admin, 'Se envió la corrección');
  const firstMail = await waitForEmail(student.email);
  expect(firstMail.subject).toContain('fue corregida');

  // The correction is saved: the page offers to change it.
  await expect(admin.getByRole('button', { name: 'Guardar corrección' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Modificar corrección' }).click();
  await expect(admin.getByText('Modificando la corrección')).toBeVisible();
  await decide(admin, 0, 'Correcta', '');
  await decide(admin, 1, 'Incorrecta', 'Son dos minutos, pero explicá cuándo se aplica.');
  await screenshot(admin, 'revision-modificar-correccion');
  await admin.getByRole('button', { name: 'Guardar corrección' }).click();
  await closeDialog(admin, 'Se guardó la corrección modificada');

  const history = admin.getByRole('region', { name: 'Historial de correcciones' });
  await expect(history.getByText('Modificación')).toBeVisible();
  await expect(history.getByText('Corrección', { exact: true })).toBeVisible();
  await expect(history).toContainText('Falta el antebrazo.');
  await expect(history).toContainText('Son dos minutos, pero explicá cuándo se aplica.');
  await expect(history).toContainText('Administrador');
  await screenshot(admin, 'revision-historial');

  const mail = await waitForEmail(student.email, { seen: new Set([firstMail.file]) });
  expect(mail.subject).toBe(`Tu instructor modificó la corrección de "${moduleName}"`);

  // The student sees the new feedback: the first answer is now final, the second open again.
  await page.reload();
  await expect(page.getByText('Son dos minutos, pero explicá cuándo se aplica.')).toBeVisible();
  await expect(page.getByText('Falta el antebrazo.')).toHaveCount(0);
  await expect(answerBox(page, 1)).toBeEditable();
  await context.close();
});

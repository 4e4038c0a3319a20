import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, signInThroughApi } from './helpers.ts';

// What people do every day: type and click at once, tap twice. Each must have the effect of once.

test('a quick click on a search match after typing stays on the page clicked', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: `Quimey Rápida ${suffix}` });

  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/users-activities?q=${encodeURIComponent(`Quimey Rápida`)}`);
  const row = page.getByRole('link', { name: new RegExp(`Quimey Rápida ${suffix}`) });
  await expect(row).toBeVisible();

  // More letters of the same name, and a click on the match before the search is sent (350 ms).
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).pressSequentially(` ${suffix}`, { delay: 10 });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${student.id}/cursos$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(student.name);
  // Long after the pending search would have fired: still on the page clicked.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${student.id}/cursos$`));
});

test('a double click on the forum Enviar posts one message', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: 'Doble Toque' });
  const course = await createCourse({ name: `Curso doble ${suffix}`, enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: `Módulo doble ${suffix}`, enableFor: [student.id] });

  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/preguntas`);
  const box = page.getByRole('textbox', { name: 'Escribí tu mensaje' });
  await box.fill(`Una sola vez ${suffix}`);
  await page.getByRole('button', { name: 'Enviar' }).dblclick();
  const log = page.getByRole('log', { name: 'Mensajes del foro' });
  await expect(log.getByTestId('mensaje').filter({ hasText: `Una sola vez ${suffix}` })).toHaveCount(1);
  await expect(box).toHaveValue('');

  // What the server kept: one message, also after a reload.
  await page.reload();
  await expect(log.getByTestId('mensaje')).toHaveCount(1);
});

test('a double click on the activity Enviar shows the confirmation, not an error', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: 'Doble Envío' });
  const course = await createCourse({ name: `Curso envío ${suffix}`, enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Módulo envío ${suffix}`,
    questions: ['¿Qué es un pie?'],
    enableFor: [student.id],
  });

  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await page.getByRole('textbox', { name: '1. ¿Qué es un pie?' }).fill('Tocar la pelota con el pie.');
  await page.getByRole('button', { name: 'Enviar', exact: true }).dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Tus respuestas fueron guardadas');
  await expect(dialog).not.toContainText('Ya enviaste');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Respuestas enviadas')).toBeVisible();
});

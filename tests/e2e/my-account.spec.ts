import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, screenshot, signIn, waitForEmail } from './helpers.ts';

/** Posts a forum message as whoever is signed in on the page (same-origin fetch, as the app does). */
async function postInForum(page: import('@playwright/test').Page, moduleId: string, body: string) {
  const status = await page.evaluate(
    async ({ moduleId, body }) =>
      (
        await fetch(`/api/modules/${moduleId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body }),
        })
      ).status,
    { moduleId, body },
  );
  expect(status).toBe(201);
}

test('an admin chooses on Mi cuenta how to hear about submissions and questions, and the choice is kept', async ({ page }) => {
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/admin\/mi-cuenta$/);
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  const submissions = page.getByRole('radiogroup', { name: 'Cuando un alumno envía sus respuestas para corregir' });
  const questions = page.getByRole('radiogroup', { name: 'Cuando un alumno escribe en el foro de un módulo' });
  await expect(submissions.getByRole('radio', { name: 'Al instante' })).toBeChecked();
  await screenshot(page, 'my-account-admin');

  await submissions.getByRole('radio', { name: 'Resumen diario' }).check();
  await questions.getByRole('radio', { name: 'Nunca' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tus preferencias de email se guardaron.')).toBeVisible();
  await page.reload();
  await expect(submissions.getByRole('radio', { name: 'Resumen diario' })).toBeChecked();
  await expect(questions.getByRole('radio', { name: 'Nunca' })).toBeChecked();

  // Back to the defaults, so other tests' admin emails are unaffected.
  await submissions.getByRole('radio', { name: 'Al instante' }).check();
  await questions.getByRole('radio', { name: 'Al instante' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
});

test('a student is emailed when an admin answers their forum question, and the email links to Mi cuenta to stop them', async ({
  page,
  browser,
  baseURL,
}) => {
  const student = await createStudent({ name: 'Paula Foro' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Módulo de preguntas', enableFor: [student.id] });

  const studentContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, student);
  await expect(studentPage).toHaveURL(/\/inicio$/);
  await postInForum(studentPage, module.id, '¿Cuándo se marca el pasivo?');

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await postInForum(page, module.id, 'Cuando el equipo no busca el gol.');

  const mail = await waitForEmail(student.email);
  expect(mail.subject).toBe('Te respondieron en el foro de "Módulo de preguntas"');
  expect(mail.body).toContain('Cuando el equipo no busca el gol.');
  const preferencesLink = new RegExp(`${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/mi-cuenta`).exec(mail.body)?.[0];
  expect(preferencesLink).toBeTruthy();

  await studentPage.goto(preferencesLink!);
  await expect(studentPage.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  const choice = studentPage.getByRole('radiogroup', {
    name: 'Cuando un instructor responde en el foro de un módulo en el que escribiste',
  });
  await expect(choice.getByRole('radio', { name: 'Avisarme por email' })).toBeChecked();
  await screenshot(studentPage, 'my-account-student');
  await choice.getByRole('radio', { name: 'No avisarme' }).check();
  await studentPage.getByRole('button', { name: 'Guardar' }).click();
  await expect(studentPage.getByText('Tus preferencias de email se guardaron.')).toBeVisible();
  await studentPage.reload();
  await expect(choice.getByRole('radio', { name: 'No avisarme' })).toBeChecked();
  await studentContext.close();
});

import type { Dialog, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, signInThroughApi } from './helpers.ts';

// Leaving a form with typed content asks first: in-app links, the menu, back, closing the tab.

const leaveText = 'Tenés cambios sin guardar. Si salís ahora, se pierden. ¿Querés salir igual?';

/** Answers the next confirmation the page shows, and returns its text (or null when none came). */
function answerNextDialog(page: Page, accept: boolean) {
  const seen: Dialog[] = [];
  const handler = (dialog: Dialog) => {
    seen.push(dialog);
    void (accept ? dialog.accept() : dialog.dismiss());
  };
  page.once('dialog', handler);
  return {
    messages: () => seen.map((dialog) => dialog.message()),
    types: () => seen.map((dialog) => dialog.type()),
    stop: () => page.off('dialog', handler),
  };
}

async function openMenuLink(page: Page, name: string) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name, exact: true }).click();
}

test('leaving Crear Curso with typed content asks first; staying keeps it, accepting leaves', async ({ page }) => {
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/create-course');
  const name = page.getByRole('textbox', { name: 'Nombre del curso' });

  // Nothing typed: leaving does not ask.
  const none = answerNextDialog(page, true);
  await openMenuLink(page, 'Crear usuario');
  await expect(page).toHaveURL(/\/admin\/users$/);
  none.stop();
  expect(none.messages()).toEqual([]);

  // Back in the app (no page load), so the browser's back button stays inside the app.
  await openMenuLink(page, 'Crear Curso');
  await expect(page).toHaveURL(/\/admin\/create-course$/);
  await name.fill('Curso a medio escribir');
  const stay = answerNextDialog(page, false);
  await openMenuLink(page, 'Crear usuario');
  await expect.poll(() => stay.messages()).toEqual([leaveText]);
  await expect(page).toHaveURL(/\/admin\/create-course$/);
  await expect(name).toHaveValue('Curso a medio escribir');

  // The browser's back button asks too.
  const back = answerNextDialog(page, false);
  await page.goBack();
  await expect.poll(() => back.messages()).toEqual([leaveText]);
  await expect(page).toHaveURL(/\/admin\/create-course$/);
  await expect(name).toHaveValue('Curso a medio escribir');

  const leave = answerNextDialog(page, true);
  await page.keyboard.press('Escape');
  await openMenuLink(page, 'Crear usuario');
  await expect(page).toHaveURL(/\/admin\/users$/);
  expect(leave.messages()).toEqual([leaveText]);
});

test('closing the tab with a half-written module asks the browser to confirm', async ({ page }) => {
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/create-module');
  await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill('Módulo sin terminar');
  const prompt = answerNextDialog(page, false);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompt.types()).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
});

test('leaving a correction marked but not saved asks first', async ({ page, browser }) => {
  const student = await createStudent({ name: 'Corrección Pendiente' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, questions: ['¿Qué es un pasivo?'], enableFor: [student.id] });
  const studentContext = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const studentPage = await studentContext.newPage();
  await signInThroughApi(studentPage, student);
  await studentPage.goto(`/${course.id}/${module.id}/actividades`);
  await studentPage.getByRole('textbox', { name: '1. ¿Qué es un pasivo?' }).fill('Un ataque sin intención de tirar.');
  await studentPage.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(studentPage.getByRole('dialog')).toContainText('Tus respuestas fueron guardadas');
  await studentContext.close();

  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}`);
  await expect(page.getByRole('button', { name: 'Guardar corrección' })).toBeVisible();

  // Untouched: leaving does not ask.
  const none = answerNextDialog(page, true);
  await page.getByRole('link', { name: 'Ver la lista Por corregir' }).click();
  await expect(page).toHaveURL(/\/admin\/review$/);
  none.stop();
  expect(none.messages()).toEqual([]);

  await page.goBack();
  await page.getByRole('textbox', { name: 'Devolución para la pregunta 1' }).fill('Bien explicado.');
  const stay = answerNextDialog(page, false);
  await page.getByRole('link', { name: 'Ver la lista Por corregir' }).click();
  await expect.poll(() => stay.messages()).toEqual([leaveText]);
  await expect(page.getByRole('textbox', { name: 'Devolución para la pregunta 1' })).toHaveValue('Bien explicado.');
});

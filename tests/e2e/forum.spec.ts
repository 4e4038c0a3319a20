import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, screenshot, signIn, signInThroughApi } from './helpers.ts';

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Escribí tu mensaje' });
const chatLog = (page: Page) => page.getByRole('log', { name: 'Mensajes del foro' });
const messages = (page: Page) => chatLog(page).getByTestId('mensaje');
const messageWith = (page: Page, text: string) => messages(page).filter({ hasText: text });

/** Marks the page's document; `expectNotReloaded` then proves everything since came without a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sinRecargar?: boolean }).__sinRecargar = true));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
}

/** Waits until the page has opened the live event stream at `path` (so no event can slip by). */
const liveStream = (page: Page, path: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok());

test('student and admin talk in the module forum live, without reloading', async ({ page: student, browser }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const alumna = await createStudent({ name: 'Carolina Méndez' });
  // Another course listed before this one: the admin has to pick theirs, and come back to it.
  await createCourse({ name: `Curso anterior ${suffix}` });
  const course = await createCourse({ name: `Curso del foro ${suffix}`, enableFor: [alumna.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Reglas del foro ${suffix}`,
    questions: ['¿Qué es un pie?'],
    enableFor: [alumna.id],
  });
  const other = await createModule({ courseId: course.id, name: `Otro módulo ${suffix}`, questions: [], enableFor: [alumna.id] });

  // The admin: 'Responder Preguntas', this course selected.
  const adminContext = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const admin = await adminContext.newPage();
  await signIn(admin, e2eEnv().admin);
  await expect(admin).toHaveURL(/\/admin\/home$/);
  await admin
    .getByRole('main')
    .getByRole('link', { name: /^Responder Preguntas/ })
    .click();
  await expect(admin).toHaveURL(/\/admin\/question-modules/);
  await expect(admin.getByRole('heading', { name: 'Responder Preguntas' })).toBeVisible();
  const courseSelect = admin.getByRole('textbox', { name: 'Curso' });
  await expect(courseSelect).toBeEnabled();
  const adminStream = liveStream(admin, '/api/forum/events');
  await courseSelect.click();
  await courseSelect.fill(course.name);
  await admin.getByRole('option', { name: course.name }).click();
  await expect(admin).toHaveURL(new RegExp(`\\?curso=${course.id}$`));
  await adminStream;
  const moduleCard = admin.getByTestId('modulo-foro').filter({ hasText: module.name });
  const otherCard = admin.getByTestId('modulo-foro').filter({ hasText: other.name });
  await expect(moduleCard).toBeVisible();
  await expect(moduleCard).not.toContainText('NUEVOS MENSAJES');
  await markDocument(admin);

  // The student: module page, 'Hacer una pregunta'.
  await signInThroughApi(student, alumna);
  await student.goto(`/${course.id}/${module.id}/modulo`);
  const studentStream = liveStream(student, `/api/modules/${module.id}/events`);
  await student.getByRole('link', { name: 'Hacer una pregunta' }).click();
  await expect(student).toHaveURL(new RegExp(`/${course.id}/${module.id}/preguntas$`));
  await expect(student.getByRole('heading', { name: 'Preguntas' })).toBeVisible();
  await expect(chatLog(student)).toContainText('Todavía no hay mensajes. ¡Hacé la primera pregunta!');
  await studentStream;
  await markDocument(student);

  // Shift+Enter makes a second line; Enter sends.
  const box = messageBox(student);
  await box.click();
  await box.pressSequentially('¿El pie se sanciona igual');
  await box.press('Shift+Enter');
  await box.pressSequentially('si es involuntario?');
  await expect(box).toHaveValue('¿El pie se sanciona igual\nsi es involuntario?');
  await box.press('Enter');
  const question = messageWith(student, '¿El pie se sanciona igual');
  await expect(question).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(question.getByText('¿El pie se sanciona igual')).toHaveJSProperty(
    'innerText',
    '¿El pie se sanciona igual\nsi es involuntario?',
  );
  await expect(question).toContainText(alumna.name);
  await expect(question.locator('time')).toHaveText(/^(recién|hace .+)$/);
  await expect(question).not.toContainText('Instructor');

  // The admin's list flags the module, live.
  await expect(moduleCard.getByText('NUEVOS MENSAJES')).toBeVisible({ timeout: 5_000 });
  await expect(otherCard).not.toContainText('NUEVOS MENSAJES');
  await screenshot(admin, 'foro-admin-lista');

  // Opening the module clears it; back on the list (same course, no reload) the badge is gone.
  await moduleCard.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/question-modules/${module.id}$`));
  await expect(admin.getByRole('heading', { name: 'Preguntas del módulo' })).toBeVisible();
  await expect(messageWith(admin, '¿El pie se sanciona igual')).toContainText(alumna.name);
  await admin.getByRole('link', { name: 'Todos los módulos' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/question-modules\\?curso=${course.id}$`));
  await expect(moduleCard).toBeVisible();
  await expect(moduleCard).not.toContainText('NUEVOS MENSAJES');
  await expectNotReloaded(admin);

  // The admin replies; it reaches the student live, marked Instructor.
  const adminModuleStream = liveStream(admin, '/api/forum/events');
  await moduleCard.click();
  await adminModuleStream;
  await messageBox(admin).fill('Sí: el pie se sanciona aunque sea involuntario, si obtiene ventaja.');
  await messageBox(admin).press('Enter');
  await expect(messageWith(admin, 'el pie se sanciona aunque sea involuntario')).toBeVisible();
  const reply = messageWith(student, 'el pie se sanciona aunque sea involuntario');
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Instructor');
  await expect(reply).toContainText('Administrador');
  await expect(reply.locator('time')).toHaveText(/^(recién|hace .+)$/);
  await expectNotReloaded(student);

  // Empty and too long messages are refused, in Spanish.
  const count = await messages(student).count();
  await box.fill('   ');
  await box.press('Enter');
  await expect(box).toHaveAccessibleDescription(/Escribí un mensaje antes de enviarlo\./);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await student.getByRole('button', { name: 'Enviar' }).click();
  await expect(box).toHaveAccessibleDescription(/Escribí un mensaje antes de enviarlo\./);
  await box.fill('a'.repeat(2001));
  await box.press('Enter');
  await expect(box).toHaveAccessibleDescription(/El mensaje no puede tener más de 2\.000 caracteres/);
  await expect(student.getByText('2001 / 2000')).toBeVisible();
  await screenshot(student, 'foro-alumno-mensaje-largo');
  await expect(messages(student)).toHaveCount(count);

  // Markup is shown as typed, never run.
  const hostile = '<script>window.__hacked = true</script><b>negrita</b>';
  await box.fill(hostile);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  for (const page of [student, admin]) {
    const literal = messageWith(page, '<script>');
    await expect(literal.getByText(hostile, { exact: true })).toBeVisible();
    await expect(literal.locator('b, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: unknown }).__hacked)).toBeUndefined();
  }
  await screenshot(student, 'foro-alumno');
  await screenshot(admin, 'foro-admin-chat');

  // The admin deletes a message (after confirming); it leaves the student's page live.
  await messageWith(admin, '<script>')
    .getByRole('button', { name: `Eliminar el mensaje de ${alumna.name}` })
    .click();
  const confirm = admin.getByRole('dialog', { name: 'Eliminar mensaje' });
  await expect(confirm).toContainText(`¿Seguro que querés eliminar este mensaje de ${alumna.name}? No se puede deshacer.`);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(messageWith(admin, '<script>')).toBeVisible();
  await messageWith(admin, '<script>')
    .getByRole('button', { name: `Eliminar el mensaje de ${alumna.name}` })
    .click();
  await screenshot(admin, 'foro-admin-eliminar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(messageWith(admin, '<script>')).toHaveCount(0);
  await expect(messageWith(student, '<script>')).toHaveCount(0);
  await expect(messageWith(student, '¿El pie se sanciona igual')).toBeVisible();
  // Students cannot delete.
  await expect(chatLog(student).getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  await expectNotReloaded(student);
  await expectNotReloaded(admin);

  // What the student sees after a reload is what the server has.
  await student.reload();
  await expect(messageWith(student, '¿El pie se sanciona igual')).toBeVisible();
  await expect(messageWith(student, 'el pie se sanciona aunque sea involuntario')).toBeVisible();
  await expect(messageWith(student, '<script>')).toHaveCount(0);
  await adminContext.close();
});

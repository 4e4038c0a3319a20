// An admin's way around: the Cursos page and what waits, archiving instead of deleting, a
// class list's failed rows, pending invitations, enabling courses after 'Crear usuario', and
// one's own name and password in 'Mi cuenta'.
import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, screenshot, signIn, uniqueEmail, type TestUser, adminPage } from './helpers.ts';

/** A student's work done from their own session: answers submitted and a forum question. */
async function studentWorks(browser: Browser, student: TestUser, moduleId: string, question: string) {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL });
  const page = await context.newPage();
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  const statuses = await page.evaluate(
    async ({ moduleId, question }) => {
      const json = { 'content-type': 'application/json', accept: 'application/json' };
      const { activity } = (await (await fetch(`/api/pages/modules/${moduleId}/activity`)).json()) as {
        activity: { items: Array<{ id: string }> };
      };
      const answers = activity.items.map((item) => ({ itemId: item.id, answer: 'Mi respuesta' }));
      const submitted = await fetch(`/api/modules/${moduleId}/activity/submit`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ answers }),
      });
      const posted = await fetch(`/api/modules/${moduleId}/messages`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ body: question }),
      });
      return [submitted.status, posted.status];
    },
    { moduleId, question },
  );
  expect(statuses).toEqual([200, 201]);
  await context.close();
}

test('the Cursos page (menu and tile) gives each course its tools and says what waits; Responder Preguntas puts unread modules of every course first', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const student = await createStudent({ name: 'Renata Espera' });
  const course = await createCourse({ name: `Curso con pendientes ${tag}`, enableFor: [student.id] });
  const quiet = await createModule({ courseId: course.id, name: `Módulo tranquilo ${tag}`, questions: ['¿Una?'], enableFor: [student.id] });
  const busy = await createModule({
    courseId: course.id,
    name: `Módulo con dudas ${tag}`,
    questions: ['¿Cuántos pasos?'],
    enableFor: [student.id],
  });
  await studentWorks(browser, student, busy.id, '¿Puedo dar cuatro pasos?');

  const page = await adminPage(browser);
  // The home tiles say what waits (across every course: at least this one's).
  const coursesTile = page.getByRole('main').getByRole('link', { name: /^Cursos/ });
  await expect(coursesTile.getByTestId('pendientes')).toContainText(/\d+ por corregir/);
  await expect(page.getByRole('main').getByRole('link', { name: /^Responder Preguntas/ })).toContainText(
    /\d+ módulos? con mensajes? nuevos?/,
  );
  await screenshot(page, 'admin-inicio-pendientes');

  // Cursos is in the menu.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cursos', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('heading', { name: 'Cursos', level: 1 })).toBeVisible();
  const card = page.getByTestId('curso').filter({ hasText: course.name });
  await expect(card).toContainText('2 módulos · 1 alumno');
  await expect(card).toContainText('1 por corregir');
  await expect(card).toContainText('1 módulo con mensajes nuevos');
  await screenshot(page, 'admin-cursos');

  // The course's page and its tools.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}$`));
  await expect(page.getByRole('heading', { name: course.name, level: 1 })).toBeVisible();
  const tools = page.getByRole('list', { name: 'Herramientas del curso' });
  for (const tool of ['Módulos', 'Progreso de la clase', 'Por corregir', 'Foro', 'Documentos'])
    await expect(tools.getByRole('link', { name: new RegExp(`^${tool}`) })).toBeVisible();
  await expect(tools.getByRole('link', { name: /^Por corregir/ })).toContainText('1 por corregir');
  await expect(tools.getByRole('link', { name: /^Foro/ })).toContainText('1 módulo con mensajes nuevos');
  await screenshot(page, 'admin-curso');

  // Módulos opens Crear Módulo on this course, with its modules and their actions.
  await tools.getByRole('link', { name: /^Módulos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/create-module\\?curso=${course.id}$`));
  await expect(page.getByRole('textbox', { name: 'Curso' })).toHaveValue(course.name);
  await expect(page.getByText(busy.name)).toBeVisible();
  await page.goBack();
  await tools.getByRole('link', { name: /^Progreso de la clase/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/progreso$`));
  await page.goBack();
  await tools.getByRole('link', { name: /^Documentos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/upload-documents\\?curso=${course.id}$`));
  await expect(page.getByRole('textbox', { name: 'Curso' })).toHaveValue(course.name);

  // Responder Preguntas: every course at once, the unread module first, with its course's name.
  await page.goto('/admin/question-modules');
  await expect(page.getByRole('textbox', { name: 'Curso' })).toHaveValue('Todos los cursos');
  const first = page.getByTestId('modulo-foro').first();
  await expect(first).toContainText('NUEVOS MENSAJES');
  const busyCard = page.getByTestId('modulo-foro').filter({ hasText: busy.name });
  await expect(busyCard).toContainText(course.name);
  await expect(busyCard).toContainText('NUEVOS MENSAJES');
  const cards = await page.getByTestId('modulo-foro').allInnerTexts();
  const lastUnread = cards.map((text) => text.includes('NUEVOS MENSAJES')).lastIndexOf(true);
  const quietIndex = cards.findIndex((text) => text.includes(quiet.name));
  expect(quietIndex).toBeGreaterThan(lastUnread);
  await screenshot(page, 'responder-preguntas-todos');
  await page.context().close();
});

test('Eliminar is offered only where no student worked; elsewhere Archivar', async ({ browser }) => {
  const tag = Date.now().toString(36);
  const student = await createStudent({ name: 'Ulises Trabajo' });
  const course = await createCourse({ name: `Curso para archivar ${tag}`, enableFor: [student.id] });
  const worked = await createModule({ courseId: course.id, name: `Con trabajo ${tag}`, questions: ['¿Qué?'], enableFor: [student.id] });
  const untouched = await createModule({ courseId: course.id, name: `Sin trabajo ${tag}`, questions: ['¿Qué?'] });
  await studentWorks(browser, student, worked.id, '¿Una duda?');

  const page = await adminPage(browser);
  await page.goto(`/admin/create-module?curso=${course.id}`);
  await expect(page.getByRole('button', { name: `Archivar módulo ${worked.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar módulo ${worked.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Archivar módulo ${untouched.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar módulo ${untouched.name}` })).toBeVisible();
  await screenshot(page, 'modulos-archivar-o-eliminar');
  // The course too: its students worked in it.
  await page.goto(`/admin/courses/${course.id}`);
  await expect(page.getByRole('button', { name: `Archivar curso ${course.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar curso ${course.name}` })).toHaveCount(0);
  await page.context().close();
});

test('after a class-list import the failed rows stay listed, with a CSV of them and a template; invited students show as Invitación pendiente', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const course = await createCourse({ name: `Curso importado ${tag}` });
  await createModule({ courseId: course.id, name: `Primer módulo ${tag}` });
  const invited = { name: `Inés Invitada ${tag}`, email: uniqueEmail('ines') };
  const csv = `nombre;email\r\n${invited.name};${invited.email}\r\nSin Arroba;no-es-un-email\r\n;falta-nombre@e2e.test\r\n`;

  const page = await adminPage(browser);
  await page.goto('/admin/users/import');
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar la plantilla' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('plantilla-alumnos.csv');
  expect((await readFile((await template.path())!, 'utf8')).replace('\uFEFF', '').trim()).toBe('nombre;email');

  await page.locator('input[type="file"]').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('textbox', { name: 'Curso para habilitar (opcional)' }).click();
  await page.getByRole('option', { name: course.name }).click();
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  // What was read takes the focus: a screen reader says it, and the next Tab is 'Importar'.
  await expect(page.getByText(/para importar, \d+ con errores/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Importar' })).toBeFocused();
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 ' })).toBeVisible();
  const failed = page.getByRole('table', { name: 'Filas que no se importaron' });
  await expect(failed.getByRole('row')).toHaveCount(3);
  await expect(failed).toContainText('no-es-un-email');
  await expect(failed).toContainText('falta-nombre@e2e.test');
  await screenshot(page, 'importar-filas-con-errores');
  const failedDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar las filas con errores (CSV)' }).click();
  const failedCsv = (await readFile((await (await failedDownload).path())!, 'utf8')).replace('\uFEFF', '');
  const lines = failedCsv.trim().split('\r\n');
  expect(lines[0]).toBe('nombre;email;problema');
  expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual(['no-es-un-email', 'falta-nombre@e2e.test']);

  // The invited student, not yet signed in: 'Invitación pendiente' in the list and on the board.
  await page.goto('/admin/users-activities');
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(invited.name);
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: invited.email });
  await expect(row).toContainText('Invitación pendiente');
  // The row may already be in the list shown before the search is even sent (it waits for the
  // typing to stop), and then dimmed while it is answered: look once the list is the search's
  // own (only the invited student matches the name), no longer dimmed.
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Actualizando' })).toHaveCount(0);
  await screenshot(page, 'lista-usuarios-invitacion-pendiente');
  await page.goto(`/admin/courses/${course.id}/progreso`);
  const studentRow = page.getByRole('row', { name: new RegExp(invited.name) });
  await expect(studentRow).toContainText('Invitación pendiente');
  await expect(studentRow).not.toContainText('Sin responder');
  await screenshot(page, 'progreso-invitacion-pendiente');
  await page.context().close();
});

test("after 'Crear usuario' the admin goes straight to 'Habilitar cursos', and a double tap on Habilitar sends one request", async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const course = await createCourse({ name: `Curso a habilitar ${tag}` });
  const page = await adminPage(browser);
  await page.goto('/admin/users');
  const name = `Carlos Nuevo ${tag}`;
  await page.getByRole('textbox', { name: 'Nombre completo' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('carlos'));
  await page.getByRole('radio', { name: 'Elegir la contraseña ahora' }).check();
  await page.getByRole('textbox', { name: 'Contraseña' }).fill('clave-carlos-1');
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(`Se creó el usuario ${name}`)).toBeVisible();
  await screenshot(page, 'crear-usuario-habilitar-cursos');
  await page.getByRole('link', { name: 'Habilitar cursos' }).click();
  await expect(page).toHaveURL(/\/admin\/users-activities\/[^/]+\/cursos$/);

  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes(`/courses/${course.id}/access`)) puts.push(request.url());
  });
  const enable = page.getByRole('button', { name: `Habilitar el curso ${course.name}` });
  // The course is the newest of a long list when the whole suite runs: at its end, scrolled to first.
  await enable.scrollIntoViewIfNeeded();
  await enable.dblclick();
  await expect.poll(() => puts.length, { message: 'the double tap sent its request' }).toBe(1);
  // The list is read again before the button changes; on a busy machine that can take a while.
  const block = page.getByRole('button', { name: `Bloquear el curso ${course.name}` });
  await expect(block).toBeVisible({ timeout: 20_000 });
  expect(puts).toHaveLength(1);
  // On a slow network the second tap of a double tap can land after the answer, on 'Bloquear':
  // it does not undo the first. Enter on it does (sent after it, so counted after it).
  await block.dispatchEvent('click', { detail: 2 });
  await block.press('Enter');
  await expect(page.getByRole('button', { name: `Habilitar el curso ${course.name}` })).toBeVisible({ timeout: 20_000 });
  expect(puts).toHaveLength(2);
  await page.context().close();
});

test('Mi cuenta: a student changes their name and their password; their other sessions end', async ({ page, browser }) => {
  const alumna = await createStudent({ name: 'Sofi' });
  await signIn(page, alumna);
  await expect(page).toHaveURL(/\/inicio$/);
  const phone = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const phonePage = await phone.newPage();
  await signIn(phonePage, alumna);
  await expect(phonePage).toHaveURL(/\/inicio$/);

  await page.goto('/mi-cuenta');
  const name = page.getByRole('textbox', { name: 'Nombre completo' });
  await name.fill('Sofía Ramírez');
  await page.getByRole('button', { name: 'Cambiar nombre' }).click();
  await expect(page.getByText('Se guardó tu nombre.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Sofía Ramírez');

  await page.getByLabel('Contraseña actual').fill('no-es-la-mia');
  await page.getByLabel('Nueva contraseña').fill('mi-clave-nueva');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await screenshot(page, 'mi-cuenta-clave-incorrecta');
  await page.getByLabel('Contraseña actual').fill(alumna.password);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña cambiada')).toBeVisible();
  await expect(page.getByLabel('Contraseña actual')).toHaveValue('');

  // This tab goes on; the phone's session ended, and it says so on its next request.
  await page.goto('/inicio');
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await phonePage.goto('/mi-cuenta');
  await expect(phonePage).toHaveURL(/\/$/);
  await phonePage.getByRole('textbox', { name: 'Email' }).fill(alumna.email);
  await phonePage.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('mi-clave-nueva');
  await phonePage.getByRole('button', { name: 'LOGIN' }).click();
  await expect(phonePage).toHaveURL(/\/mi-cuenta$/);
  await phone.close();
});

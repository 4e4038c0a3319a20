// A course's team on a phone (360 px): the administrator adds an assistant and a treasurer to
// the course's team; the assistant's home shows the course with 'Por corregir', she corrects a
// submission, and cannot open another course or the payments; the treasurer records a payment and
// sees no corrections. Every new page without axe violations.
import type { Browser, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  createCourse,
  createModule,
  createStudent,
  createUser,
  expectNoAxeViolations,
  screenshot,
  signIn,
  submitAs,
  type TestUser,
  uniqueEmail,
} from './helpers.ts';

/** A phone of its own for someone else, signed in. */
async function phoneOf(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** 'Agregar al equipo' in the open team page: someone with an account, found by name, with one role. */
async function addToTeam(page: Page, person: TestUser, role: string) {
  await page.getByRole('button', { name: 'Agregar al equipo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar al equipo' });
  await dialog.getByRole('textbox', { name: 'Persona' }).fill(person.name.split(' ').slice(0, 2).join(' '));
  await dialog.getByRole('radio', { name: new RegExp(person.email.replace(/[.+]/g, '\\$&')) }).check();
  await dialog.getByRole('checkbox', { name: role }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Equipo' }).getByRole('listitem').filter({ hasText: person.name })).toContainText(role);
}

test("the administrator builds a course's team, and each member sees and does only their part", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Tomás Equipo ${tag}` });
  const assistant = await createUser({ name: `Ayelén Ayudante ${tag}` });
  const treasurer = await createUser({ name: `Teresa Tesorera ${tag}` });
  const course = await createCourse({ name: `Curso con equipo ${tag}`, enableFor: [trainee.id] });
  const other = await createCourse({ name: `Otro curso ${tag}` });
  const module = await createModule({
    courseId: course.id,
    name: 'Reglas de juego',
    questions: ['¿Cuántos jugadores hay en cancha?'],
    enableFor: [trainee.id],
  });
  await submitAs(trainee, module.id);

  // The administrator: the course page → 'Equipo del curso'.
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto(`/admin/courses/${course.id}`);
  await page.getByRole('link', { name: /^Equipo del curso/ }).click();
  await expect(page.getByRole('heading', { name: 'Equipo del curso', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no hay nadie en el equipo')).toBeVisible();
  await expectNoAxeViolations(page);
  await addToTeam(page, assistant, 'Ayudante');
  await addToTeam(page, treasurer, 'Tesorería');
  await screenshot(page, 'equipo-del-curso');

  // The assistant: her home shows the course, with what waits for her there.
  const ayelen = await phoneOf(browser, assistant);
  await expect(ayelen).toHaveURL(/\/admin\/home$/);
  const myCourses = ayelen.getByRole('list').filter({ hasText: course.name });
  await expect(myCourses).toContainText('Ayudante');
  await expect(myCourses.getByRole('link', { name: 'Por corregir: 1' })).toBeVisible();
  await expect(ayelen.getByText(other.name)).toHaveCount(0);
  await expectNoAxeViolations(ayelen);
  await screenshot(ayelen, 'inicio-ayudante');
  // No menu entry or tile she could not use.
  await expect(ayelen.getByRole('link', { name: 'Crear Curso' })).toHaveCount(0);
  await expect(ayelen.getByRole('link', { name: 'Lista de Usuarios' })).toHaveCount(0);

  // She corrects the submission.
  await myCourses.getByRole('link', { name: 'Por corregir: 1' }).click();
  await expect(ayelen.getByRole('heading', { name: 'Por corregir', level: 1 })).toBeVisible();
  // The queue opens on that course.
  await expect(ayelen).toHaveURL(new RegExp(`/admin/review\\?curso=${course.id}$`));
  await expect(ayelen.getByRole('textbox', { name: 'Curso' })).toHaveValue(course.name);
  await ayelen
    .getByRole('link', { name: new RegExp(trainee.name) })
    .first()
    .click();
  await ayelen.getByRole('radiogroup', { name: 'Corrección de la pregunta 1' }).getByText('Correcta', { exact: true }).click();
  await ayelen.getByRole('button', { name: 'Guardar corrección' }).click();
  const saved = ayelen.getByRole('dialog');
  await expect(saved).toContainText('Se envió la corrección');
  await saved.getByRole('button', { name: 'Ok' }).click();
  await expect(saved).toBeHidden();

  // The course page shows her tools only: no payments; another course and its payments are not hers.
  await ayelen.goto(`/admin/courses/${course.id}`);
  await expect(ayelen.getByRole('heading', { name: course.name })).toBeVisible();
  await expect(ayelen.getByRole('main').getByRole('link', { name: /^Pagos/ })).toHaveCount(0);
  await expect(ayelen.getByRole('main').getByRole('link', { name: /^Por corregir/ })).toBeVisible();
  await ayelen.goto(`/admin/courses/${course.id}/pagos`);
  await expect(ayelen.getByText(/No tenés permiso|no tiene permiso/i).first()).toBeVisible();
  await ayelen.goto(`/admin/courses/${other.id}`);
  await expect(ayelen.getByText(/no existe/i).first()).toBeVisible();
  await screenshot(ayelen, 'ayudante-otro-curso');

  // The treasurer: records a payment, and sees no corrections.
  const teresa = await phoneOf(browser, treasurer);
  await expect(teresa).toHaveURL(/\/admin\/home$/);
  await expect(teresa.getByRole('list').filter({ hasText: course.name })).toContainText('Tesorería');
  await expect(teresa.getByRole('link', { name: 'Por corregir' })).toHaveCount(0);
  await screenshot(teresa, 'inicio-tesoreria');
  await teresa.goto(`/admin/courses/${course.id}`);
  await expect(teresa.getByRole('main').getByRole('link', { name: /^Por corregir/ })).toHaveCount(0);
  await teresa
    .getByRole('main')
    .getByRole('link', { name: /^Pagos/ })
    .click();
  await expect(teresa.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  await teresa.getByRole('button', { name: 'Registrar pago' }).first().click();
  const dialog = teresa.getByRole('dialog', { name: 'Registrar pago' });
  await dialog.getByRole('textbox', { name: 'Alumno' }).click();
  await teresa.getByRole('option', { name: trainee.name }).click();
  await dialog.getByRole('textbox', { name: 'Monto' }).fill('3000');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(dialog).toBeHidden();
  await expect(teresa.getByRole('list', { name: 'Pagos registrados' })).toContainText('$ 3.000');
  await expectNoAxeViolations(teresa);
  await teresa.goto('/admin/review');
  await expect(teresa.getByText(/No tenés permiso|no tiene permiso/i).first()).toBeVisible();

  // The administrator reads it all in 'Registro de cambios': who did what, and when.
  await page.goto(`/admin/courses/${course.id}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Registro de cambios/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Registro de cambios', level: 1 })).toBeVisible();
  const changes = page.getByRole('list', { name: 'Cambios' });
  await expect(changes).toContainText(`Administrador agregó a ${assistant.name} al equipo como Ayudante`);
  await expect(changes).toContainText(`${trainee.name}: Pago de $ 3.000`);
  await expect(changes).toContainText(`${trainee.name}: Corrección de "Reglas de juego": 1 de 1 correctas`);
  await page.getByRole('textbox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Pagos' }).click();
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes).toContainText(treasurer.name);
  await expectNoAxeViolations(page);
  await screenshot(page, 'registro-de-cambios');
});

test('an instructor brings trainees into their own course only; the instructor and the observer each find their part at home', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const instructor = await createUser({ name: `Inés Instructora ${tag}` });
  const observer = await createUser({ name: `Osvaldo Observador ${tag}` });
  const course = await createCourse({ name: `Curso de Inés ${tag}` });
  const other = await createCourse({ name: `Curso ajeno ${tag}` });
  await createModule({ courseId: course.id, name: 'Reglas de juego', questions: ['¿Cuántos jugadores hay en cancha?'] });
  await adminApi('POST', `/api/courses/${course.id}/team`, { userId: instructor.id, roles: ['instructor'] }, 201);
  await adminApi('POST', `/api/courses/${course.id}/team`, { userId: observer.id, roles: ['observador'] }, 201);

  // The instructor's home: her course, her role, nothing of the other course.
  const ines = await phoneOf(browser, instructor);
  await expect(ines).toHaveURL(/\/admin\/home$/);
  const myCourses = ines.getByRole('list').filter({ hasText: course.name });
  await expect(myCourses).toContainText('Instructor');
  await expect(ines.getByText(other.name)).toHaveCount(0);
  await expectNoAxeViolations(ines);
  await screenshot(ines, 'inicio-instructor');

  // 'Agregar alumnos' on the course's page: the form opens on her course, without 'Rol'.
  await ines.goto(`/admin/courses/${course.id}`);
  await ines
    .getByRole('main')
    .getByRole('link', { name: /^Agregar alumnos/ })
    .click();
  await expect(ines.getByRole('heading', { name: 'Crear usuario', level: 1 })).toBeVisible();
  await expect(ines.getByRole('textbox', { name: 'Rol' })).toHaveCount(0);
  const courseField = ines.getByRole('textbox', { name: 'Curso' });
  await expect(courseField).toHaveValue(course.name);
  // Only her courses to choose from.
  await courseField.click();
  await expect(ines.getByRole('option', { name: course.name })).toBeVisible();
  await expect(ines.getByRole('option', { name: other.name })).toHaveCount(0);
  await ines.keyboard.press('Escape');
  const newcomer = { name: `Nahuel Nuevo ${tag}`, email: uniqueEmail('nahuel') };
  await ines.getByRole('textbox', { name: 'Nombre completo' }).fill(newcomer.name);
  await ines.getByRole('textbox', { name: 'Email' }).fill(newcomer.email);
  await ines.getByRole('button', { name: 'Crear usuario' }).click();
  const done = ines.getByRole('dialog');
  await expect(done).toContainText('Le enviamos un email con el enlace');
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(ines.getByRole('alert').filter({ hasText: newcomer.name })).toContainText(`Quedó inscripto en «${course.name}»`);
  await expectNoAxeViolations(ines);
  await screenshot(ines, 'instructor-crea-alumno');
  // The class's board has the new trainee.
  await ines.goto(`/admin/courses/${course.id}/progreso`);
  await expect(ines.getByRole('main')).toContainText(newcomer.name);

  // The instructor runs her course's team by keyboard: the focus comes back where it was after
  // each dialog, and after removing someone to 'Agregar al equipo'.
  await ines.goto(`/admin/courses/${course.id}/equipo`);
  const changeRoles = ines.getByRole('button', { name: `Cambiar roles de ${observer.name}` });
  await changeRoles.focus();
  await ines.keyboard.press('Enter');
  const rolesDialog = ines.getByRole('dialog', { name: `Roles de ${observer.name}` });
  await expect(rolesDialog).toBeVisible();
  await ines.keyboard.press('Escape');
  await expect(rolesDialog).toBeHidden();
  await expect(changeRoles).toBeFocused();
  await changeRoles.press('Enter');
  await rolesDialog.getByRole('checkbox', { name: 'Ayudante' }).focus();
  await ines.keyboard.press('Space');
  await rolesDialog.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(rolesDialog).toBeHidden();
  await expect(changeRoles).toBeFocused();
  await expect(ines.getByRole('list', { name: 'Equipo' }).getByRole('listitem').filter({ hasText: observer.name })).toContainText(
    'Ayudante',
  );
  await ines.getByRole('button', { name: `Quitar del equipo a ${observer.name}` }).press('Enter');
  const confirm = ines.getByRole('dialog', { name: 'Quitar del equipo' });
  await confirm.getByRole('button', { name: 'Quitar del equipo' }).press('Enter');
  await expect(confirm).toBeHidden();
  await expect(ines.getByRole('button', { name: 'Agregar al equipo' })).toBeFocused();
  await adminApi('POST', `/api/courses/${course.id}/team`, { userId: observer.id, roles: ['observador'] }, 201);

  // The observer's home: the course, as 'Observador'; no way to create users or see payments.
  const osvaldo = await phoneOf(browser, observer);
  await expect(osvaldo).toHaveURL(/\/admin\/home$/);
  await expect(osvaldo.getByRole('list').filter({ hasText: course.name })).toContainText('Observador');
  await expect(osvaldo.getByRole('link', { name: 'Crear usuario' })).toHaveCount(0);
  await expectNoAxeViolations(osvaldo);
  await screenshot(osvaldo, 'inicio-observador');
  await osvaldo.goto(`/admin/courses/${course.id}`);
  await expect(osvaldo.getByRole('main').getByRole('link', { name: /^Pagos/ })).toHaveCount(0);
  await expect(osvaldo.getByRole('main').getByRole('link', { name: /^Agregar alumnos/ })).toHaveCount(0);
});

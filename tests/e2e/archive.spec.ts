// Archive instead of losing work, in the browser: a course archived and restored (the student
// loses and regains sight of it), deleting refused with student work, a module archived, and a
// user deactivated (their open session ends at once) and reactivated; each confirmation says
// what happens.
import { expect, test } from './fixtures.ts';
import { adminPage, createCourse, createModule, createStudent, screenshot, signIn, signInThroughApi } from './helpers.ts';

test('a course is archived and restored; one with student work is not offered for deletion, an empty one is deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const student = await createStudent({ name: `Rocío Archivo ${tag}` });
  const course = await createCourse({ name: `Curso para archivar ${tag}`, enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Módulo archivable ${tag}`,
    questions: ['¿Qué es un pie?'],
    enableFor: [student.id],
  });
  const empty = await createCourse({ name: `Curso vacío ${tag}` });

  // The student has written in the course: that is work to keep.
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await page.getByRole('textbox', { name: '1. ¿Qué es un pie?' }).fill('Tocar la pelota con el pie.');
  await expect(page.getByTestId('estado-guardado')).toContainText(/Guardado/);
  await page.goto('/courses');
  await expect(page.getByText(course.name)).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto('/admin/create-course');
  await admin.getByRole('button', { name: `Archivar curso ${course.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `¿Archivar el curso ${course.name}?` });
  await expect(dialog).toContainText('Los alumnos dejan de verlo');
  await expect(dialog).toContainText('se conservan');
  await screenshot(admin, 'archivar-curso-confirmacion');
  await dialog.getByRole('button', { name: 'Archivar' }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: course.name });
  await expect(card.getByText('Archivado: los alumnos no lo ven')).toBeVisible();
  await screenshot(admin, 'cursos-con-archivado');

  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(course.name)).toHaveCount(0);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await expect(page.getByRole('textbox', { name: '1. ¿Qué es un pie?' })).toHaveCount(0);

  // Deleting it is not offered: the student worked in it (the server refuses it too: tests/api/archive.test.ts).
  await expect(admin.getByRole('button', { name: `Eliminar curso ${course.name}` })).toHaveCount(0);

  // Restored, the student finds it with the answer they had written.
  await admin.getByRole('button', { name: `Restaurar curso ${course.name}` }).click();
  await admin
    .getByRole('dialog', { name: `¿Restaurar el curso ${course.name}?` })
    .getByRole('button', { name: 'Restaurar' })
    .click();
  await expect(card.getByText('Archivado: los alumnos no lo ven')).toHaveCount(0);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await expect(page.getByRole('textbox', { name: '1. ¿Qué es un pie?' })).toHaveValue('Tocar la pelota con el pie.');

  // A course nobody worked in is deleted.
  await admin.getByRole('button', { name: `Eliminar curso ${empty.name}` }).click();
  await admin
    .getByRole('dialog', { name: `¿Eliminar el curso ${empty.name}?` })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(admin.getByText(empty.name)).toHaveCount(0);
  await admin.context().close();
});

test('a module is archived from the module list with a confirmation', async ({ browser }) => {
  const tag = Date.now().toString(36);
  const course = await createCourse({ name: `Curso con módulos ${tag}` });
  const module = await createModule({ courseId: course.id, name: `Módulo viejo ${tag}` });
  const admin = await adminPage(browser);
  await admin.goto('/admin/create-module');
  await admin.getByRole('textbox', { name: /Curso/ }).first().click();
  await admin.getByRole('option', { name: course.name }).click();
  await admin.getByRole('button', { name: `Archivar módulo ${module.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `¿Archivar el módulo ${module.name}?` });
  await expect(dialog).toContainText('Los alumnos dejan de verlo');
  await dialog.getByRole('button', { name: 'Archivar' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: module.name });
  await expect(row.getByText('Archivado: los alumnos no lo ven')).toBeVisible();
  await expect(row.getByRole('button', { name: `Restaurar módulo ${module.name}` })).toBeVisible();
  await screenshot(admin, 'modulos-con-archivado');
  await admin.context().close();
});

test('a deactivated user is signed out at once and cannot sign in until reactivated', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const student = await createStudent({ name: `Tomás Desactivado ${Date.now().toString(36)}` });
  const course = await createCourse({ name: `Curso de Tomás ${Date.now().toString(36)}`, enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/users-activities/${student.id}/cursos`);
  await admin.getByRole('button', { name: 'Desactivar usuario' }).click();
  const dialog = admin.getByRole('dialog', { name: `¿Desactivar a ${student.name}?` });
  await expect(dialog).toContainText('las sesiones que tenga abiertas se cierran ahora mismo');
  await expect(dialog).toContainText('se conservan');
  await screenshot(admin, 'desactivar-usuario-confirmacion');
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Desactivado', { exact: true })).toBeVisible();
  await screenshot(admin, 'usuario-desactivado');

  // The student's open session stops working: the next page they open sends them to sign in.
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await signIn(page, student);
  await expect(page.getByRole('dialog')).toContainText('Tu usuario está desactivado. Consultá con tu instructor.');

  await admin.getByRole('button', { name: 'Reactivar usuario' }).click();
  await admin
    .getByRole('dialog', { name: `¿Reactivar a ${student.name}?` })
    .getByRole('button', { name: 'Reactivar' })
    .click();
  await expect(admin.getByText('Desactivado', { exact: true })).toHaveCount(0);
  // Back in, where their session ended.
  await signIn(page, student);
  await expect(page).toHaveURL(new RegExp(`/${course.id}/modulos$`));
  await admin.context().close();
});

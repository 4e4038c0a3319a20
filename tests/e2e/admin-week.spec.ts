// An admin's week, end to end: a class imported from a CSV with its course, the emailed
// invitation, a student's first password, the progress board, an answered activity, its
// correction, a changed correction ('Modificar corrección') and the student reading the new feedback.
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, invitationLinkFrom, screenshot, signInThroughApi, uniqueEmail, waitForEmail } from './helpers.ts';

const question = '¿Qué gesto indica juego pasivo?';

test("an admin's week: import a class, a student accepts the invitation, the board, an activity corrected and its correction changed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const course = await createCourse({ name: `Semana del instructor ${tag}` });
  const module = await createModule({ courseId: course.id, name: `Juego pasivo ${tag}`, questions: [question] });
  const students = [
    { name: `Lucía Semana ${tag}`, email: uniqueEmail('lucia') },
    { name: `Martín Semana ${tag}`, email: uniqueEmail('martin') },
    { name: `Sofía Semana ${tag}`, email: uniqueEmail('sofia') },
  ];
  const csv = Buffer.from(['nombre,email', ...students.map((t) => `${t.name},${t.email}`), ''].join('\n'), 'utf8');

  // Monday: the admin imports the class with the course enabled.
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/users/import');
  await expect(page.getByRole('heading', { name: 'Importar alumnos' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('textbox', { name: 'Curso para habilitar (opcional)' }).click();
  await page.getByRole('option', { name: course.name }).click();
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(page.getByText(`3 filas listas para importar, 0 con errores · se habilita "${course.name}"`)).toBeVisible();
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 alumnos creados' })).toBeVisible();

  // The invitation arrives at the test SMTP server; Lucía opens it on her phone and creates her password.
  const mail = await waitForEmail(students[0]!.email);
  expect(mail.subject).toBe('Te invitaron a Aula Virtual: creá tu contraseña');
  const studentContext = await browser.newContext({ baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const student = await studentContext.newPage();
  await student.goto(invitationLinkFrom(mail));
  await expect(student.getByRole('heading', { name: 'Creá tu contraseña' })).toBeVisible();
  await student.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave-lucia-1');
  await student.getByRole('textbox', { name: 'Repetí la contraseña' }).fill('clave-lucia-1');
  await student.getByRole('button', { name: 'Crear contraseña y entrar' }).click();
  await expect(student).toHaveURL(new RegExp(`/${course.id}$`));
  await expect(student.getByRole('heading', { name: course.name })).toBeVisible();
  await screenshot(student, 'semana-curso-alumna');

  // The admin's progress board has the three students, the module open for each.
  await page.goto(`/admin/courses/${course.id}/progreso`);
  await expect(page.getByRole('heading', { name: `Progreso · ${course.name}` })).toBeVisible();
  const table = page.getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
  await expect(table.getByRole('rowheader', { name: /Semana/ })).toHaveCount(3);
  // Lucía accepted her invitation; the other two have not been able to sign in yet. (Then their
  // record: no classes, no plan, no physical test, no observations; the course asks nothing to pass.)
  const noRecord = ['—Sin clases', 'Sin plan', '—Sin rendir', '—Sin observaciones', 'Apto'];
  await expect(row(students[0]!.name).getByRole('cell')).toHaveText(['Sin responder', ...noRecord]);
  for (const { name } of students.slice(1)) await expect(row(name).getByRole('cell')).toHaveText(['Invitación pendiente', ...noRecord]);
  await screenshot(page, 'semana-progreso');

  // Lucía answers the module's activity.
  await student.goto(`/${course.id}/${module.id}/actividades`);
  await student.getByRole('textbox', { name: `1. ${question}` }).fill('Levanta el brazo.');
  await student.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(student.getByRole('dialog')).toContainText('Tus respuestas fueron guardadas');
  await student.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(student.getByRole('dialog')).toBeHidden();

  // The admin sees it on the board and corrects it from there.
  await page.reload();
  await expect(row(students[0]!.name).getByRole('cell')).toHaveText(['Enviado', ...noRecord]);
  await row(students[0]!.name)
    .getByRole('link', { name: `${students[0]!.name}, ${module.name}: Enviado` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/[^/]+/cursos/${course.id}/modules/${module.id}$`));
  const verdict = page.getByRole('radiogroup', { name: 'Corrección de la pregunta 1' });
  const feedback = page.getByRole('textbox', { name: 'Devolución para la pregunta 1' });
  await verdict.getByText('Incorrecta', { exact: true }).click();
  await feedback.fill('Falta el antebrazo.');
  await page.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(page.getByRole('dialog')).toContainText('Se envió la corrección');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Later in the week the admin changes that correction.
  await page.getByRole('button', { name: 'Modificar corrección' }).click();
  await expect(page.getByText('Modificando la corrección')).toBeVisible();
  await verdict.getByText('Incorrecta', { exact: true }).click();
  await feedback.fill('Brazo levantado y antebrazo girado: mostrá el gesto completo.');
  await page.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(page.getByRole('dialog')).toContainText('Se guardó la corrección modificada');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Historial de correcciones' })).toContainText('Modificación');
  await screenshot(page, 'semana-correccion-modificada');

  // Lucía sees the new feedback, not the old one.
  await student.reload();
  await expect(student.getByText('Brazo levantado y antebrazo girado: mostrá el gesto completo.')).toBeVisible();
  await expect(student.getByText('Falta el antebrazo.')).toHaveCount(0);
  await expect(student.getByRole('textbox', { name: `1. ${question}` })).toBeEditable();
  await screenshot(student, 'semana-devolucion-nueva');
  await studentContext.close();
});

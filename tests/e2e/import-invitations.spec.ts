import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  createCourse,
  createModule,
  invitationLinkFrom as invitationLink,
  screenshot,
  signIn,
  uniqueEmail,
  waitForEmail,
} from './helpers.ts';

test('the admin imports a class from a CSV with a course; a student follows the emailed invitation, creates a password and lands on the course', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const course = await createCourse({ name: `Reglamento ${uniqueEmail('c').split('@')[0]}` });
  await createModule({ courseId: course.id, name: 'Módulo 1: el pasivo', questions: ['¿Qué es el juego pasivo?'] });
  const students = [
    { name: 'Lucía Fernández', email: uniqueEmail('lucia') },
    { name: 'Martín Gómez, hijo', email: uniqueEmail('martin') },
    { name: 'Sofía Núñez', email: uniqueEmail('sofia') },
  ];
  // As Excel saves it on Windows: semicolons, CRLF, Windows-1252 accents, a quoted name with a comma.
  const csv = Buffer.from(
    ['nombre;email', ...students.map((t) => `"${t.name}";${t.email}`), 'Sin Email;no-es-un-email', ''].join('\r\n'),
    'latin1',
  );

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Lista de Usuarios' }).click();
  await page.getByRole('link', { name: 'Importar alumnos' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/import$/);
  await expect(page.getByRole('heading', { name: 'Importar alumnos' })).toBeVisible();
  await screenshot(page, 'import-users');

  await page.locator('input[type="file"]').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('textbox', { name: 'Curso para habilitar (opcional)' }).click();
  await page.getByRole('option', { name: course.name }).click();
  await page.getByRole('button', { name: 'Revisar archivo' }).click();

  const table = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(page.getByText(`3 filas listas para importar, 1 con errores · se habilita "${course.name}"`)).toBeVisible();
  for (const student of students) {
    await expect(table.getByRole('row').filter({ hasText: student.email })).toContainText(student.name);
    await expect(table.getByRole('row').filter({ hasText: student.email })).toContainText('Lista');
  }
  await expect(table.getByRole('row').filter({ hasText: 'no-es-un-email' })).toContainText('Email inválido');
  await screenshot(page, 'import-users-preview');

  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 alumnos creados, 1 fila con errores' })).toBeVisible();
  await screenshot(page, 'import-users-done');

  // The invitation reaches the test SMTP server, in Spanish, with the link.
  const mail = await waitForEmail(students[0]!.email);
  expect(mail.subject).toBe('Te invitaron a Aula Virtual: creá tu contraseña');
  expect(mail.body).toContain(`Hola ${students[0]!.name}`);
  const link = invitationLink(mail);

  // The student, on their own phone, opens the link and chooses a password.
  const studentContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const student = await studentContext.newPage();
  await student.goto(link);
  await expect(student.getByRole('heading', { name: 'Creá tu contraseña' })).toBeVisible();
  await screenshot(student, 'accept-invitation');
  await student.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave-lucia-1');
  await student.getByRole('textbox', { name: 'Repetí la contraseña' }).fill('clave-lucia-1');
  await student.getByRole('button', { name: 'Crear contraseña y entrar' }).click();

  // Signed in, on their course, with its first module enabled.
  await expect(student).toHaveURL(new RegExp(`/${course.id}$`));
  await expect(student.getByRole('heading', { name: course.name })).toBeVisible();
  await student.reload();
  await expect(student.getByRole('heading', { name: course.name })).toBeVisible();

  // The link works once.
  await student.context().clearCookies();
  await student.goto(link);
  await student.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('otra-clave-1');
  await student.getByRole('textbox', { name: 'Repetí la contraseña' }).fill('otra-clave-1');
  await student.getByRole('button', { name: 'Crear contraseña y entrar' }).click();
  await expect(student.getByRole('alert')).toContainText('no es válido, ya se usó o venció');
  await studentContext.close();

  // The admin resends the invitation of a student who has not accepted yet: a new email arrives.
  const first = await waitForEmail(students[1]!.email);
  await page.getByRole('link', { name: 'Ver la lista de usuarios' }).click();
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar/ }))
    .first()
    .fill(students[1]!.email);
  await page.getByRole('link', { name: new RegExp(students[1]!.name) }).click();
  await expect(page.getByText('Invitación pendiente')).toBeVisible();
  await screenshot(page, 'user-invitation-pending');
  await page.getByRole('button', { name: 'Reenviar invitación' }).click();
  await expect(page.getByText(`Se la enviamos a ${students[1]!.email}.`)).toBeVisible();
  const second = await waitForEmail(students[1]!.email, { seen: new Set([first.file]) });
  expect(invitationLink(second)).not.toBe(invitationLink(first));
});

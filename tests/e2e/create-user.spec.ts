import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { screenshot, signIn, uniqueEmail } from './helpers.ts';

test('the admin creates a student, who can then sign in; the same email twice fails', async ({ page, browser, baseURL }) => {
  const student = { name: 'Valentina Sosa', email: uniqueEmail('valentina'), password: 'clave-valen-1' };

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Crear usuario', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Crear usuario' })).toBeVisible();
  await screenshot(page, 'create-user');

  const name = page.getByRole('textbox', { name: 'Nombre completo' });
  const email = page.getByRole('textbox', { name: 'Email' });
  // An invitation by email is the default; this admin chooses the password by hand.
  await expect(page.getByRole('radio', { name: 'Enviar invitación por email' })).toBeChecked();
  await page.getByRole('radio', { name: 'Elegir la contraseña ahora' }).check();
  const password = page.getByRole('textbox', { name: 'Contraseña', exact: true });
  const create = page.getByRole('button', { name: 'Crear usuario' });
  const dialog = page.getByRole('dialog');

  // Nothing is sent while a field is missing.
  await create.click();
  await expect(name).toHaveAccessibleDescription('Este campo es obligatorio');
  await expect(dialog).toHaveCount(0);

  await name.fill(student.name);
  await email.fill(student.email);
  await password.fill(student.password);
  await expect(page.getByRole('textbox', { name: 'Rol' })).toHaveValue('Alumno');
  await create.click();
  await expect(dialog).toContainText('¡Usuario Creado!');
  await screenshot(page, 'create-user-created');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('');

  await name.fill('Otra Persona');
  await email.fill(student.email);
  await password.fill('otra-clave-1');
  await create.click();
  await expect(dialog).toContainText('Error, inténtelo nuevamente');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();

  // The new student, on their own browser, signs in with the password the admin chose.
  const studentContext = await browser.newContext({ baseURL });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, student);
  await expect(studentPage).toHaveURL(/\/inicio$/);
  await expect(studentPage.getByRole('banner')).toContainText(student.name);
  await studentContext.close();
});

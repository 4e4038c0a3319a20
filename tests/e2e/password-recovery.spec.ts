import { expect, test } from './fixtures.ts';
import { createStudent, resetLinkFrom, screenshot, signIn, uniqueEmail, waitForEmail } from './helpers.ts';

test('Recuperala aquí leads to /forgot-password and Ir a loguearse back to the login page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Recuperala aquí' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await screenshot(page, 'forgot-password');

  await page.getByRole('link', { name: 'Ir a loguearse' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
});

test('a student recovers their password by email and signs in with the new one; the link works once', async ({ page }) => {
  const student = await createStudent({ name: 'Sofía Ramírez', password: 'clave-vieja-1' });
  const newPassword = 'clave-nueva-2';

  await page.goto('/');
  await page.getByRole('link', { name: 'Recuperala aquí' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const email = page.getByRole('textbox', { name: 'Email' });
  const dialog = page.getByRole('dialog');

  // A malformed email never leaves the page.
  await email.fill('sofia.ramirez');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog).toContainText('Email inválido');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'forgot-password-invalid');
  await dialog.getByRole('button', { name: 'Reintentar' }).click();
  await expect(dialog).toBeHidden();

  // An address without an account gets the same answer, so nobody can probe who is registered.
  await email.fill(uniqueEmail('desconocido'));
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog).toContainText('Revisa tu email');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();

  await email.fill(student.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog).toContainText('Revisa tu email');
  await screenshot(page, 'forgot-password-sent');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();

  const mail = await waitForEmail(student.email);
  expect(mail.subject).toBe('Recuperá tu contraseña de Aula Virtual');
  expect(mail.body).toContain('Hola Sofía Ramírez');
  const link = resetLinkFrom(mail);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elegí una nueva contraseña' })).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Nueva contraseña' });
  const confirm = page.getByRole('textbox', { name: 'Repetí la contraseña' });
  await screenshot(page, 'reset-password');

  await password.fill('corta');
  await confirm.fill('corta');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(password).toHaveAccessibleDescription('La contraseña debe tener al menos 6 caracteres');
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(confirm).toHaveAccessibleDescription('Las contraseñas no coinciden');
  await screenshot(page, 'reset-password-errors');

  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(dialog).toContainText('Tu contraseña fue cambiada');
  await dialog.getByRole('button', { name: 'Ir a loguearse' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The same link a second time: refused, with a way to ask for a new one.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('otra-clave-3');
  await page.getByRole('textbox', { name: 'Repetí la contraseña' }).fill('otra-clave-3');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'El enlace para recuperar la contraseña no es válido o ya venció' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('link', { name: 'Pedir un nuevo enlace' })).toHaveAttribute('href', '/forgot-password');
  await screenshot(page, 'reset-password-used-link');

  // The old password no longer works; the new one does.
  await signIn(page, student);
  await expect(dialog).toContainText('Email o contraseña inválidos');
  await dialog.getByRole('button', { name: 'Reintentar' }).click();
  await signIn(page, { email: student.email, password: newPassword });
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
});

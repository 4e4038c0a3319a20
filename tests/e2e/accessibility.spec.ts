import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createStudent, expectNoAxeViolations, signIn } from './helpers.ts';

test('the login page has no axe violations, empty and with errors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Este campo es obligatorio')).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test('the forgot-password page has no axe violations, also with its error dialog open', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Empty: only the field turns red (the spec's red icon), no popup.
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Email' }).fill('sin-arroba');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email inválido');
  await expectNoAxeViolations(page);
});

test('the reset-password page has no axe violations, also when the link is refused', async ({ page }) => {
  await page.goto('/reset-password?token=un-token-que-no-existe');
  await expect(page.getByRole('button', { name: 'Guardar contraseña' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('clave-nueva-1');
  await page.getByRole('textbox', { name: 'Repetí la contraseña' }).fill('clave-nueva-1');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'no es válido o ya venció' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the admin home and create-user pages have no axe violations, with the menu closed and open', async ({ page }) => {
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('main').getByRole('link', { name: /^Crear Curso/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeInViewport();
  await expectNoAxeViolations(page);

  await menu.getByRole('link', { name: 'Crear usuario', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Crear usuario' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the student home has no axe violations, with the menu closed and open', async ({ page }) => {
  await signIn(page, await createStudent());
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeInViewport();
  await expectNoAxeViolations(page);
});

// The app's addresses as a person meets them (360 px): '/login' and '/ingresar' are the login page;
// an address the app does not have, or a course address whose id is malformed, is 'Esta página no
// existe' with a way home — signed in (inside their own side) or not — and the server says 404.
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

test.use({ viewport: { width: 360, height: 780 } });

test("'/login' and '/ingresar' are the login page; an unknown address says so, with 404", async ({ page }) => {
  for (const alias of ['/login', '/ingresar']) {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  }
  const unknown = await page.goto('/no/es/una/pagina');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Esta página no existe', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'pagina-inexistente-sin-sesion');
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  // Signed in: '/login' leads home; the unknown address and a malformed course id, inside the trainee's side.
  const student = await createStudent();
  await signIn(page, student);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByText('Este curso no existe')).toHaveCount(0);
  for (const address of ['/no/es/una/pagina', '/a.b/modulos']) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { name: 'Esta página no existe', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await screenshot(page, 'pagina-inexistente-alumno');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
});

test("an unknown address of the instructors' side says so inside it, with 404", async ({ page }) => {
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  const response = await page.goto('/admin/no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Esta página no existe', level: 1 })).toBeVisible();
  await expect(page.getByText('Aula Virtual · Administración')).toBeVisible();
  await screenshot(page, 'pagina-inexistente-admin');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/admin\/home$/);
});

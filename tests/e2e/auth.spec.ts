import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createStudent, screenshot, signIn, uniqueEmail } from './helpers.ts';

const adminTiles = [
  { name: 'Lista de Usuarios', href: '/admin/users-activities' },
  { name: 'Responder Preguntas', href: '/admin/question-modules' },
  { name: 'Crear Curso', href: '/admin/create-course' },
  { name: 'Subir Documentos', href: '/admin/upload-documents' },
  { name: 'Crear Módulo', href: '/admin/create-module' },
];

test.describe('login', () => {
  test('submitting an empty or malformed form shows the validation messages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await screenshot(page, 'login');

    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Contraseña', exact: true });
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(2);
    await expect(email).toHaveAccessibleDescription('Este campo es obligatorio');
    await expect(password).toHaveAccessibleDescription('Este campo es obligatorio');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/$/);
    await screenshot(page, 'login-required');

    await email.fill('juan.perez@');
    await password.fill('una-clave');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(email).toHaveAccessibleDescription('Por favor revisar el email');
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshot(page, 'login-invalid-email');
  });

  test('a wrong password shows the error dialog, and Reintentar closes it', async ({ page }) => {
    // An address without an account: failed attempts lock the email they were made with.
    await signIn(page, { email: uniqueEmail('nadie'), password: 'clave-equivocada' });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Email o contraseña inválidos');
    await screenshot(page, 'login-wrong-password');
    await dialog.getByRole('button', { name: 'Reintentar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });

  test('the admin lands on /admin/home with the five spec tiles, and / and /forgot-password send them back there', async ({ page }) => {
    await signIn(page, e2eEnv().admin);
    await expect(page).toHaveURL(/\/admin\/home$/);
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    for (const tile of adminTiles) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${tile.name}`) })).toHaveAttribute('href', tile.href);
    }

    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/home$/);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/admin\/home$/);
    await expect(page.getByRole('main').getByRole('link', { name: /^Lista de Usuarios/ })).toBeVisible();
  });

  test('a student lands on /inicio, and /, /forgot-password and /admin/home send them back there', async ({ page }) => {
    const student = await createStudent({ name: 'Lucía Fernández' });
    await signIn(page, student);
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Lucía Fernández');
    await screenshot(page, 'student-home');

    for (const target of ['/', '/forgot-password', '/admin/home', '/admin/users']) {
      await page.goto(target);
      await expect(page, `${target} debería llevar a /inicio`).toHaveURL(/\/inicio$/);
    }
    await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  });

  test('a signed-out visitor opening /inicio or /admin/home is sent to the login page', async ({ page }) => {
    for (const target of ['/inicio', '/admin/home', '/admin/users']) {
      await page.goto(target);
      await expect(page, `${target} debería llevar a /`).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    }
  });
});

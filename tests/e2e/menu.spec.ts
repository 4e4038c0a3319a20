import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createStudent, screenshot, sessionUser, signIn } from './helpers.ts';

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

async function openMenu(page: Page) {
  const burger = page.getByRole('button', { name: 'Abrir menú' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(sideMenu(page)).toBeInViewport();
  // One way to close it, the button that opened it (and Escape).
  await expect(page.getByRole('button', { name: /menú/ })).toHaveCount(1);
}

/** Signs out from the side menu and checks the session is really gone. */
async function signOutFromMenu(page: Page, home: string) {
  await openMenu(page);
  await sideMenu(page).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();
  await page.goto(home);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
}

test('the admin side menu is hidden until opened, lists every entry, closes, and Cerrar sesión signs out', async ({ page }) => {
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('main').getByRole('link', { name: /^Crear Curso/ })).toBeVisible();

  const menu = sideMenu(page);
  await expect(menu).not.toBeInViewport();
  await expect(menu).toHaveAttribute('inert', '');
  await screenshot(page, 'admin-home');

  await openMenu(page);
  await expect(menu).not.toHaveAttribute('inert');
  for (const entry of ['Inicio', 'Crear usuario', 'Lista de Usuarios', 'Crear Curso', 'Subir Documentos', 'Crear Módulo']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Inicio', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await screenshot(page, 'admin-home-menu');

  await page.getByRole('button', { name: 'Cerrar menú' }).click();
  await expect(menu).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');

  // An entry takes the admin to its page and the menu folds away.
  await openMenu(page);
  await menu.getByRole('link', { name: 'Crear usuario', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Crear usuario' })).toBeVisible();
  await expect(menu).not.toBeInViewport();

  await signOutFromMenu(page, '/admin/home');
});

test('the student side menu has Inicio, Módulos, Documentos and Cerrar sesión, and Salir del curso inside a course', async ({ page }) => {
  const student = await createStudent({ name: 'Martín Gómez' });
  const course = await createCourse({ name: 'Reglamento de handball', enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);

  const menu = sideMenu(page);
  await expect(menu).not.toBeInViewport();
  await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
  // With one course, Módulos and Documentos lead to it from the home page already.
  await expect(menu.getByRole('link', { name: 'Módulos', exact: true })).toHaveAttribute('href', `/${course.id}/modulos`);
  await expect(menu.getByRole('link', { name: 'Documentos', exact: true })).toHaveAttribute('href', `/${course.id}/documentos`);
  await page.getByRole('button', { name: 'Cerrar menú' }).click();

  // With two, they act on the course being viewed: shown, but not links until one is opened.
  await createCourse({ name: 'Mecánica arbitral', enableFor: [student.id] });
  await page.reload();
  await openMenu(page);
  for (const entry of ['Módulos', 'Documentos']) {
    await expect(menu.getByText(entry, { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: new RegExp(`^${entry}`) })).toHaveCount(0);
  }
  await expect(menu.getByText('Elegí un curso primero').first()).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Salir del curso' })).toHaveCount(0);
  await screenshot(page, 'student-home-menu');
  await page.getByRole('button', { name: 'Cerrar menú' }).click();
  await expect(menu).not.toBeInViewport();

  // Inside a course the course entries point at it, and Salir del curso goes back home.
  await page.goto(`/${course.id}`);
  await expect(page.getByRole('main')).toContainText(course.name);
  await openMenu(page);
  const leave = menu.getByRole('link', { name: 'Salir del curso' });
  await expect(leave).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Módulos', exact: true })).toHaveAttribute('href', `/${course.id}/modulos`);
  await expect(menu.getByRole('link', { name: 'Documentos', exact: true })).toHaveAttribute('href', `/${course.id}/documentos`);
  await expect(menu.getByRole('link', { name: 'Módulos', exact: true })).not.toHaveAttribute('aria-disabled');
  await screenshot(page, 'student-course-menu');
  await leave.click();
  await expect(page).toHaveURL(/\/inicio$/);

  await signOutFromMenu(page, '/inicio');
});

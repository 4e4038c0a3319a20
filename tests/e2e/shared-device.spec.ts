// A shared phone and several tabs: what one student sees never shows to the next one, and
// signing out in one tab signs out the others.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, signIn, type TestUser } from './helpers.ts';

const question = '¿Cuántos árbitros dirigen un partido de handball?';
const answerBox = (page: Page) => page.getByRole('textbox', { name: `1. ${question}` });
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await sideMenu(page).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
}

/** Fills the login form already on screen (no page load: the app keeps what it holds in memory). */
async function signInHere(page: Page, user: TestUser) {
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
}

/** From /inicio to the module's activities, by clicking as a person would. */
async function openActivities(page: Page, courseName: string, moduleName: string) {
  await page.getByRole('main').getByRole('link', { name: courseName }).click();
  await page.getByRole('link', { name: 'Comenzar' }).click();
  await page.getByRole('main').getByRole('link', { name: moduleName }).click();
  await page.getByRole('link', { name: 'Actividades' }).click();
  await expect(answerBox(page)).toBeVisible();
}

test('on a shared phone, the second student sees none of the first one’s answers', async ({ page }) => {
  const first = await createStudent({ name: 'Primera Alumna' });
  const second = await createStudent({ name: 'Segundo Alumno' });
  const course = await createCourse({ name: 'Curso compartido', enableFor: [first.id, second.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Módulo del teléfono',
    questions: [question],
    enableFor: [first.id, second.id],
  });

  await signIn(page, first);
  await expect(page).toHaveURL(/\/inicio$/);
  // Everything from here on happens without loading the page again, as on a phone passed from hand to hand.
  await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
  await openActivities(page, course.name, module.name);
  await answerBox(page).fill('Dos árbitros: respuesta de la primera alumna');
  await expect(page.getByTestId('estado-guardado')).toHaveText(/Guardado/);

  await signOutFromMenu(page);
  await signInHere(page, second);
  await openActivities(page, course.name, module.name);
  await expect(answerBox(page)).toHaveValue('');
  await expect(page.getByText('respuesta de la primera alumna')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
});

test('signing out in one tab signs out the other tabs of the browser', async ({ page, context }) => {
  const student = await createStudent({ name: 'Alumna de Dos Pestañas' });
  await createCourse({ name: 'Curso en dos pestañas', enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  const other = await context.newPage();
  await other.goto('/inicio');
  await expect(other.getByRole('main').getByRole('link', { name: 'Curso en dos pestañas' })).toBeVisible();

  await signOutFromMenu(page);
  // The other tab goes to the login page by itself, without a click or a reload.
  await expect(other.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByText('Curso en dos pestañas')).toHaveCount(0);
});

test('a page Back brings back whole, after the session ended meanwhile, goes to the login page and says so', async ({
  playwright,
  baseURL,
}) => {
  const student = await createStudent({ name: 'Alumna que Vuelve' });
  const course = await createCourse({ name: 'Curso al que se vuelve', enableFor: [student.id] });
  // A phone's browser keeps a page whole for Back; Playwright's are started without that (a flag it adds).
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'es-AR' });
    await context.addInitScript(() =>
      addEventListener('pageshow', (event) => {
        if (event.persisted) Object.assign(window, { broughtBackWhole: true });
      }),
    );
    const page = await context.newPage();
    await signIn(page, student);
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('main').getByRole('link', { name: course.name })).toBeVisible();

    // The student leaves the app; meanwhile the session ends (here: its cookie is gone); Back.
    await page.goto('/api/health');
    await context.clearCookies();
    // A page brought back whole fires no load event: only the navigation's commit is awaited.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => (window as unknown as { broughtBackWhole?: boolean }).broughtBackWhole)).toBe(true);
    await expect(page.getByRole('alert')).toHaveText('Tu sesión venció. Ingresá de nuevo.');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(course.name)).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

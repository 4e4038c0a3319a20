import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  axeViolations,
  correctAsAdmin,
  createCourse,
  createModule,
  createStudent,
  recordAxeScan,
  screenshot,
  signIn,
  signInThroughApi,
} from './helpers.ts';

// Keyboard, screen readers and phones (WCAG 2.2 AA): a visible focus ring on everything Tab
// reaches, focus on the new page's heading after a route change and back on the opener after a
// dialog, Escape closing the menu, a keyboard-scrollable forum, and axe on every page visited.

interface FocusInfo {
  description: string;
  visible: boolean;
  detail: string;
}

/** What the focused element shows: an outline of at least 2 px with 3:1 contrast against white, or a box shadow. */
async function focusIndicator(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { description: 'body', visible: false, detail: 'el foco está en <body>' };
    const style = getComputedStyle(element);
    const luminance = (color: string) => {
      const [r, g, b] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrastOnWhite = (color: string) => 1.05 / (luminance(color) + 0.05);
    const width = parseFloat(style.outlineWidth);
    const outline = style.outlineStyle !== 'none' && width >= 2 && contrastOnWhite(style.outlineColor) >= 3;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 100) ?? '';
    return {
      description: `<${element.tagName.toLowerCase()}> ${name}`,
      visible: outline || shadow,
      detail: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow ${style.boxShadow}`,
    };
  });
}

/** Presses Tab until the focused element matches `name`, checking the focus ring of every element passed. */
async function tabTo(page: Page, name: RegExp, checked: FocusInfo[], max = 40) {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press('Tab');
    const info = await focusIndicator(page);
    checked.push(info);
    expect(info.visible, `sin indicador de foco visible: ${info.description} (${info.detail})`).toBe(true);
    if (name.test(info.description)) return;
  }
  throw new Error(`Tab no llegó a ${name} en ${max} pasos`);
}

async function expectHeadingFocused(page: Page, text: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(text);
  await expect(heading).toBeFocused();
}

// Every page and state this file visits, with axe's violations: printed at the end for the totals.
const tally: Array<{ page: string; violations: number; rules: string[] }> = [];
async function axe(page: Page, label: string) {
  const found = await axeViolations(page);
  const rules = found.map((violation) => `${violation.id} (${violation.nodes.length})`);
  const violations = found.reduce((sum, violation) => sum + violation.nodes.length, 0);
  tally.push({ page: label, violations, rules });
  await recordAxeScan(page, violations, label);
  expect.soft(rules, `violaciones de axe en ${label}`).toEqual([]);
}
test.afterAll(() => {
  if (tally.length === 0) return;
  const total = tally.reduce((sum, entry) => sum + entry.violations, 0);
  console.log(`\nAxe (WCAG 2.2 AA) en ${tally.length} páginas y estados: ${total} violaciones`);
  for (const entry of tally) console.log(`  ${entry.violations}\t${entry.page}${entry.rules.length ? `\t${entry.rules.join(', ')}` : ''}`);
});

test('a student goes through the course by keyboard only, always seeing where the focus is', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: 'Teclado Solo' });
  const course = await createCourse({ name: `Curso teclado ${suffix}`, enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Módulo teclado ${suffix}`,
    questions: ['¿Qué es un pie?'],
    enableFor: [student.id],
  });
  const checked: FocusInfo[] = [];

  await page.goto('/');
  // The login form is the app's: the first Tab is pressed once it is on screen.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await axe(page, 'login');
  await tabTo(page, /^<input>/, checked);
  await page.keyboard.type(student.email);
  await page.keyboard.press('Tab');
  checked.push(await focusIndicator(page));
  await page.keyboard.type(student.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('link', { name: new RegExp(course.name) })).toBeVisible();
  await axe(page, 'inicio del alumno');

  // Escape closes the side menu and gives the focus back to its button.
  await tabTo(page, /Abrir menú/, checked);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(menu).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

  // The course card: a visible ring (screenshots of the focus state at both widths).
  await tabTo(page, new RegExp(course.name), checked);
  await screenshot(page, 'foco-tarjeta-curso');
  await page.getByRole('link', { name: new RegExp(course.name) }).focus();
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, course.name);
  await axe(page, 'bienvenida del curso');

  await tabTo(page, /Comenzar/, checked);
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Módulos');
  await axe(page, 'módulos del curso');
  await tabTo(page, new RegExp(module.name), checked);
  await screenshot(page, 'foco-tarjeta-modulo');
  await page.getByRole('link', { name: new RegExp(module.name) }).focus();
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, module.name);
  await axe(page, 'módulo');

  await tabTo(page, /^<a> Actividades/, checked);
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Actividades');
  await tabTo(page, /^<textarea>/, checked);
  await page.keyboard.type('Tocar la pelota con el pie por debajo de la rodilla.');
  await expect(page.getByTestId('estado-guardado')).toHaveText('Guardado');
  await tabTo(page, /^<button> Enviar/, checked);
  await screenshot(page, 'foco-boton-enviar');
  await page.getByRole('button', { name: 'Enviar', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Tus respuestas fueron guardadas');
  await axe(page, 'actividades con el aviso de envío');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Enviar, which opened it, is disabled now: the focus goes to the page's heading, not to <body>.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await axe(page, 'actividades enviadas');

  await tabTo(page, /Hacé una pregunta en el foro/, checked);
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, /Preguntas/);
  // The forum history is reachable by Tab (it scrolls by keyboard).
  await tabTo(page, /Historial de mensajes del foro/, checked);
  await screenshot(page, 'foco-historial-foro');
  await tabTo(page, /Escribí tu mensaje/, checked);
  await page.keyboard.type('¿Cuándo se cobra un pie?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mensaje').filter({ hasText: '¿Cuándo se cobra un pie?' })).toBeVisible();
  await axe(page, 'foro del módulo');

  expect(checked.length).toBeGreaterThan(10);
  expect(checked.filter((info) => !info.visible)).toEqual([]);
});

test('a dialog gives the focus back to the control that opened it', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('sin-arroba');
  const send = page.getByRole('button', { name: 'Enviar' });
  await send.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Email inválido');
  // The focus moves into the dialog once it has opened (after its transition): Enter before that
  // reaches nothing, which is what failed now and then when pressed at once.
  await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(send).toBeFocused();
});

test('axe finds nothing on a forum with 30 messages, scrollable by keyboard, nor on a corrected activity', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: 'Foro Lleno' });
  const course = await createCourse({ name: `Curso foro lleno ${suffix}`, enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Módulo foro lleno ${suffix}`,
    questions: ['¿Qué es un pie?', '¿Qué es un pasivo?'],
    enableFor: [student.id],
  });

  await signInThroughApi(page, student);
  for (let index = 1; index <= 30; index += 1) {
    const response = await page.request.post(`/api/modules/${module.id}/messages`, {
      data: { body: `Mensaje número ${index}: una duda sobre el reglamento que ocupa algo de lugar en la pantalla.` },
      headers: { origin: e2eEnv().baseURL },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/${course.id}/${module.id}/preguntas`);
  await expect(page.getByTestId('mensaje')).toHaveCount(30);
  const history = page.getByRole('region', { name: 'Historial de mensajes del foro' });
  await expect.poll(() => history.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await axe(page, 'foro con 30 mensajes (1280 px)');
  await page.setViewportSize({ width: 360, height: 720 });
  await axe(page, 'foro con 30 mensajes (360 px)');
  // By keyboard: focus the history and scroll it up with the keys.
  await history.focus();
  const before = await history.evaluate((element) => element.scrollTop);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('Home');
  await expect.poll(() => history.evaluate((element) => element.scrollTop)).toBeLessThan(before);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A corrected activity, as the student sees it and as the admin does.
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await page.getByRole('textbox', { name: '1. ¿Qué es un pie?' }).fill('Tocar la pelota con el pie.');
  await page.getByRole('textbox', { name: '2. ¿Qué es un pasivo?' }).fill('No atacar.');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await correctAsAdmin(student.id, module.id, [true, false], 'Falta decir que es sin intención de tirar al arco.');
  await page.reload();
  await expect(page.getByText('Para corregir', { exact: true })).toBeVisible();
  await axe(page, 'actividad corregida (1280 px)');
  await page.setViewportSize({ width: 360, height: 720 });
  await axe(page, 'actividad corregida (360 px)');

  const adminContext = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, e2eEnv().admin);
  await admin.goto(`/admin/users-activities/${student.id}/cursos/${course.id}/modules/${module.id}`);
  await expect(admin.getByRole('heading', { name: 'Corregir actividad' })).toBeVisible();
  await axe(admin, 'revisión de una actividad corregida (admin)');
  await adminContext.close();
});

test('the admin pages: no sideways scroll at 360 px, notifications below the header, axe on each', async ({ page }) => {
  test.setTimeout(120_000);
  const course = await createCourse({ name: `Curso angosto ${Date.now().toString(36)}` });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await axe(page, 'inicio del admin (360 px)');
  const pages: Array<[string, string]> = [
    ['/admin/users', 'Crear usuario'],
    ['/admin/users-activities', 'Lista de Usuarios'],
    ['/admin/review', 'Por corregir'],
    ['/admin/question-modules', 'Responder Preguntas'],
    ['/admin/create-course', 'Crear Curso'],
    [`/admin/create-module?curso=${course.id}`, 'Crear Módulo'],
    [`/admin/upload-documents?curso=${course.id}`, 'Subir Documentos'],
  ];
  for (const [url, title] of pages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${title} a 360 px`).toBeLessThanOrEqual(360);
    await axe(page, `${title} (360 px)`);
  }

  // A notification on a phone opens below the header: the menu button stays visible and usable.
  await page.route('**/api/review-queue', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Falla de prueba' } }),
    }),
  );
  await page.goto('/admin/review');
  const notice = page.getByRole('alert').filter({ hasText: 'Falla de prueba' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  // Where it comes to rest: it slides in from above, so mid-way it can be higher.
  await expect
    .poll(async () => (await notice.boundingBox())?.y ?? 0, { message: 'el aviso queda debajo del encabezado' })
    .toBeGreaterThanOrEqual(56);
  const burger = page.getByRole('button', { name: 'Abrir menú' });
  const box = (await burger.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Abrir menú');
  await screenshot(page, 'aviso-debajo-del-encabezado');
});

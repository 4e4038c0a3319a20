// Pagos on a phone: the instructor sets $ 3.000 as module 2's 'Pagado mínimo para habilitar',
// sets up the plan, records a $ 3.000 payment for a trainee, and the trainee can open module 2.
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

/** Closes the toasts, so a screenshot shows the page under them. */
async function closeNotices(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Cerrar aviso' }).all()) await close.click();
  await expect(page.getByRole('button', { name: 'Cerrar aviso' })).toHaveCount(0);
}

/** The trainee's module page, as they open it from their course. */
async function openModule(page: Page, courseId: string, moduleId: string) {
  await page.goto(`/${courseId}/${moduleId}/modulo`);
}

test('a payment recorded at 360 px enables the module it pays for', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const ana = await createStudent({ name: `Ana Pagos ${tag}` });
  const bruno = await createStudent({ name: `Bruno Pagos ${tag}` });
  const course = await createCourse({ name: `Curso de pagos ${tag}`, enableFor: [ana.id, bruno.id] });
  await createModule({ courseId: course.id, name: 'Módulo 1: reglas', enableFor: [ana.id] });
  const second = await createModule({ courseId: course.id, name: 'Módulo 2: sanciones', questions: ['¿Qué es una exclusión?'] });

  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);

  // Module 2 opens with $ 3.000 paid.
  await page.goto(`/admin/create-module?curso=${course.id}`);
  await page.getByRole('button', { name: `Editar módulo ${second.name}` }).click();
  const editor = page.getByRole('dialog', { name: 'Editar módulo' });
  await editor.getByRole('textbox', { name: 'Pagado mínimo para habilitar' }).fill('3000');
  await expect(editor.getByRole('textbox', { name: 'Pagado mínimo para habilitar' })).toHaveValue('$ 3.000');
  await screenshot(page, 'modulo-pagado-minimo');
  await editor.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editor).toBeHidden();

  // The course page leads to 'Pagos'.
  await page.goto(`/admin/courses/${course.id}`);
  await page.getByRole('link', { name: /^Pagos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/pagos$`));
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();

  // 'Plan de pagos': two instalments of $ 3.000.
  // A row added takes the focus on its first field; a row removed gives it to its neighbour.
  await page.getByRole('button', { name: 'Agregar opción' }).click();
  await expect(page.getByRole('textbox', { name: 'Opción 1' })).toBeFocused();
  await page.keyboard.type('Dos cuotas de $ 3.000');
  await page.getByRole('textbox', { name: 'Cuota 1' }).fill('3000');
  await page.getByRole('textbox', { name: 'Vence el' }).first().fill('10/01/2026');
  await page.getByRole('button', { name: 'Agregar cuota' }).click();
  await expect(page.getByRole('textbox', { name: 'Cuota 2' })).toBeFocused();
  await page.keyboard.type('3000');
  await page.getByRole('button', { name: 'Agregar cuota' }).click();
  await expect(page.getByRole('textbox', { name: 'Cuota 3' })).toBeFocused();
  await page.getByRole('button', { name: 'Quitar la cuota 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Cuota 2' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Cuota 2' })).toHaveValue('$ 3.000');
  await page.getByRole('textbox', { name: 'Vence el' }).nth(1).fill('10/12/2099');
  await page.getByRole('button', { name: 'Guardar plan' }).click();
  await expect(page.getByText('Plan de pagos guardado')).toBeVisible();

  // Ana pays by that option: she owes the first instalment, past due.
  const cards = page.getByRole('list', { name: 'Alumnos y sus pagos' });
  const anaCard = cards.getByRole('listitem').filter({ hasText: ana.name });
  await anaCard.getByRole('textbox', { name: `Opción de pago de ${ana.name}` }).click();
  await page.getByRole('option', { name: 'Dos cuotas de $ 3.000' }).click();
  await expect(anaCard.getByText('Debe $ 3.000')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cuotas vencidas' })).toContainText(ana.name);
  await closeNotices(page);
  await screenshot(page, 'pagos-debe');

  // Before paying, module 2 is not open to her.
  const trainee = await (
    await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 780 } })
  ).newPage();
  await signIn(trainee, ana);
  await expect(trainee).toHaveURL(/\/inicio$/);
  await openModule(trainee, course.id, second.id);
  await expect(trainee.getByText('No está disponible')).toBeVisible();

  // 'Registrar pago': $ 3.000 in cash, today.
  await page.getByRole('button', { name: 'Registrar pago' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
  await dialog.getByRole('textbox', { name: 'Alumno' }).click();
  await page.getByRole('option', { name: ana.name }).click();
  await dialog.getByRole('textbox', { name: 'Monto' }).fill('3000');
  await expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await expect(dialog.getByLabel('Fecha')).not.toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: /tarjeta/i })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'registrar-pago');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Se habilitó el módulo ${second.name}.`)).toBeVisible();
  await expect(anaCard.getByText('Al día')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pagos registrados' })).toContainText('$ 3.000');
  await expect(page.getByText('Ninguna cuota vencida.')).toBeVisible();
  // Nothing here looks like paying online.
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await closeNotices(page);
  await screenshot(page, 'pagos');

  // The trainee opens module 2 now.
  await openModule(trainee, course.id, second.id);
  await expect(trainee.getByRole('heading', { name: second.name })).toBeVisible();
  await expect(trainee.getByText('No está disponible')).toHaveCount(0);
  await trainee.context().close();
});

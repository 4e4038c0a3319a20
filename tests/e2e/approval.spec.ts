// 'Aprobación y certificados': the instructor requires the physical test, sees who is 'Apto' and
// why on the page and on the class board (its 'Habilitación' column and filter), at 360 px and
// 1280 px, with axe looking at each state.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { adminApi, createCourse, createModule, createStudent, expectNoAxeViolations, signIn } from './helpers.ts';

const shots = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** A full-page picture of the page as it is now, at 360 and 1280 px, each looked at by axe. */
async function shoot(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
    await expectNoAxeViolations(page);
    // Only the page's tables scroll sideways, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(original);
}

const recordFitness = (courseId: string, userId: string, level: number) =>
  adminApi('POST', `/api/courses/${courseId}/trainees/${userId}/fitness-results`, { testedOn: '2026-01-10', level }, 201);

test('the instructor requires the physical test and sees who is Apto, on the page and on the board', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const ana = await createStudent({ name: `Ana Apta ${tag}` });
  const bruno = await createStudent({ name: `Bruno Curso ${tag}` });
  const carla = await createStudent({ name: `Carla Curso ${tag}` });
  const course = await createCourse({ name: `Curso de habilitación ${tag}`, enableFor: [ana.id, bruno.id, carla.id] });
  await createModule({ courseId: course.id, name: 'Reglas de juego', questions: ['¿Cuánto dura un partido?'] });
  await recordFitness(course.id, ana.id, 9);
  await recordFitness(course.id, bruno.id, 6);

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/courses/${course.id}`);
  await page.getByRole('link', { name: /Aprobación y certificados/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/aprobacion$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Aprobación y certificados' })).toBeVisible();

  // Nothing asked yet: everyone is 'Apto', and the page says so.
  const form = page.getByRole('form', { name: 'Requisitos de aprobación' });
  await expect(form.getByText('Sin requisitos, todos los alumnos quedan aptos.')).toBeVisible();
  await expect(page.getByText('El curso no tiene exámenes.')).toBeVisible();
  const trainees = page.getByRole('list', { name: 'Alumnos y su habilitación' });
  await expect(trainees.getByRole('listitem')).toHaveCount(3);
  await expect(trainees.getByRole('listitem').filter({ hasText: bruno.name })).toContainText('Apto');
  await shoot(page, 'aprobacion-sin-requisitos');

  // A percent out of range is refused on the form, naming the field.
  const attendance = form.getByRole('textbox', { name: 'Asistencia mínima (%)' });
  await attendance.fill('0');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Elegí un porcentaje entero del 1 al 100.')).toBeVisible();
  await attendance.fill('');

  // Only 'Prueba física aprobada', and the licence.
  await form.getByRole('switch', { name: 'Prueba física aprobada' }).check();
  await expect(form.getByText('Sin requisitos, todos los alumnos quedan aptos.')).toBeHidden();
  await form.getByRole('textbox', { name: 'Nivel' }).fill('Árbitro Provincial');
  await form.getByRole('textbox', { name: 'Edición del reglamento' }).fill('IHF 2025');
  await expect(form.getByRole('textbox', { name: 'Vencimiento (meses)' })).toHaveValue('12');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se guardaron los requisitos')).toBeVisible();

  const card = (name: string) => trainees.getByRole('listitem').filter({ hasText: name });
  await expect(card(ana.name)).toContainText('Apto');
  await expect(card(ana.name)).toContainText('Cumple todos los requisitos.');
  await expect(card(bruno.name)).toContainText('En curso');
  await expect(card(bruno.name)).toContainText('Falta: prueba física');
  await expect(card(carla.name)).toContainText('Falta: prueba física');
  // The chips count each outcome and filter the list.
  await expect(page.getByText('Apto (1)')).toBeVisible();
  await expect(page.getByText('En curso (2)')).toBeVisible();
  await page.getByText('En curso (2)').click();
  await expect(trainees.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'aprobacion-requisitos');
  await page.getByText('Todos (3)').click();
  await expect(page.getByRole('table', { name: 'Alumnos y su habilitación' })).toBeHidden();

  // The board: the 'Habilitación' column, its words for a screen reader, and the filter.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table', { name: 'Alumnos y su habilitación' })).toBeVisible();
  await page.goto(`/admin/courses/${course.id}/progreso`);
  const table = page.getByRole('table', { name: /Estado de cada alumno/ });
  await expect(table.getByRole('columnheader').last()).toHaveText('Habilitación');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
  await expect(row(ana.name).getByRole('cell').last()).toHaveText('Apto');
  await expect(row(bruno.name).getByRole('cell').last()).toHaveText('En cursoFalta: prueba física');
  await page.getByRole('combobox', { name: 'Habilitación' }).selectOption({ label: 'Apto' });
  await expect(page).toHaveURL(/habilitacion=apto/);
  await expect(table.getByRole('rowheader', { name: new RegExp(tag) })).toHaveCount(1);
  await expect(row(ana.name)).toBeVisible();
  await expect(page.getByText('1 alumno · Apto')).toBeVisible();
  await shoot(page, 'tablero-habilitacion-apto');
  await page.getByRole('combobox', { name: 'Habilitación' }).selectOption({ label: 'En curso' });
  await expect(table.getByRole('rowheader', { name: new RegExp(tag) })).toHaveCount(2);
  // On a phone the column is far to the right: the badge and the words show under the name too.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row(bruno.name).getByRole('rowheader').getByText('Falta: prueba física')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row(bruno.name).getByRole('rowheader').getByText('Falta: prueba física')).toBeHidden();
  await shoot(page, 'tablero-habilitacion-en-curso');

  // The trainee's page says it too.
  await row(bruno.name).getByRole('link', { name: bruno.name, exact: true }).click();
  const badge = page.getByRole('region', { name: 'Habilitación' });
  await expect(badge).toContainText('En curso');
  await expect(badge).toContainText('Falta: prueba física');
  await shoot(page, 'legajo-habilitacion');
});

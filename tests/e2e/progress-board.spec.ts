// The class progress board: rows, states, totals, the filter, the sticky name column on a
// phone, a cell opening the student's review page, and 'Descargar CSV'.
import { readFile } from 'node:fs/promises';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, screenshot, signInThroughApi, submitAs, type TestUser } from './helpers.ts';

test('the admin follows the whole class on one board', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const ana = await createStudent({ name: `Ana Board ${tag}` });
  const beatriz = await createStudent({ name: `Beatriz Board ${tag}` });
  const carlos = await createStudent({ name: `Carlos Board ${tag}` });
  const course = await createCourse({ name: `Curso del tablero ${tag}`, enableFor: [ana.id, beatriz.id, carlos.id] });
  const reglas = await createModule({
    courseId: course.id,
    name: 'Reglas de juego',
    questions: ['¿Cuánto dura un partido?'],
    enableFor: [ana.id, beatriz.id],
  });
  await createModule({ courseId: course.id, name: 'Sanciones progresivas', questions: ['¿Qué es una exclusión?'], enableFor: [ana.id] });
  await createModule({ courseId: course.id, name: 'Evaluación final', questions: ['¿Qué marca el árbitro?'] });
  await submitAs(beatriz, reglas.id);

  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/create-course');
  await page.getByRole('link', { name: `Progreso del curso ${course.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/progreso$`));
  await expect(page.getByRole('heading', { name: `Progreso · ${course.name}` })).toBeVisible();

  const table = page.getByRole('table');
  const row = (student: TestUser) =>
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(student.name) }) });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Alumno',
    'Reglas de juego',
    'Sanciones progresivas',
    'Evaluación final',
    'Asistencia',
    'Pagos',
    'Prueba física',
    'Observaciones',
    'Habilitación',
  ]);
  // After the modules, their record: no classes yet, no plan, no physical test, no observations;
  // the course asks nothing to pass, so everyone is 'Apto'.
  const noRecord = ['—Sin clases', 'Sin plan', '—Sin rendir', '—Sin observaciones', 'Apto'];
  await expect(row(ana).getByRole('cell')).toHaveText(['Sin responder', 'Sin responder', 'No habilitado', ...noRecord]);
  await expect(row(beatriz).getByRole('cell')).toHaveText(['Enviado', 'No habilitado', 'No habilitado', ...noRecord]);
  await expect(row(carlos).getByRole('cell')).toHaveText(['No habilitado', 'No habilitado', 'No habilitado', ...noRecord]);
  const totals = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Totales/ }) });
  await expect(totals.getByRole('rowheader')).toHaveText('Totales (3)');
  await expect(totals.getByRole('cell').nth(0)).toContainText('Sin responder: 1');
  await expect(totals.getByRole('cell').nth(0)).toContainText('Enviado: 1');
  await expect(totals.getByRole('cell').nth(0)).toContainText('No habilitado: 1');
  await screenshot(page, 'progreso-clase');

  // On a phone the modules scroll sideways and the names stay in view.
  await page.setViewportSize({ width: 360, height: 740 });
  // Only the table scrolls sideways, never the page.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const nameCell = row(ana).getByRole('rowheader');
  // The scrolling area, and how far the name cell sits from its left edge, read at the same
  // moment: after the resize the page's side padding still animates for a moment.
  const scroll = (left?: number) =>
    table.evaluate((el, to) => {
      let scroller = el.parentElement;
      while (scroller && scroller.scrollWidth <= scroller.clientWidth) scroller = scroller.parentElement;
      if (!scroller) throw new Error('la tabla no se desplaza a los costados');
      if (to !== undefined) scroller.scrollLeft = to;
      return { scrollLeft: scroller.scrollLeft, left: scroller.getBoundingClientRect().left };
    }, left);
  expect((await scroll(400)).scrollLeft).toBeGreaterThan(100);
  // The name stays at the left edge of the scrolling area while the modules pass under it.
  await expect
    .poll(async () => {
      const [{ left }, box] = [await scroll(), await nameCell.boundingBox()];
      return Math.abs(box!.x - left);
    })
    .toBeLessThanOrEqual(2);
  await expect(nameCell).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });

  // The filter.
  await page.getByRole('searchbox', { name: 'Filtrar por nombre' }).fill('beatriz');
  await expect(table.getByRole('rowheader', { name: /Board/ })).toHaveCount(1);
  await expect(row(beatriz)).toBeVisible();
  await expect(page.getByText('1 alumno coincide con “beatriz”')).toBeVisible();
  await screenshot(page, 'progreso-clase-filtrado');

  // 'Descargar CSV' with the same filter.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, 'utf8');
  expect(
    csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  ).toEqual([
    'Nombre;Email;Reglas de juego;Sanciones progresivas;Evaluación final;Asistencia;Pagos;Prueba física;Observaciones;Habilitación',
    `${beatriz.name};${beatriz.email};Enviado;No habilitado;No habilitado;;Sin plan;;;Apto`,
  ]);

  // A cell opens that student's review page.
  await row(beatriz)
    .getByRole('link', { name: `${beatriz.name}, Reglas de juego: Enviado` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${beatriz.id}/cursos/${course.id}/modules/${reglas.id}$`));
  await expect(page.getByRole('button', { name: 'Guardar corrección' })).toBeVisible();
});

// 'Etiquetas' and 'Uso' of a jugada, and 'Jugadas del curso': a clip made for exams leaves the
// student's practice, and the course's page lists every clip, filtered by tag.
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  answerAs,
  createCourse,
  createJugada,
  createModule,
  createStudent,
  expectNoAxeViolations,
  jugadaOptions,
  makeClip,
  moduleJugadas,
  screenshot,
  signInThroughApi,
  uploadVideo,
} from './helpers.ts';

test("the admin tags a jugada and makes it for exams: the student's jugadas no longer show it, and 'Jugadas del curso' filters by the tag", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await createStudent({ name: 'Ana Etiquetas' });
  const course = await createCourse({ name: 'Curso de jugadas con etiquetas', enableFor: [ana.id] });
  const module = await createModule({ courseId: course.id, name: 'Ataque posicional', enableFor: [ana.id] });
  const other = await createModule({ courseId: course.id, name: 'Defensa', enableFor: [ana.id] });
  const videoId = await uploadVideo(await makeClip('webm', 4));
  const first = await createJugada(module.id, course.id, {
    videoId,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  await createJugada(module.id, course.id, { videoId, decision: 'Juego pasivo', sanction: 'Ninguna', explanation: 'Regla 7:11.' });
  await createJugada(other.id, course.id, { videoId, decision: 'Pasos', sanction: 'Ninguna', explanation: 'Regla 7:3.' });
  const ids = await jugadaOptions(course.id);
  await answerAs(browser, ana, first.id, ids.get('Tiro de 7 metros')!, ids.get('Exclusión de 2 minutos')!);

  // The student practises both jugadas of the module.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const student = await context.newPage();
  await signInThroughApi(student, ana);
  await student.goto(`/${course.id}/${module.id}/jugadas`);
  await expect(student.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();

  // The admin tags the second one and makes it for exams only.
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/modules/${module.id}/jugadas`);
  await page.getByRole('button', { name: 'Editar jugada 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar jugada' });
  const tags = dialog.getByRole('textbox', { name: 'Etiquetas' });
  await tags.fill('Juego pasivo');
  await tags.press('Enter');
  await tags.fill('Ataque');
  await tags.press('Enter');
  await expect(dialog.getByText('Las de examen no se ven en la práctica.')).toBeVisible();
  await dialog.locator('label', { hasText: /^Examen$/ }).click();
  await expect(dialog.getByText('Necesitan un video subido y un final conocido')).toBeVisible();
  await screenshot(page, 'jugadas-etiquetas-formulario');
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog).toBeHidden();
  const second = page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem').nth(1);
  await expect(second).toContainText('Etiquetas:Juego pasivoAtaque');
  await expect(second).toContainText('Sólo examen: los alumnos no la ven en la práctica');
  expect((await moduleJugadas(module.id))[1]).toMatchObject({ tags: ['Juego pasivo', 'Ataque'], use: 'examen' });
  await screenshot(page, 'jugadas-etiquetas-lista');

  // The first gets a tag the course already has: the form suggests it.
  await page.getByRole('button', { name: 'Editar jugada 1' }).click();
  await dialog.getByRole('textbox', { name: 'Etiquetas' }).fill('ata');
  await page.getByRole('option', { name: 'Ataque' }).click();
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem').nth(0)).toContainText('Ataque');

  // The student no longer sees it, nor counts it.
  await student.reload();
  await expect(student.getByText('Jugadas: 1 de 1 correcta')).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Jugada 1 de 1' })).toBeVisible();
  await context.close();

  // 'Jugadas del curso', from the course's page: every clip of every module.
  await page.goto(`/admin/courses/${course.id}`);
  await page
    .getByRole('list', { name: 'Herramientas del curso' })
    .getByRole('link', { name: /^Jugadas del curso/ })
    .click();
  await expect(page).toHaveURL(`/admin/courses/${course.id}/jugadas`);
  await expect(page.getByRole('heading', { name: 'Jugadas del curso', level: 1 })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Jugadas del curso' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Módulo 1: Ataque posicional');
  await expect(rows.nth(1)).toContainText('1 de 1 (100 %)');
  await expect(rows.nth(2)).toContainText('Examen');
  await expect(rows.nth(3)).toContainText('Módulo 2: Defensa');
  await expect(rows.nth(3)).toContainText('Sin respuestas');
  await expect(page.getByText('3 jugadas', { exact: true })).toBeVisible();
  await screenshot(page, 'jugadas-del-curso');

  // Filtered by a tag, kept in the address.
  await page.getByRole('textbox', { name: 'Etiqueta' }).click();
  await page.getByRole('option', { name: 'Juego pasivo (1)' }).click();
  await expect(page).toHaveURL(/\?etiqueta=Juego\+pasivo$/);
  await expect(page.getByText('1 jugada con la etiqueta “Juego pasivo”')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Jugada 2: ¿Qué cobrás?');
  await page.getByRole('textbox', { name: 'Etiqueta' }).click();
  await page.getByRole('option', { name: 'Ataque (2)' }).click();
  await expect(rows).toHaveCount(3);
  await expectNoAxeViolations(page);

  // On a phone, one card per clip, with the first attempts spelled out.
  await page.setViewportSize({ width: 360, height: 800 });
  const cards = page.getByRole('list', { name: 'Jugadas del curso' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Primer intento: 1 de 1 (100 %)');
  await expect(cards.nth(1)).toContainText('Uso: Examen');
  await screenshot(page, 'jugadas-del-curso-filtradas');
  await expectNoAxeViolations(page);

  // 'Editar' opens the clip's editor in its module.
  await cards.nth(1).getByRole('link', { name: 'Editar jugada 2 del módulo 1' }).click();
  await expect(page).toHaveURL(`/admin/modules/${module.id}/jugadas`);
  await expect(dialog.getByRole('textbox', { name: 'Consigna' })).toHaveValue('¿Qué cobrás?');
  await expect(dialog.getByRole('radio', { name: 'Examen' })).toBeChecked();
});

test("'Jugadas del curso' of a course without jugadas says so and where to add them", async ({ page }) => {
  const course = await createCourse({ name: 'Curso sin jugadas' });
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/courses/${course.id}/jugadas`);
  await expect(page.getByText('Este curso todavía no tiene jugadas')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a los módulos' })).toHaveAttribute('href', `/admin/create-module?curso=${course.id}`);
  await screenshot(page, 'jugadas-del-curso-vacia');
  await expectNoAxeViolations(page);
});

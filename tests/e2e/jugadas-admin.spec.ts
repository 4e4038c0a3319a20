import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

test('the admin uploads a WebM clip, creates two jugadas, edits the lists, and sees 50 % and the chart once two students answered', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const [ana, beto] = [await createStudent({ name: 'Ana Árbitra' }), await createStudent({ name: 'Beto Juez' })];
  // A name of its own: a retry of this test creates another course, and the admin picks it by name.
  const course = await createCourse({ name: `Curso de jugadas (admin) ${Date.now().toString(36)}`, enableFor: [ana.id, beto.id] });
  const module = await createModule({ courseId: course.id, name: 'Jugadas de ataque', enableFor: [ana.id, beto.id] });
  // The test's own output folder: Playwright empties it before the next run.
  const dir = test.info().outputDir;
  await mkdir(dir, { recursive: true });
  const clip = path.join(dir, 'jugada.webm');
  await writeFile(clip, await makeClip('webm', 5));
  const notVideo = path.join(dir, 'falso.webm');
  await writeFile(notVideo, 'esto no es un video');

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/create-module');
  await page.getByRole('textbox', { name: 'Curso' }).click();
  await page.getByRole('option', { name: course.name }).click();
  await page.getByRole('link', { name: 'Jugadas del módulo Jugadas de ataque' }).click();
  await expect(page).toHaveURL(`/admin/modules/${module.id}/jugadas`);
  await expect(page.getByText('Este módulo todavía no tiene jugadas')).toBeVisible();

  // First jugada: an uploaded clip, checked by content.
  await page.getByRole('button', { name: 'Agregar jugada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar jugada' });
  await dialog.locator('input[type="file"]').setInputFiles(notVideo);
  await expect(dialog.getByText('El video debe ser MP4 o WebM.')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(clip);
  await expect(dialog.getByText('Video subido.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Desde (segundos)' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Hasta (segundos)' }).fill('0,5');
  await dialog.getByRole('textbox', { name: 'Decisión correcta' }).click();
  await page.getByRole('option', { name: 'Tiro de 7 metros' }).click();
  await dialog.getByRole('textbox', { name: 'Sanción correcta' }).click();
  await page.getByRole('option', { name: 'Exclusión de 2 minutos' }).click();
  await dialog.getByRole('textbox', { name: 'Momento de la infracción (segundos)' }).fill('2,5');
  await dialog.getByRole('textbox', { name: 'Explicación' }).fill('Regla 8:5: ocasión manifiesta de gol.');
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog.getByText('"Hasta" debe ser mayor que "Desde".')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Hasta (segundos)' }).fill('4');
  await screenshot(page, 'jugadas-admin-formulario');
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Jugada 1: ¿Qué cobrás?')).toBeVisible();
  await expect(page.getByText('Archivo de video · desde 1 s hasta 4 s')).toBeVisible();

  // Second jugada: the same kind of clip, another call. The prompt and tolerance start at their defaults.
  await page.getByRole('button', { name: 'Agregar jugada' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Consigna' })).toHaveValue('¿Qué cobrás?');
  await expect(dialog.getByRole('textbox', { name: 'Tolerancia (segundos)' })).toHaveValue('1');
  await dialog.locator('input[type="file"]').setInputFiles(clip);
  await expect(dialog.getByText('Video subido.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Decisión correcta' }).click();
  await page.getByRole('option', { name: 'Pasos' }).click();
  await dialog.getByRole('textbox', { name: 'Sanción correcta' }).click();
  await page.getByRole('option', { name: 'Ninguna' }).click();
  await dialog.getByRole('textbox', { name: 'Explicación' }).fill('Regla 7:3.');
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Jugada 2: ¿Qué cobrás?')).toBeVisible();

  // Editing: the second jugada gets its own prompt and a YouTube address instead of the file.
  await page.getByRole('button', { name: 'Editar jugada 2' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar jugada' });
  await expect(editDialog.getByRole('textbox', { name: 'Explicación' })).toHaveValue('Regla 7:3.');
  await editDialog.getByRole('textbox', { name: 'Consigna' }).fill('¿Qué cobrás en este avance?');
  await editDialog.locator('label', { hasText: /^YouTube$/ }).click();
  await editDialog.getByRole('textbox', { name: 'Dirección de YouTube' }).fill('https://example.com/video');
  await editDialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(editDialog.getByText('Ingresá una dirección de YouTube o un id de video de YouTube.')).toBeVisible();
  await editDialog.getByRole('textbox', { name: 'Dirección de YouTube' }).fill('https://www.youtube.com/watch?v=jNQXAC9IVRw');
  await editDialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(editDialog).toBeHidden();
  const edited = page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem').nth(1);
  await expect(edited).toContainText('Jugada 2: ¿Qué cobrás en este avance?');
  await expect(edited).toContainText('Video de YouTube');
  await expect(edited).toContainText('Pasos · Ninguna');
  expect((await moduleJugadas(module.id))[1]).toMatchObject({
    prompt: '¿Qué cobrás en este avance?',
    video: { kind: 'youtube', youtubeId: 'jNQXAC9IVRw' },
  });

  // The option lists are the course's and editable.
  await page.getByRole('button', { name: 'Opciones de decisión y sanción' }).click();
  const optionsDialog = page.getByRole('dialog', { name: 'Opciones de decisión y sanción' });
  await optionsDialog.getByRole('button', { name: 'Agregar opción' }).first().click();
  await expect(optionsDialog.getByRole('textbox', { name: 'Decisiones: opción 13' })).toBeFocused();
  await page.keyboard.type('Cambio antirreglamentario');
  await optionsDialog.getByRole('button', { name: 'Quitar Pasos' }).click();
  await optionsDialog.getByRole('button', { name: 'Guardar opciones' }).click();
  await expect(optionsDialog.getByRole('alert')).toHaveText('No se puede quitar una opción que ya usa una jugada o una respuesta.');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Opciones de decisión y sanción' }).click();
  await optionsDialog.getByRole('button', { name: 'Agregar opción' }).first().click();
  await optionsDialog.getByRole('textbox', { name: 'Decisiones: opción 13' }).fill('Cambio antirreglamentario');
  await optionsDialog.getByRole('button', { name: 'Guardar opciones' }).click();
  await expect(optionsDialog).toBeHidden();
  expect((await jugadaOptions(course.id)).has('Cambio antirreglamentario')).toBe(true);

  // Two students answer the first jugada: Ana right, Beto wrong; Ana the second one wrong.
  const ids = await jugadaOptions(course.id);
  const [first, second] = await moduleJugadas(module.id);
  await answerAs(browser, ana, first!.id, ids.get('Tiro de 7 metros')!, ids.get('Exclusión de 2 minutos')!, 2.8);
  await answerAs(browser, beto, first!.id, ids.get('Tiro libre')!, ids.get('Exclusión de 2 minutos')!, 1);
  await answerAs(browser, ana, second!.id, ids.get('Gol')!, ids.get('Ninguna')!);

  await page.reload();
  const results = page.getByTestId('resultados-jugada');
  await expect(results.nth(0)).toContainText('50 % de aciertos');
  await expect(results.nth(0)).toContainText('2 alumnos respondieron');
  await expect(results.nth(0).getByRole('row', { name: /Ana Árbitra/ })).toContainText('Correcto');
  await expect(results.nth(0).getByRole('row', { name: /Beto Juez/ })).toContainText('Tiro libre');
  await expect(results.nth(1)).toContainText('0 % de aciertos');
  // The chart of what the class chose: one bar per decision chosen.
  const chart = results.nth(0).getByRole('figure', { name: 'Decisiones elegidas' });
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(chart).toContainText('Tiro de 7 metros');
  await expect(chart).toContainText('Tiro libre');
  // The chart comes in its own chunk, loaded once there are results to draw.
  expect(scripts.filter((url) => url.includes('/assets/results-chart-'))).toHaveLength(1);
  await screenshot(page, 'jugadas-admin');
  await expectNoAxeViolations(page);

  // Reorder; both jugadas were answered, so neither can be deleted any more, only archived.
  await page.getByRole('button', { name: 'Bajar jugada 1' }).click();
  await expect(page.getByText('Jugada 1: ¿Qué cobrás en este avance?')).toBeVisible();
  await expect(page.getByText('Jugada 2: ¿Qué cobrás?')).toBeVisible();
  await expect.poll(async () => (await moduleJugadas(module.id)).map((j) => j.id)).toEqual([second!.id, first!.id]);
  await expect(page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem').first()).toContainText('Pasos');
  await expect(page.getByRole('button', { name: 'Archivar jugada 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archivar jugada 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Eliminar jugada/ })).toHaveCount(0);

  // A third one, not answered yet, is deleted (with confirmation).
  await page.getByRole('button', { name: 'Agregar jugada' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(clip);
  await expect(dialog.getByText('Video subido.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Decisión correcta' }).click();
  await page.getByRole('option', { name: 'Gol', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Sanción correcta' }).click();
  await page.getByRole('option', { name: 'Ninguna' }).click();
  await dialog.getByRole('button', { name: 'Guardar jugada' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Eliminar jugada 3' }).click();
  await page.getByRole('dialog', { name: '¿Eliminar la jugada 3?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect.poll(async () => (await moduleJugadas(module.id)).map((j) => j.id)).toEqual([second!.id, first!.id]);
  await expect(page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem')).toHaveCount(2);
});

test("a jugada students answered is archived instead of deleted: it leaves the student's page and score, and 'Restaurar' brings it back with their answer", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await createStudent({ name: 'Ana Archivada' });
  const course = await createCourse({ name: 'Curso de jugadas archivadas', enableFor: [ana.id] });
  const module = await createModule({ courseId: course.id, name: 'Jugadas para archivar', enableFor: [ana.id] });
  const videoId = await uploadVideo(await makeClip('webm', 3));
  const first = await createJugada(module.id, course.id, {
    videoId,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  await createJugada(module.id, course.id, { videoId, decision: 'Pasos', sanction: 'Ninguna', explanation: 'Regla 7:3.' });
  const ids = await jugadaOptions(course.id);
  await answerAs(browser, ana, first.id, ids.get('Tiro de 7 metros')!, ids.get('Exclusión de 2 minutos')!);

  // The student sees both, one of them right.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const student = await context.newPage();
  await signInThroughApi(student, ana);
  await student.goto(`/${course.id}/${module.id}/jugadas`);
  await expect(student.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();

  // The admin is offered 'Archivar' for the answered one, 'Eliminar' only for the other.
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/modules/${module.id}/jugadas`);
  const items = page.getByRole('list', { name: 'Jugadas del módulo' }).getByRole('listitem');
  await expect(items.nth(0)).toContainText('1 alumno la respondió');
  await expect(items.nth(0).getByRole('button', { name: 'Archivar jugada 1' })).toBeVisible();
  await expect(items.nth(0).getByRole('button', { name: 'Eliminar jugada 1' })).toHaveCount(0);
  await expect(items.nth(1).getByRole('button', { name: 'Eliminar jugada 2' })).toBeVisible();
  await screenshot(page, 'jugadas-admin-archivar-ofrecido');

  await page.getByRole('button', { name: 'Archivar jugada 1' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Archivar la jugada 1?' });
  await expect(confirm).toContainText('Los alumnos dejan de verla y deja de contar en su puntaje. Sus respuestas se conservan');
  await screenshot(page, 'jugadas-admin-archivar-confirmacion');
  await confirm.getByRole('button', { name: 'Archivar' }).click();
  await expect(confirm).toBeHidden();
  await expect(items.nth(0)).toContainText('Archivada: los alumnos no la ven');
  await expect(items.nth(0).getByRole('button', { name: 'Restaurar jugada 1' })).toBeVisible();
  await expect(page.getByTestId('resultados-jugada').nth(0)).toContainText('Archivada');
  await expect
    .poll(async () => ((await moduleJugadas(module.id))[0] as unknown as { archivedAt: string | null }).archivedAt)
    .not.toBeNull();
  await screenshot(page, 'jugadas-admin-archivada');

  // The student no longer sees it, nor counts it.
  await student.reload();
  await expect(student.getByText('Jugadas: 0 de 1 correcta')).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Jugada 1 de 1' })).toBeVisible();

  // Restored, it is back with the student's answer.
  await page.getByRole('button', { name: 'Restaurar jugada 1' }).click();
  await page.getByRole('dialog', { name: '¿Restaurar la jugada 1?' }).getByRole('button', { name: 'Restaurar' }).click();
  await expect(items.nth(0).getByRole('button', { name: 'Archivar jugada 1' })).toBeVisible();
  await expect(items.nth(0)).not.toContainText('Archivada');
  await student.reload();
  await expect(student.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();
  await context.close();
});

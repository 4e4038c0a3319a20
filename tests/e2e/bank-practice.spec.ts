// 'Banco de preguntas' (the admin writes, imports, searches, archives and deletes a course's
// multiple-choice questions) and 'Practicar reglamento' (a trainee practises them at home, graded
// at once, the questions coming back by Leitner boxes).
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { adminPage, createCourse, createModule, createStudent, screenshot, signInThroughApi } from './helpers.ts';

interface Question {
  text: string;
  options: string[];
  /** The right options, by index. */
  correct: number[];
  chapter: string;
  rule: string;
  explanation: string;
  edition: number;
}

const origin = () => ({ origin: e2eEnv().baseURL });

/** A question written through the API as the admin whose page this is; returns its id. */
async function addQuestion(admin: Page, courseId: string, question: Question): Promise<string> {
  const response = await admin.request.post(`/api/courses/${courseId}/bank`, { headers: origin(), data: question });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { question: { id: string } }).question.id;
}

/** The bank's page of the course, reached as the admin would: the course's page, then its tool. */
async function openBank(page: Page, course: { id: string; name: string }) {
  await page.goto(`/admin/courses/${course.id}`);
  await page.getByRole('link', { name: /Banco de preguntas/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/banco$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Banco de preguntas' })).toBeVisible();
}

/** The card of the listed question whose text contains `text`. */
const card = (page: Page, text: string): Locator => page.getByRole('listitem').filter({ has: page.getByText(text, { exact: false }) });

/** Types into the search box (the list follows a moment after typing stops). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

/**
 * The helper's screenshots at 360 and 1280 px (and axe), after checking that at 360 px neither the
 * page nor an open dialog scrolls sideways. A dialog's whole content is photographed with a taller
 * window (`height`), since the dialog scrolls inside itself.
 */
async function shoot(page: Page, name: string, { height }: { height?: number } = {}) {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 360, height: height ?? original.height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const overflow = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('[role="dialog"]')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
  expect.soft(overflow, `scroll horizontal a 360 px en ${name}`).toEqual([]);
  await page.setViewportSize({ width: original.width, height: height ?? original.height });
  await screenshot(page, name);
  await page.setViewportSize(original);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab no llegó a ${target.toString()} en ${max} pasos`);
}

const exclusion: Question = {
  text: '¿Cuánto dura una exclusión?',
  options: ['Un minuto', 'Dos minutos', 'Cinco minutos'],
  correct: [1],
  chapter: 'Regla 16',
  rule: '16:3',
  explanation: 'Dos minutos de juego, con el reloj en marcha.',
  edition: 2024,
};

test('the admin writes a question (a mistake shown on its field), edits it, searches with and without accents, filters by chapter, archives, restores and deletes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const course = await createCourse({ name: `Curso del banco ${Date.now().toString(36)}` });
  await signInThroughApi(page, e2eEnv().admin);
  await openBank(page, course);
  await expect(page.getByText('Todavía no hay preguntas en el banco')).toBeVisible();
  await shoot(page, 'banco-vacio');

  // 'Nueva pregunta': saved without chapter nor right option, each mistake shows where it is.
  await page.getByRole('button', { name: 'Nueva pregunta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
  await expect(dialog.getByRole('textbox', { name: 'Pregunta' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Pregunta' }).fill(exclusion.text);
  await dialog.getByRole('textbox', { name: 'Opción a' }).fill(exclusion.options[0]!);
  await dialog.getByRole('textbox', { name: 'Opción b' }).fill(exclusion.options[1]!);
  await dialog.getByRole('button', { name: 'Agregar opción' }).click();
  await dialog.getByRole('textbox', { name: 'Opción c' }).fill(exclusion.options[2]!);
  await dialog.getByRole('button', { name: 'Guardar pregunta' }).click();
  const chapter = dialog.getByRole('textbox', { name: 'Capítulo' });
  await expect(chapter).toHaveAttribute('aria-invalid', 'true');
  await expect(chapter).toHaveAccessibleDescription(/Este campo es requerido/);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Marcá al menos una opción correcta.' })).toBeVisible();
  await expect(dialog).toBeVisible();
  await shoot(page, 'banco-formulario-errores', { height: 1500 });

  await dialog.getByRole('checkbox', { name: 'La opción b es correcta' }).check();
  await expect(dialog.getByText('Marcá al menos una opción correcta.')).toBeHidden();
  await chapter.fill(exclusion.chapter);
  await expect(chapter).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Regla', exact: true }).fill(exclusion.rule);
  await dialog.getByRole('textbox', { name: 'Edición del reglamento' }).fill(String(exclusion.edition));
  await dialog.getByRole('textbox', { name: 'Explicación' }).fill(exclusion.explanation);
  await shoot(page, 'banco-formulario', { height: 1500 });
  await dialog.getByRole('button', { name: 'Guardar pregunta' }).click();
  await expect(dialog).toBeHidden();
  const first = card(page, exclusion.text);
  await expect(first).toContainText('Regla 16 · 16:3 · Edición 2024');
  await expect(first.getByRole('listitem').filter({ hasText: 'b) Dos minutos' })).toContainText('Correcta');
  await expect(first.getByRole('listitem').filter({ hasText: 'a) Un minuto' })).not.toContainText('Correcta');
  await expect(first).toContainText(`Explicación: ${exclusion.explanation}`);
  await expect(page.getByText('1 pregunta activa en 1 capítulo')).toBeVisible();

  // Two more, through the API, and the page read again.
  await addQuestion(page, course.id, {
    text: '¿Qué sanción corresponde a una conducta antideportiva grave?',
    options: ['Descalificación', 'Amonestación'],
    correct: [0],
    chapter: 'Regla 8',
    rule: '8:6',
    explanation: 'La conducta antideportiva grave se sanciona con descalificación.',
    edition: 2024,
  });
  await addQuestion(page, course.id, {
    text: '¿Cuándo se concede un tiro de 7 metros?',
    options: ['Al destruir una ocasión manifiesta de gol', 'En cada falta dentro del área de 9 metros'],
    correct: [0],
    chapter: 'Regla 14',
    rule: '14:1',
    explanation: '',
    edition: 2022,
  });
  await page.reload();
  await expect(page.getByText('3 preguntas activas en 3 capítulos')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Preguntas del banco' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button') }),
  ).toHaveCount(3);
  await shoot(page, 'banco-lista');

  // 'Editar': the form comes with the question's values.
  await first.getByRole('button', { name: /^Editar pregunta/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar pregunta' });
  await expect(edit.getByRole('textbox', { name: 'Pregunta' })).toHaveValue(exclusion.text);
  await expect(edit.getByRole('checkbox', { name: 'La opción b es correcta' })).toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'Regla', exact: true })).toHaveValue('16:3');
  await edit.getByRole('textbox', { name: 'Pregunta' }).fill('¿Cuánto dura la exclusión de un jugador?');
  await edit.getByRole('button', { name: 'Guardar pregunta' }).click();
  await expect(edit).toBeHidden();
  const edited = card(page, '¿Cuánto dura la exclusión de un jugador?');
  await expect(edited).toBeVisible();
  await expect(page.getByText(exclusion.text, { exact: true })).toHaveCount(0);

  // The search ignores accents and capitals, both ways, and looks into the options too.
  await search(page, 'sancion');
  await expect(page.getByText('1 pregunta de 3')).toBeVisible();
  await expect(card(page, '¿Qué sanción corresponde')).toBeVisible();
  await expect(edited).toBeHidden();
  await expect(page).toHaveURL(/q=sancion/);
  await search(page, 'EXCLUSIÓN');
  await expect(edited).toBeVisible();
  await expect(page.getByText('1 pregunta de 3')).toBeVisible();
  await search(page, 'ocasion manifiesta');
  await expect(card(page, '¿Cuándo se concede un tiro de 7 metros?')).toBeVisible();
  await expect(page.getByText('1 pregunta de 3')).toBeVisible();
  await search(page, 'pasivo');
  await expect(page.getByText('No hay preguntas que coincidan')).toBeVisible();
  await expect(page.getByText('Ninguna pregunta contiene “pasivo”.')).toBeVisible();
  await shoot(page, 'banco-busqueda-sin-resultados');
  await page.getByRole('button', { name: 'Ver todas' }).click();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
  await expect(page.getByText('3 preguntas activas en 3 capítulos')).toBeVisible();

  // The chapter filter.
  await page.getByRole('textbox', { name: 'Capítulo' }).click();
  await page.getByRole('option', { name: 'Regla 8 (1)' }).click();
  await expect(page.getByText('1 pregunta de 3')).toBeVisible();
  await expect(card(page, '¿Qué sanción corresponde')).toBeVisible();
  await expect(edited).toBeHidden();
  await expect(page).toHaveURL(/capitulo=Regla(\+|%20)8/);
  await shoot(page, 'banco-filtro-capitulo');
  // 'Todos los capítulos' shows them all again.
  await page.getByRole('textbox', { name: 'Capítulo' }).click();
  await page.getByRole('option', { name: 'Todos los capítulos' }).click();
  await expect(page.getByText('3 preguntas activas en 3 capítulos')).toBeVisible();
  await expect(page).not.toHaveURL(/capitulo=/);

  // 'Archivar': out of the list, into 'Archivadas'; 'Restaurar' brings it back.
  const penalty = card(page, '¿Cuándo se concede un tiro de 7 metros?');
  await penalty.getByRole('button', { name: /^Archivar pregunta/ }).click();
  const archive = page.getByRole('dialog', { name: '¿Archivar la pregunta?' });
  await expect(archive).toContainText('Deja de salir en los exámenes nuevos y en la práctica.');
  await archive.getByRole('button', { name: 'Archivar' }).click();
  await expect(archive).toBeHidden();
  await expect(penalty).toBeHidden();
  await expect(page.getByText('2 preguntas activas en 2 capítulos')).toBeVisible();
  await page.getByRole('switch', { name: /Archivadas/ }).check({ force: true });
  await expect(page).toHaveURL(/archivadas=si/);
  const archived = page.getByRole('list', { name: 'Preguntas archivadas' });
  await expect(archived.getByRole('listitem').filter({ has: page.getByRole('button') })).toHaveCount(1);
  await expect(penalty).toContainText('Archivada');
  await expect(page.getByText('1 pregunta archivada', { exact: true })).toBeVisible();
  await shoot(page, 'banco-archivadas');
  await penalty.getByRole('button', { name: /^Restaurar pregunta/ }).click();
  const restore = page.getByRole('dialog', { name: '¿Restaurar la pregunta?' });
  await restore.getByRole('button', { name: 'Restaurar' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText('No hay preguntas archivadas')).toBeVisible();
  await shoot(page, 'banco-archivadas-vacio');
  await page.getByRole('switch', { name: /Archivadas/ }).uncheck({ force: true });
  await expect(page.getByText('3 preguntas activas en 3 capítulos')).toBeVisible();
  await expect(penalty).not.toContainText('Archivada');

  // 'Borrar', confirmed: gone for good.
  const sanction = card(page, '¿Qué sanción corresponde');
  await sanction.getByRole('button', { name: /^Borrar pregunta/ }).click();
  const remove = page.getByRole('dialog', { name: '¿Borrar la pregunta?' });
  await expect(remove).toContainText('La pregunta se borra del banco para siempre.');
  await shoot(page, 'banco-borrar-confirmacion');
  await remove.getByRole('button', { name: 'Borrar' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('La pregunta se borró.')).toBeVisible();
  await expect(sanction).toBeHidden();
  await expect(page.getByText('2 preguntas activas en 2 capítulos')).toBeVisible();
  await page.reload();
  await expect(sanction).toHaveCount(0);
  await page.getByRole('switch', { name: /Archivadas/ }).check({ force: true });
  await expect(page.getByText('No hay preguntas archivadas')).toBeVisible();
});

test("'Borrar' of a question an exam attempt used is refused with the server's reason, and the dialog offers to archive it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const student = await createStudent({ name: 'Inés Examinada' });
  const course = await createCourse({ name: `Curso con examen ${Date.now().toString(36)}`, enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Módulo con examen', enableFor: [student.id] });
  await signInThroughApi(page, e2eEnv().admin);
  await addQuestion(page, course.id, exclusion);
  const created = await page.request.post(`/api/courses/${course.id}/exams`, {
    headers: origin(),
    data: {
      title: 'Examen de exclusiones',
      moduleId: module.id,
      questionCount: 1,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      timeMinutes: 10,
      passPercent: 60,
      attempts: 1,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { exam } = (await created.json()) as { exam: { id: string } };

  // The student starts an attempt: the question is copied into it.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const studentPage = await context.newPage();
  await signInThroughApi(studentPage, student);
  const started = await studentPage.request.post(`/api/exams/${exam.id}/attempts`, { headers: origin() });
  expect(started.status(), await started.text()).toBe(201);
  await context.close();

  await openBank(page, course);
  const used = card(page, exclusion.text);
  await expect(used).toContainText('Usada en exámenes');
  await used.getByRole('button', { name: /^Borrar pregunta/ }).click();
  await page.getByRole('dialog', { name: '¿Borrar la pregunta?' }).getByRole('button', { name: 'Borrar' }).click();
  const offer = page.getByRole('dialog', { name: '¿Archivar la pregunta?' });
  await expect(offer.getByRole('alert')).toHaveText(
    'Esta pregunta ya se usó en un intento de examen: no se puede borrar. Podés archivarla.',
  );
  await expect(offer.getByRole('button', { name: 'Borrar' })).toHaveCount(0);
  await shoot(page, 'banco-borrar-rechazado');
  await offer.getByRole('button', { name: 'Archivar' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByText('Todavía no hay preguntas en el banco')).toBeVisible();
  await page.getByRole('button', { name: 'Ver las archivadas' }).click();
  await expect(used).toContainText('Archivada');
  await expect(used).toContainText('Usada en exámenes');
  // An archived question an attempt used: 'Borrar' is still refused, and says why.
  await used.getByRole('button', { name: /^Borrar pregunta/ }).click();
  const again = page.getByRole('dialog', { name: '¿Borrar la pregunta?' });
  await again.getByRole('button', { name: 'Borrar' }).click();
  await expect(again.getByRole('alert')).toContainText('no se puede borrar');
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(used).toBeVisible();
});

test("'Importar preguntas' previews a CSV with a bad row, imports the good ones, and 'Retirar edición' archives an edition", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const course = await createCourse({ name: `Curso importado ${Date.now().toString(36)}` });
  // As Excel saves it in Spanish: semicolons and CRLF; the last row marks an option it does not have.
  const csv = [
    'pregunta;a;b;c;correctas;capitulo;regla;explicacion',
    '¿Cuántos jugadores de campo tiene cada equipo?;Seis;Siete;Cinco;a;Regla 4;4:1;Seis de campo y un arquero.',
    '¿Qué sanciones son progresivas?;Amonestación;Exclusión;Tiro libre;a,b;Regla 16;16:1;',
    '¿Cuánto dura cada tiempo de un partido de mayores?;30 minutos;25 minutos;;c;Regla 2;2:2;',
    '',
  ].join('\r\n');

  await signInThroughApi(page, e2eEnv().admin);
  await openBank(page, course);
  await page.getByRole('button', { name: 'Importar preguntas' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importar preguntas' });
  await expect(dialog.getByRole('button', { name: 'Revisar archivo' })).toBeDisabled();
  await shoot(page, 'banco-importar');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'preguntas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('textbox', { name: 'Edición del reglamento' }).fill('2022');
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();

  // The preview, or the reason the file could not be checked (shown, so a failure says which).
  const checked = dialog.getByText('2 filas listas para importar, 1 con errores');
  await expect(checked.or(dialog.getByRole('alert'))).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(checked).toBeVisible();
  // What was read takes the focus (a screen reader says it).
  await expect(checked).toBeFocused();
  const table = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(table.getByRole('row').filter({ hasText: '¿Cuántos jugadores de campo' })).toContainText('Lista');
  await expect(table.getByRole('row').filter({ hasText: '¿Qué sanciones son progresivas?' })).toContainText(
    'Correctas: a,b · Regla 16 · 16:1',
  );
  const bad = table.getByRole('row').filter({ hasText: '¿Cuánto dura cada tiempo' });
  await expect(bad).toContainText('En correctas, la letra c no es una de las opciones de esta pregunta.');
  await expect(bad).not.toContainText('Lista');
  await expect(dialog.getByText('Las filas con errores no se importan.')).toBeVisible();
  await shoot(page, 'banco-importar-vista-previa', { height: 1500 });

  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '2 preguntas importadas, 1 fila con errores' })).toBeVisible();
  await shoot(page, 'banco-importar-terminado', { height: 1500 });
  await dialog.getByRole('button', { name: 'Ver el banco' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 preguntas activas en 2 capítulos')).toBeVisible();
  await expect(card(page, '¿Qué sanciones son progresivas?')).toContainText('Regla 16 · 16:1 · Edición 2022');

  // A question of the new edition; then the 2022 one is retired.
  await addQuestion(page, course.id, exclusion);
  await page.reload();
  await expect(page.getByText('3 preguntas activas en 2 capítulos')).toBeVisible();
  await page.getByRole('button', { name: 'Retirar edición' }).click();
  const retire = page.getByRole('dialog', { name: 'Retirar edición' });
  await expect(retire.getByRole('textbox', { name: 'Edición del reglamento' })).toHaveValue('2022 (2 preguntas)');
  await expect(retire).toContainText('Se van a archivar 2 preguntas de la edición 2022.');
  await shoot(page, 'banco-retirar-edicion');
  await retire.getByRole('button', { name: 'Retirar edición' }).click();
  await expect(retire).toBeHidden();
  await expect(page.getByText('2 preguntas de la edición 2022 quedaron archivadas.')).toBeVisible();
  await expect(page.getByText('1 pregunta activa en 1 capítulo')).toBeVisible();
  await expect(card(page, exclusion.text)).toBeVisible();
  await page.getByRole('switch', { name: /Archivadas/ }).check({ force: true });
  await expect(page.getByText('2 preguntas archivadas')).toBeVisible();
  await expect(card(page, '¿Cuántos jugadores de campo')).toContainText('Archivada');
});

test("on a phone, 'Importar preguntas' takes a GIFT file from Moodle: the preview lists what comes in and, by its line, what does not; 'Exportar' gives it back as GIFT", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const course = await createCourse({ name: `Curso de Moodle ${Date.now().toString(36)}` });
  // As Moodle exports it: a category, a multiple choice with feedback, a true-false, and a
  // matching question (line 12), which the bank has no place for.
  const gift = [
    '// Preguntas exportadas de Moodle',
    '$CATEGORY: $course$/top/Reglamento/Regla 16',
    '',
    '::16\\:3::¿Cuánto dura una exclusión? {',
    '\t=Dos minutos#Correcto: dos minutos de juego.',
    '\t~Un minuto',
    '\t####Regla 16\\:3.',
    '}',
    '',
    '::16\\:1::La amonestación se muestra con la tarjeta amarilla.{T}',
    '',
    'Emparejá cada sanción con su duración. {',
    '\t=Exclusión -> 2 minutos',
    '\t=Tiempo muerto de equipo -> 1 minuto',
    '}',
    '',
  ].join('\n');

  await page.setViewportSize({ width: 360, height: 740 });
  await signInThroughApi(page, e2eEnv().admin);
  await openBank(page, course);
  // 'Exportar' waits for a question to export.
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Importar preguntas' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importar preguntas' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'reglamento.gift', mimeType: 'text/plain', buffer: Buffer.from(gift) });
  await expect(dialog.getByRole('button', { name: 'Archivo CSV, JSON, GIFT o XML' })).toHaveText('reglamento.gift');
  await dialog.getByRole('textbox', { name: 'Edición del reglamento' }).fill('2025');
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();

  const checked = dialog.getByText('2 preguntas listas para importar, 1 que no se importa');
  await expect(checked.or(dialog.getByRole('alert'))).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const table = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(table.getByRole('columnheader').first()).toHaveText('Línea');
  const ready = table.getByRole('row').filter({ hasText: '¿Cuánto dura una exclusión?' });
  await expect(ready.getByRole('cell').first()).toHaveText('4');
  await expect(ready).toContainText('Correctas: a · Regla 16 · 16:3');
  await expect(ready).toContainText('Lista');
  await expect(table.getByRole('row').filter({ hasText: 'tarjeta amarilla' })).toContainText('a) Verdadero');
  const skipped = table.getByRole('row').filter({ hasText: 'Emparejá cada sanción' });
  await expect(skipped.getByRole('cell').first()).toHaveText('12');
  await expect(skipped).toContainText(
    'Pregunta de tipo emparejamiento: el banco sólo tiene preguntas de opción múltiple y de verdadero o falso, así que no se importa.',
  );
  await expect(skipped).not.toContainText('Lista');
  await expect(dialog.getByText('Las preguntas marcadas no se importan.')).toBeVisible();
  await shoot(page, 'banco-importar-gift', { height: 1600 });

  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '2 preguntas importadas, 1 no se importó' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ver el banco' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 preguntas activas en 1 capítulo')).toBeVisible();
  const exclusionCard = card(page, '¿Cuánto dura una exclusión?');
  await expect(exclusionCard).toContainText('Regla 16 · 16:3 · Edición 2025');
  await expect(exclusionCard).toContainText('a) Correcto: dos minutos de juego.');

  // 'Exportar' → 'GIFT (Moodle)': a file Moodle imports, with the chapter as its category.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const item = page.getByRole('menuitem', { name: /GIFT \(Moodle\)/ });
  await expect(item).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /XML de Moodle/ })).toBeVisible();
  await shoot(page, 'banco-exportar');
  const download = page.waitForEvent('download');
  await item.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^banco-de-preguntas-curso-de-moodle-[a-z0-9]+\.gift\.txt$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('$CATEGORY: $course$/top/Regla 16');
  expect(text).toContain('::16\\:3::¿Cuánto dura una exclusión? {\n\t=Dos minutos\n\t~Un minuto\n');
  expect(text).toContain('::16\\:1::La amonestación se muestra con la tarjeta amarilla. {TRUE}');
});

test('a question is written and saved with the keyboard only', async ({ page }) => {
  const course = await createCourse({ name: `Curso por teclado ${Date.now().toString(36)}` });
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/courses/${course.id}/banco`);
  await expect(page.getByText('Todavía no hay preguntas en el banco')).toBeVisible();

  const open = page.getByRole('button', { name: 'Nueva pregunta' }).first();
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
  await expect(dialog.getByRole('textbox', { name: 'Pregunta' })).toBeFocused();
  await page.keyboard.type('¿Cuántos pasos puede dar un jugador con el balón?');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Opción a' }));
  await page.keyboard.type('Tres');
  await tabTo(page, dialog.getByRole('checkbox', { name: 'La opción a es correcta' }));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Opción b' }));
  await page.keyboard.type('Cuatro');
  await tabTo(page, dialog.getByRole('button', { name: 'Agregar opción' }));
  await page.keyboard.press('Enter');
  // The new option takes the focus.
  await expect(dialog.getByRole('textbox', { name: 'Opción c' })).toBeFocused();
  await page.keyboard.type('Dos');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Capítulo' }));
  await page.keyboard.type('Regla 7');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Regla', exact: true }));
  await page.keyboard.type('7:3');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Edición del reglamento' }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2024');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Explicación' }));
  await page.keyboard.type('Tres pasos como máximo.');
  await expect(dialog.getByRole('checkbox', { name: 'La opción a es correcta' })).toBeChecked();
  await shoot(page, 'banco-formulario-teclado', { height: 1500 });
  await tabTo(page, dialog.getByRole('button', { name: 'Guardar pregunta' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const saved = card(page, '¿Cuántos pasos puede dar un jugador con el balón?');
  await expect(saved).toContainText('Regla 7 · 7:3 · Edición 2024');
  await expect(saved.getByRole('listitem').filter({ hasText: 'a) Tres' })).toContainText('Correcta');
  await expect(saved).toContainText('c) Dos');
  await expect(saved).toContainText('Explicación: Tres pasos como máximo.');
  // The focus goes back to where the dialog was opened from.
  await expect(page.getByRole('button', { name: 'Nueva pregunta' })).toBeFocused();
});

// --- Practicar reglamento --------------------------------------------------------------------

const practiceBank: Question[] = [
  {
    text: '¿Cuántos jugadores de campo tiene cada equipo en la cancha?',
    options: ['Seis', 'Siete', 'Cinco'],
    correct: [0],
    chapter: 'Regla 4',
    rule: '4:1',
    explanation: 'Seis jugadores de campo y un arquero.',
    edition: 2024,
  },
  {
    text: '¿Qué sanciones son progresivas?',
    options: ['Amonestación', 'Exclusión de 2 minutos', 'Tiro libre'],
    correct: [0, 1],
    chapter: 'Regla 16',
    rule: '16:1',
    explanation: 'La amonestación y la exclusión; el tiro libre no es una sanción personal.',
    edition: 2024,
  },
  {
    text: '¿Cuánto dura cada tiempo de un partido de mayores?',
    options: ['30 minutos', '25 minutos'],
    correct: [0],
    chapter: 'Regla 2',
    rule: '2:1',
    explanation: 'Dos tiempos de 30 minutos con 15 de descanso.',
    edition: 2024,
  },
];

/** The question the practice shows now, waiting for it to be answerable. */
async function shownQuestion(page: Page): Promise<Question> {
  const form = page.getByRole('region').filter({ has: page.getByRole('button', { name: 'Responder' }) });
  await expect(form).toBeVisible();
  const text = (await form.getByRole('heading', { level: 2 }).textContent())?.trim();
  const question = practiceBank.find((q) => q.text === text);
  if (!question) throw new Error(`la práctica muestra una pregunta que no es del banco: ${text}`);
  return question;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An option as shown: a letter by where it stands this time (the order is new each showing), then its text. */
const optionLabel = (question: Question, index: number) => new RegExp(`^[a-e]\\) ${escaped(question.options[index]!)}$`);
/** An option's line in the graded result (its badges follow). */
const optionLine = (question: Question, index: number) => new RegExp(`[a-e]\\) ${escaped(question.options[index]!)}`);

/** The server counts an answer to a question less than 5 s after the last one as the same answer again (REPEAT_WINDOW_MS). */
const REPEAT_WINDOW_MS = 5_000;

test("a trainee practises from the course's module list: 'Responder' waits for a mark, a right and a wrong answer are explained, and the day's questions end in 'Terminaste lo de hoy'", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const student = await createStudent({ name: 'Paula Practicante' });
  const course = await createCourse({ name: `Curso para practicar ${Date.now().toString(36)}`, enableFor: [student.id] });
  await createModule({ courseId: course.id, name: 'Módulo 1: las reglas', enableFor: [student.id] });
  const admin = await adminPage(browser);
  for (const question of practiceBank) await addQuestion(admin, course.id, question);
  await admin.context().close();

  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/modulos`);
  await page.getByRole('main').getByRole('link', { name: 'Practicar reglamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/practica$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Practicar reglamento' })).toBeVisible();
  await expect(page.getByText('La práctica no cuenta para el examen.')).toBeVisible();
  await expect(page.getByText('Para hoy: 3 preguntas')).toBeVisible();
  // The boxes, said in one line.
  await expect(page.getByText(/^Cada acierto sube la pregunta una caja y la trae más tarde \(caja 2: mañana; 3: en 3 días;/)).toBeVisible();
  const progress = page.getByRole('region', { name: 'Tu avance por capítulo' });
  for (const chapter of ['Regla 2', 'Regla 4', 'Regla 16']) {
    // An empty bar has no width: it is there, not visible.
    await expect(progress.getByRole('progressbar', { name: `${chapter}: 0 de 1 aprendida` })).toHaveAttribute('aria-valuenow', '0');
  }
  await expect(progress.getByText('0 de 1 aprendida · 0 practicadas')).toHaveCount(3);
  // The chapters in the rules' order.
  await expect(progress.getByRole('listitem')).toHaveText([/^Regla 2/, /^Regla 4/, /^Regla 16/]);

  const answeredAt = new Map<string, number>();
  /** Marks the options given (right ones if none) and sends the answer; waits out the server's repeat window first. */
  const answer = async (question: Question, marks = question.correct) => {
    const responder = page.getByRole('button', { name: 'Responder' });
    await expect(responder).toBeDisabled();
    for (const index of marks) await page.getByRole('checkbox', { name: optionLabel(question, index) }).check();
    await expect(responder).toBeEnabled();
    const last = answeredAt.get(question.text);
    if (last !== undefined) await page.waitForTimeout(Math.max(0, last + REPEAT_WINDOW_MS + 500 - Date.now()));
    await responder.click();
    await expect(page.getByRole('heading', { level: 3, name: /^(Correcta|Incorrecta)$/ })).toBeFocused();
    answeredAt.set(question.text, Date.now());
  };
  const results = page.getByRole('list', { name: 'Las opciones y cuáles son correctas' });

  // The first question, answered right.
  const first = await shownQuestion(page);
  await expect(page.getByText('Pregunta nueva')).toBeVisible();
  await expect(page.getByText(first.chapter, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Marcá todas las correctas')).toBeVisible();
  await shoot(page, 'practica-pregunta');
  await page.getByRole('checkbox', { name: optionLabel(first, first.correct[0]!) }).check();
  await expect(page.getByRole('button', { name: 'Responder' })).toBeEnabled();
  await page.getByRole('checkbox', { name: optionLabel(first, first.correct[0]!) }).uncheck();
  await answer(first);
  await expect(page.getByRole('heading', { level: 3, name: 'Correcta' })).toBeVisible();
  await expect(page.getByText(first.explanation)).toBeVisible();
  await expect(page.getByText(`Regla ${first.rule}`, { exact: true })).toBeVisible();
  // A new question starts in box 1: right, it moves to box 2 and comes back tomorrow.
  await expect(page.getByText('Caja 2 de 5: vuelve mañana.', { exact: true })).toBeVisible();
  for (const index of first.correct) {
    const item = results.getByRole('listitem').filter({ hasText: optionLine(first, index) });
    await expect(item).toContainText('Correcta');
    await expect(item).toContainText('Marcaste esta');
  }
  await shoot(page, 'practica-correcta');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // The second, answered wrong: the right options are shown as such, and the one marked.
  const second = await shownQuestion(page);
  expect(second.text).not.toBe(first.text);
  await expect(page.getByRole('heading', { level: 2, name: second.text })).toBeFocused();
  const wrongIndex = second.options.findIndex((_, index) => !second.correct.includes(index));
  await answer(second, [wrongIndex]);
  await expect(page.getByRole('heading', { level: 3, name: 'Incorrecta' })).toBeVisible();
  await expect(page.getByText('Caja 1 de 5: la vas a repasar hoy de nuevo.')).toBeVisible();
  for (const index of second.correct) {
    const item = results.getByRole('listitem').filter({ hasText: optionLine(second, index) });
    await expect(item).toContainText('Correcta');
    await expect(item).toContainText('No la marcaste');
  }
  const marked = results.getByRole('listitem').filter({ hasText: optionLine(second, wrongIndex) });
  await expect(marked).toContainText('Marcaste esta');
  await expect(marked).not.toContainText('Correcta');
  await expect(page.getByText(second.explanation)).toBeVisible();
  await expect(page.getByText(`Regla ${second.rule}`, { exact: true })).toBeVisible();
  await shoot(page, 'practica-incorrecta');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Then every question shown, answered right: a new one or one of box 1 goes to box 2 (back
  // tomorrow), and the day's count goes down. Today ends when no question is new or in box 1.
  const boxes = new Map([
    [first.text, 2],
    [second.text, 1],
  ]);
  const dueToday = () => practiceBank.filter((question) => (boxes.get(question.text) ?? 0) <= 1).length;
  let answers = 0;
  while (dueToday() > 0 && answers < 6) {
    const left = dueToday();
    await expect(page.getByText(`Para hoy: ${left} ${left === 1 ? 'pregunta' : 'preguntas'}`)).toBeVisible();
    const question = await shownQuestion(page);
    const box = boxes.get(question.text) ?? 0;
    expect(box, `«${question.text}» no es de hoy`).toBeLessThanOrEqual(1);
    await expect(page.getByText(box === 0 ? 'Pregunta nueva' : 'Caja 1 de 5', { exact: true })).toBeVisible();
    await answer(question);
    await expect(page.getByRole('heading', { level: 3, name: 'Correcta' })).toBeVisible();
    await expect(page.getByText('Caja 2 de 5: vuelve mañana.', { exact: true })).toBeVisible();
    boxes.set(question.text, 2);
    answers += 1;
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  // The third question, then the second once more.
  expect(answers).toBe(2);

  const done = page.getByRole('heading', { level: 2, name: 'Terminaste lo de hoy' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(page.getByText('Para hoy: 0 preguntas')).toBeVisible();
  await expect(
    page.getByText('Ya practicaste todas las preguntas del curso: vuelven a aparecer cuando te toque repasarlas.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  await expect(progress.getByText('0 de 1 aprendida · 1 practicada')).toHaveCount(3);
  await shoot(page, 'practica-terminaste');
  await page.reload();
  await expect(done).toBeVisible();
  await page.getByRole('link', { name: 'Volver a los módulos' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/modulos$`));
});

test('the practice of a course without questions says so', async ({ page }) => {
  const student = await createStudent({ name: 'Tomás Sin Banco' });
  const course = await createCourse({ name: `Curso sin banco ${Date.now().toString(36)}`, enableFor: [student.id] });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/practica`);
  await expect(page.getByRole('heading', { level: 1, name: 'Practicar reglamento' })).toBeVisible();
  await expect(page.getByText('Este curso todavía no tiene preguntas para practicar.')).toBeVisible();
  await expect(page.getByText(/^Para hoy/)).toHaveCount(0);
  await shoot(page, 'practica-vacia');
});

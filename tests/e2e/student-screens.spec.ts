// The student's screens: an archived module they worked in, which answer is missing, a button row
// that stays put, a corrected activity on a phone, the module number once; and the user list's
// range of five pages.
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  correctAsAdmin,
  createCourse,
  createModule,
  createStudent,
  createUser,
  screenshot,
  signInThroughApi,
} from './helpers.ts';

const questions = ['¿Cuántos jugadores hay en cancha?', '¿Cuánto dura un partido?', '¿Qué es el juego pasivo?'];
const answerBox = (page: Page, index: number) => page.getByRole('textbox', { name: `${index + 1}. ${questions[index]}` });

test('an archived module the student worked in says Archivado and keeps their answers and corrections readable', async ({ page }) => {
  const student = await createStudent({ name: 'Valeria Archivo' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Módulo que se archiva',
    questions: questions.slice(0, 1),
    enableFor: [student.id],
  });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  await answerBox(page, 0).fill('Siete, con el arquero');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await correctAsAdmin(student.id, module.id, [false], 'Son seis de campo y un arquero.');

  await adminApi('PUT', `/api/modules/${module.id}/archived`, { archived: true }, 200);

  await page.goto(`/${course.id}/modulos`);
  const card = page.getByRole('link', { name: /Módulo que se archiva/ });
  await expect(card).toContainText('Archivado');
  await expect(page.getByText('próximamente')).toHaveCount(0);
  // Its picture is not served any more: the card shows the neutral block, never a broken image.
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, 'modulo-archivado-lista');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/${module.id}/actividades$`));
  await expect(page.getByText('Módulo archivado')).toBeVisible();
  await expect(answerBox(page, 0)).toHaveValue('Siete, con el arquero');
  await expect(answerBox(page, 0)).toHaveAttribute('readonly', '');
  await expect(page.getByText('Son seis de campo y un arquero.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar', exact: true })).toHaveCount(0);
  await screenshot(page, 'modulo-archivado-actividad');
});

test("'Enviar' with an empty answer marks it and takes the focus there; 'Guardado' never moves the buttons", async ({ page }) => {
  const student = await createStudent({ name: 'Mateo Apurado' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, questions, enableFor: [student.id] });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);

  const send = page.getByRole('button', { name: 'Enviar', exact: true });
  const before = await send.boundingBox();
  await answerBox(page, 0).fill('Siete');
  await expect(page.getByTestId('estado-guardado')).toContainText('Guardado');
  expect(await send.boundingBox()).toEqual(before);

  await send.click();
  await expect(page.getByRole('dialog')).toContainText('Para enviar tenés que contestar todas las preguntas');
  await page.getByRole('dialog').getByRole('button', { name: 'Reintentar' }).click();
  await expect(answerBox(page, 1)).toBeFocused();
  await expect(answerBox(page, 1)).toHaveAttribute('aria-invalid', 'true');
  await expect(answerBox(page, 2)).toHaveAttribute('aria-invalid', 'true');
  await expect(answerBox(page, 0)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Falta tu respuesta')).toHaveCount(2);
  await screenshot(page, 'actividad-falta-respuesta');
  // Answered, the mark goes.
  await answerBox(page, 1).fill('Dos tiempos de 30 minutos');
  await expect(answerBox(page, 1)).not.toHaveAttribute('aria-invalid', 'true');
});

test('a corrected activity on a phone keeps the question at full width and the feedback after the answer', async ({ page }) => {
  const student = await createStudent({ name: 'Lola Corregida' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, questions, enableFor: [student.id] });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/${module.id}/actividades`);
  for (const index of [0, 1, 2]) await answerBox(page, index).fill(`Respuesta ${index + 1}`);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await correctAsAdmin(student.id, module.id, [true, false, true], 'Revisá la regla 2.');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  const question = page.getByText(`2. ${questions[1]}`);
  await expect(question).toBeVisible();
  const card = question.locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  const [questionBox, cardBox] = [await question.boundingBox(), await card.boundingBox()];
  // The question uses the card's width (its padding aside), not a column squeezed by the badge.
  expect(questionBox!.width).toBeGreaterThan(cardBox!.width - 40);
  // The answer, then the admin's feedback about it.
  const answerTop = (await answerBox(page, 1).boundingBox())!.y;
  const feedbackTop = (await page.getByText('Revisá la regla 2.').boundingBox())!.y;
  expect(feedbackTop).toBeGreaterThan(answerTop);
  await screenshot(page, 'actividad-corregida-telefono');
});

test("a module whose name says its number shows the number once; the user list's pagination shows a range of 5 pages", async ({ page }) => {
  test.setTimeout(90_000);
  const student = await createStudent({ name: 'Nico Números' });
  const course = await createCourse({ enableFor: [student.id] });
  await createModule({ courseId: course.id, name: 'Módulo 1: El juego y el campo', enableFor: [student.id] });
  await createModule({ courseId: course.id, name: 'Reglas sin número', enableFor: [student.id] });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/modulos`);
  const numbered = page.getByRole('link', { name: /El juego y el campo/ });
  await expect(numbered).toBeVisible();
  expect((await numbered.innerText()).match(/Módulo 1/g)).toHaveLength(1);
  await expect(page.getByRole('link', { name: /Reglas sin número/ })).toContainText('Módulo 2');

  // 60 users that only this search finds: 6 pages.
  const tag = `Paginado${Date.now().toString(36)}`;
  await Promise.all(Array.from({ length: 60 }, (_, i) => createUser({ name: `${tag} ${String(i).padStart(2, '0')}` })));
  await page.context().clearCookies();
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/admin/users-activities');
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(tag);
  await expect(page.getByText('60 usuarios')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Páginas de la lista' });
  await expect(pages.getByRole('button', { name: /^Página \d+$/ })).toHaveCount(5);
  await expect(pages.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Última página' }).click();
  await expect(pages.getByRole('button', { name: /^Página \d+$/ })).toHaveText(['2', '3', '4', '5', '6']);
  await screenshot(page, 'lista-usuarios-paginas');
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  createCourse,
  createJugada,
  createModule,
  createStudent,
  expectNoAxeViolations,
  makeClip,
  screenshot,
  signInThroughApi,
  uploadVideo,
} from './helpers.ts';

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
const videoPaused = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused);

test('a student practises the call on an uploaded clip: plays only the segment, marks the moment, is graded at once, practises again without changing the score', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const student = await createStudent({ name: 'Tomás Árbitro' });
  const course = await createCourse({ name: 'Curso de jugadas', enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Sanciones progresivas', enableFor: [student.id] });
  const videoId = await uploadVideo(await makeClip('webm', 6));
  await createJugada(module.id, course.id, {
    videoId,
    start: 1,
    end: 4,
    moment: 2.5,
    tolerance: 1,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5: se impide una ocasión manifiesta de gol.',
  });
  await createJugada(module.id, course.id, {
    videoId,
    decision: 'Pasos',
    sanction: 'Ninguna',
    explanation: 'Regla 7:3: más de tres pasos con el balón.',
  });

  // The charting library is the admin's: nothing the student opens downloads it.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signInThroughApi(page, student);
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('link', { name: /Sanciones progresivas/ })).toContainText('Jugadas: 0 de 2 correctas');
  await page.getByRole('link', { name: /Sanciones progresivas/ }).click();
  await expect(page.getByText('Jugadas: 0 de 2 correctas')).toBeVisible();
  await page.getByRole('link', { name: 'Jugadas' }).click();

  await expect(page).toHaveURL(`/${course.id}/${module.id}/jugadas`);
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 2' })).toBeVisible();
  await expect(page.getByText('Todavía no marcaste el momento')).toBeVisible();
  // The clip waits at the start of its segment.
  await expect.poll(() => videoTime(page)).toBeCloseTo(1, 1);
  await screenshot(page, 'jugadas-alumno');

  // 'Volver a ver' plays the segment; the moment is marked while it plays.
  await page.getByRole('button', { name: 'Volver a ver' }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(2.1);
  await page.getByRole('button', { name: 'Marcar el momento' }).click();
  const marked = page.getByTestId('momento-marcado');
  await expect(marked).toHaveText(/^Marcaste \d,\d s$/);
  const markedSeconds = Number((await marked.textContent())!.replace(/[^\d,]/g, '').replace(',', '.'));
  expect(markedSeconds).toBeGreaterThanOrEqual(2.1);
  expect(markedSeconds).toBeLessThanOrEqual(4);
  // The playback stops at the segment's end.
  await expect.poll(() => videoPaused(page), { timeout: 15_000 }).toBe(true);
  expect(await videoTime(page)).toBeLessThanOrEqual(4.1);

  // Adjusted by keyboard, a tenth at a time.
  await page.getByRole('button', { name: 'Sumar 0,1 segundos' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Restar 0,1 segundos' }).focus();
  await page.keyboard.press('Space');
  const adjusted = Math.round((markedSeconds + 0.1) * 10) / 10;
  await expect(marked).toHaveText(`Marcaste ${adjusted.toFixed(1).replace('.', ',')} s`);

  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByText('Elegí una decisión.')).toBeVisible();
  await expect(page.getByText('Elegí una sanción.')).toBeVisible();
  await page.getByRole('radio', { name: 'Tiro de 7 metros' }).check();
  await page.getByRole('radio', { name: 'Exclusión de 2 minutos' }).check();
  await page.getByRole('button', { name: 'Responder' }).click();

  const result = page.getByTestId('resultado-jugada');
  await expect(result).toContainText('Correcto');
  await expect(result).toContainText('Decisión: Correcto.');
  await expect(result).toContainText('Sanción: Correcto.');
  await expect(result).toContainText('Momento: Correcto.');
  await expect(result).toContainText('la infracción es a los 2,5 s (con 1 s de tolerancia)');
  await expect(result).toContainText('Regla 8:5: se impide una ocasión manifiesta de gol.');
  await expect(page.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();
  await screenshot(page, 'jugadas-alumno-resultado');

  await page.getByRole('button', { name: 'Siguiente jugada' }).click();
  await expect(page.getByRole('heading', { name: 'Jugada 2 de 2' })).toBeVisible();
  await page.getByRole('radio', { name: 'Gol', exact: true }).check();
  await page.getByRole('radio', { name: 'Ninguna' }).check();
  // A clip that never played cannot be judged: nothing is sent, the attempt is not spent.
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('alert')).toHaveText('Mirá la jugada antes de responder.');
  await page.getByRole('button', { name: 'Volver a ver' }).click();
  await expect.poll(() => videoPaused(page), { timeout: 15_000 }).toBe(false);
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(result).toContainText('Incorrecto');
  await expect(result).toContainText('Decisión: Incorrecto. Elegiste Gol; la correcta es Pasos.');
  await expect(result).toContainText('Regla 7:3: más de tres pasos con el balón.');
  await expect(result).not.toContainText('Momento');
  await expectNoAxeViolations(page);

  // Practising again is graded, but the first answer is the one that counts.
  await page.getByRole('button', { name: 'Practicar de nuevo' }).click();
  await page.getByRole('radio', { name: 'Pasos' }).check();
  await page.getByRole('radio', { name: 'Ninguna' }).check();
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(result).toContainText('Correcto');
  await expect(result).toContainText('Práctica: esta respuesta no cambia tu puntaje.');
  await expect(page.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();

  // After a reload, each jugada opens on its first answer.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 2' })).toBeVisible();
  await expect(result).toContainText('Correcto');
  await page.getByRole('link', { name: 'Volver al módulo' }).first().click();
  await expect(page.getByText('Jugadas: 1 de 2 correctas')).toBeVisible();
  await page.goto(`/${course.id}/modulos`);
  await expect(page.getByRole('link', { name: /Sanciones progresivas/ })).toContainText('Jugadas: 1 de 2 correctas');
  expect(scripts.some((url) => url.includes('/assets/jugadas-page-'))).toBe(true);
  expect(scripts.filter((url) => /results-chart|admin-/.test(url))).toEqual([]);
});

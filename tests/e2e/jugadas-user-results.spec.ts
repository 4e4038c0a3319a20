import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  answerAs,
  createCourse,
  createJugada,
  createModule,
  createStudent,
  jugadaOptions,
  makeClip,
  screenshot,
  signInThroughApi,
  uploadVideo,
} from './helpers.ts';

test("the admin's page of one student's module shows that student's first attempt at each jugada, each part graded, and the total", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const [carla, dario] = [await createStudent({ name: 'Carla Silbato' }), await createStudent({ name: 'Darío Sin Jugadas' })];
  const course = await createCourse({ name: 'Curso de jugadas por alumno', enableFor: [carla.id, dario.id] });
  const questions = ['¿Qué es una exclusión?'];
  const module = await createModule({ courseId: course.id, name: 'Jugadas por alumno', questions, enableFor: [carla.id, dario.id] });
  const plain = await createModule({ courseId: course.id, name: 'Módulo sin jugadas', questions, enableFor: [carla.id] });
  const videoId = await uploadVideo(await makeClip('webm', 4));
  const first = await createJugada(module.id, course.id, {
    videoId,
    moment: 2,
    tolerance: 0.5,
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation: 'Regla 8:5.',
  });
  const second = await createJugada(module.id, course.id, { videoId, decision: 'Pasos', sanction: 'Ninguna', explanation: 'Regla 7:3.' });
  await createJugada(module.id, course.id, { videoId, decision: 'Dobles', sanction: 'Ninguna', explanation: 'Regla 7:7.' });

  const ids = await jugadaOptions(course.id);
  // Carla: the first one right (moment within 0,5 s); the second wrong, then right in practice, which does not count.
  await answerAs(browser, carla, first.id, ids.get('Tiro de 7 metros')!, ids.get('Exclusión de 2 minutos')!, 2.3);
  await answerAs(browser, carla, second.id, ids.get('Gol')!, ids.get('Ninguna')!);
  await answerAs(browser, carla, second.id, ids.get('Pasos')!, ids.get('Ninguna')!);

  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/users-activities/${carla.id}/cursos/${course.id}/modules`);
  await page
    .getByRole('link', { name: /Jugadas por alumno/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/admin/users-activities/${carla.id}/cursos/${course.id}/modules/${module.id}`);

  const section = page.getByRole('region', { name: 'Jugadas' });
  await expect(section).toContainText('Jugadas: 1 de 3 correctas');
  const rows = section.getByTestId('jugada-del-alumno');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Jugada 1. ¿Qué cobrás?');
  await expect(rows.nth(0)).toContainText('Correcta');
  await expect(rows.nth(0)).toContainText('Decisión: Tiro de 7 metros · Correcto');
  await expect(rows.nth(0)).toContainText('Sanción: Exclusión de 2 minutos · Correcto');
  await expect(rows.nth(0)).toContainText('Momento: 2,3 s · Correcto (la infracción es a los 2,0 s, con 0,5 s de tolerancia)');
  await expect(rows.nth(1)).toContainText('Incorrecta');
  await expect(rows.nth(1)).toContainText('Decisión: Gol · Incorrecto (la correcta es Pasos)');
  await expect(rows.nth(1)).toContainText('Sanción: Ninguna · Correcto');
  await expect(rows.nth(1)).not.toContainText('Momento');
  await expect(rows.nth(2)).toContainText('Sin responder');
  await expect(rows.nth(2)).not.toContainText('Decisión');
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'jugadas-por-alumno');

  // The class results are one link away.
  await section.getByRole('link', { name: 'Ver las jugadas y los resultados de la clase' }).click();
  await expect(page).toHaveURL(`/admin/modules/${module.id}/jugadas`);

  // A student who has not answered any: the total and an empty state.
  await page.goto(`/admin/users-activities/${dario.id}/cursos/${course.id}/modules/${module.id}`);
  await expect(section).toContainText('Jugadas: 0 de 3 correctas');
  await expect(section).toContainText('Este alumno todavía no respondió ninguna jugada de este módulo.');
  await expect(section.getByTestId('jugada-del-alumno')).toHaveCount(0);
  await screenshot(page, 'jugadas-por-alumno-sin-respuestas');

  // A module without jugadas: no section at all.
  await page.goto(`/admin/users-activities/${carla.id}/cursos/${course.id}/modules/${plain.id}`);
  await expect(page.getByRole('heading', { name: 'Corregir actividad' })).toBeVisible();
  await expect(page.getByText('¿Qué es una exclusión?')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jugadas' })).toHaveCount(0);
});

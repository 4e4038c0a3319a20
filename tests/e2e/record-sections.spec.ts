// The trainee's page, on a phone: the instructor records a physical test ('Prueba física') and a
// match observation ('Observaciones de partido'); changing the course's minimum judges the test
// again. Screenshots at 360 and 1280 px, axe on each state.
import { expect, test } from './fixtures.ts';
import { createCourse, createStudent, expectNoAxeViolations, screenshot, signInThroughApi } from './helpers.ts';
import { e2eEnv } from './env.ts';

const recordPath = (userId: string, courseId: string) => `/admin/users-activities/${userId}/cursos/${courseId}`;

test('the instructor records a physical test and a match observation on the trainee’s page at 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Lucía Legajo ${tag}` });
  const course = await createCourse({ name: `Curso del legajo ${tag}`, enableFor: [trainee.id] });

  await page.setViewportSize({ width: 360, height: 780 });
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(recordPath(trainee.id, course.id));

  const fitness = page.getByRole('region', { name: 'Prueba física' });
  await expect(fitness.getByText('Todavía no hay pruebas registradas.')).toBeVisible();
  await expect(fitness.getByText('Sin rendir')).toBeVisible();
  await expect(fitness.getByText(/Course navette · para aprobar, nivel 8,5 o más/)).toBeVisible();

  // 'Registrar prueba física': today's date is filled in; level 9 passes the minimum of 8.5.
  await fitness.getByRole('button', { name: 'Registrar prueba física' }).click();
  const fitnessForm = page.getByRole('dialog', { name: 'Registrar prueba física' });
  await expect(fitnessForm.getByLabel('Fecha')).not.toHaveValue('');
  await fitnessForm.getByRole('textbox', { name: 'Nivel' }).fill('9');
  await expect(fitnessForm.getByText('Con nivel 9: Aprobada')).toBeVisible();
  await expectNoAxeViolations(page);
  await fitnessForm.getByRole('button', { name: 'Registrar' }).click();
  await expect(fitnessForm).toBeHidden();
  const results = fitness.getByRole('list');
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('listitem')).toContainText('Nivel 9');
  await expect(results.getByRole('listitem')).toContainText('Aprobada');
  // The trainee's status, and the page's summary, follow.
  await expect(fitness.getByText('Aprobada', { exact: true }).first()).toBeVisible();

  // A level off the scale is refused in the form, in Spanish.
  await fitness.getByRole('button', { name: 'Registrar prueba física' }).click();
  await fitnessForm.getByRole('textbox', { name: 'Nivel' }).fill('8,3');
  await fitnessForm.getByRole('button', { name: 'Registrar' }).click();
  await expect(fitnessForm.getByText('El nivel tiene que estar entre 1 y 21, en medios niveles (por ejemplo 8 u 8,5).')).toBeVisible();
  // 'No se presentó' instead of a level.
  await fitnessForm.getByRole('checkbox', { name: 'No se presentó' }).check();
  await expect(fitnessForm.getByRole('textbox', { name: 'Nivel' })).toBeDisabled();
  await fitnessForm.getByRole('button', { name: 'Registrar' }).click();
  await expect(fitnessForm).toBeHidden();
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(results.getByRole('listitem').filter({ hasText: 'No se presentó' })).toHaveCount(1);

  // 'Nueva observación': the five criteria, each a 1–5 choice.
  const observations = page.getByRole('region', { name: 'Observaciones de partido' });
  await expect(observations.getByText('Todavía no hay observaciones de partido.')).toBeVisible();
  await observations.getByRole('button', { name: 'Nueva observación' }).click();
  const observationForm = page.getByRole('dialog', { name: 'Nueva observación' });
  await observationForm.getByRole('textbox', { name: 'Partido' }).fill('Club Ferro – Club Atlético');
  await observationForm.getByRole('textbox', { name: 'Categoría' }).fill('Juveniles');
  await observationForm.getByRole('textbox', { name: 'Observador' }).fill('Laura Gómez');
  // Sending without scores says what is missing, under each criterion.
  await observationForm.getByRole('button', { name: 'Registrar observación' }).click();
  await expect(observationForm.getByText('Elegí un puntaje entero del 1 al 5.')).toHaveCount(5);
  // The first one missing is brought into view, its first choice focused.
  const firstScore = observationForm.getByRole('radiogroup', { name: 'Ubicación' }).getByRole('radio', { name: '1', exact: true });
  await expect(firstScore).toBeFocused();
  await expect(firstScore).toBeInViewport();
  const scores: Array<[string, string]> = [
    ['Ubicación', '4'],
    ['Señalización', '4'],
    ['Sanción progresiva', '3'],
    ['Comunicación', '4'],
    ['Condición física', '4'],
  ];
  for (const [criterion, score] of scores) {
    await observationForm.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: score, exact: true }).check();
  }
  await expect(observationForm.getByText('Elegí un puntaje entero del 1 al 5.')).toHaveCount(0);
  await observationForm
    .getByRole('group', { name: 'Comunicación' })
    .getByRole('textbox', { name: 'Comentario' })
    .fill('Clara con los oficiales de mesa.');
  await observationForm
    .getByRole('textbox', { name: 'Comentario general' })
    .fill('Buen partido; mejorar la ubicación en los contraataques.');
  await expectNoAxeViolations(page);
  await screenshot(page, 'legajo-observacion-formulario');
  await observationForm.getByRole('button', { name: 'Registrar observación' }).click();
  await expect(observationForm).toBeHidden();

  const card = observations.getByRole('article', { name: 'Club Ferro – Club Atlético' });
  await expect(card.getByText('Promedio 3,8')).toBeVisible();
  await expect(card).toContainText('Clara con los oficiales de mesa.');
  await expect(observations.getByText(/Promedio general de 1 observación/)).toBeVisible();

  // 'Editar': the form comes filled in; a new score changes the average.
  await card.getByRole('button', { name: /Editar la observación/ }).click();
  const editForm = page.getByRole('dialog', { name: 'Editar observación' });
  await expect(editForm.getByRole('textbox', { name: 'Partido' })).toHaveValue('Club Ferro – Club Atlético');
  await editForm.getByRole('radiogroup', { name: 'Sanción progresiva' }).getByRole('radio', { name: '5', exact: true }).check();
  await editForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(editForm).toBeHidden();
  await expect(card.getByText('Promedio 4,2')).toBeVisible();

  await expectNoAxeViolations(page);
  await screenshot(page, 'legajo-prueba-fisica-observaciones');

  // Delete asks first.
  await results
    .getByRole('listitem')
    .filter({ hasText: 'No se presentó' })
    .getByRole('button', { name: /Borrar la prueba/ })
    .click();
  const confirm = page.getByRole('dialog', { name: '¿Borrar la prueba física?' });
  await expect(confirm).toContainText('No se presentó');
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await expect(confirm).toBeHidden();
  await expect(results.getByRole('listitem')).toHaveCount(1);

  // The course's minimum, on the course's page: 9.5 judges the level 9 again.
  await page.goto(`/admin/courses/${course.id}`);
  const settings = page.getByRole('region', { name: 'Prueba física' });
  await expect(settings).toContainText('Course navette: para aprobar, nivel 8,5 o más.');
  await settings.getByRole('button', { name: 'Cambiar' }).click();
  const testForm = page.getByRole('dialog', { name: 'Prueba física del curso' });
  await testForm.getByRole('textbox', { name: 'Nivel mínimo para aprobar' }).fill('9,5');
  await testForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(testForm).toBeHidden();
  await expect(settings).toContainText('Course navette: para aprobar, nivel 9,5 o más.');
  await screenshot(page, 'curso-prueba-fisica');

  await page.goto(recordPath(trainee.id, course.id));
  await expect(fitness.getByRole('list').getByRole('listitem')).toContainText('No aprobada');
  await expect(fitness.getByText(/para aprobar, nivel 9,5 o más/)).toBeVisible();

  // On paper: the sections without their buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(fitness.getByRole('button', { name: 'Registrar prueba física' })).toBeHidden();
  await expect(observations.getByRole('button', { name: /Editar la observación/ })).toBeHidden();
  await screenshot(page, 'legajo-impreso');
  await page.emulateMedia({ media: 'screen' });
});

// 'Crear curso de actualización' from the approval page on a phone: the section says how many
// holders the new course enrols, the confirmation has the usual name written in, and the
// instructor lands on the new course's page, which says what it renews; axe looks at each state.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { adminApi, createCourse, createModule, createStudent, expectNoAxeViolations, signIn } from './helpers.ts';

const shots = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** A picture of the page as it is now (the whole page, or what is on screen), at 360 and 1280 px, each looked at by axe; back to 360 px. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await mkdir(shots, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage, animations: 'disabled' });
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test('the instructor creates the renewal course from the approval page and lands on it', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const holder = await createStudent({ name: `Hilda Titular ${tag}` });
  const other = await createStudent({ name: `Oscar Sin Licencia ${tag}` });
  const course = await createCourse({ name: `Curso de árbitros ${tag}`, enableFor: [holder.id, other.id] });
  await createModule({ courseId: course.id, name: 'Reglas de juego', questions: ['¿Cuánto dura un partido?'] });
  await createModule({ courseId: course.id, name: 'Sanción progresiva', questions: ['¿Cuándo se excluye?'] });
  await adminApi(
    'PUT',
    `/api/courses/${course.id}/approval`,
    {
      requirements: {
        minAttendancePercent: null,
        examIds: [],
        allActivities: false,
        minJugadasPercent: null,
        fitness: true,
        minObservationAverage: null,
        paymentsUpToDate: false,
      },
      licence: { level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 },
    },
    200,
  );
  await adminApi('PUT', `/api/courses/${course.id}/certificate-signer`, { name: 'Marta Gómez', title: 'Directora de Arbitraje' }, 200);
  await adminApi('POST', `/api/courses/${course.id}/trainees/${holder.id}/fitness-results`, { testedOn: '2026-01-10', level: 9 }, 201);
  await adminApi('POST', `/api/courses/${course.id}/certificates`, { userIds: [holder.id] }, 201);

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/courses/${course.id}/aprobacion`);
  const section = page.getByRole('region', { name: 'Curso de actualización' });
  await expect(section.getByText('Se inscribiría 1 titular de una licencia vigente o vencida hace menos de un año.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'aprobacion-actualizacion');

  await section.getByRole('button', { name: 'Crear curso de actualización' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Crear curso de actualización?' });
  const name = dialog.getByRole('textbox', { name: 'Nombre del curso nuevo' });
  const year = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).slice(0, 4);
  await expect(name).toHaveValue(`Actualización ${year}: ${course.name}`);
  // An empty name is refused on the form.
  await name.fill('');
  await dialog.getByRole('button', { name: 'Crear curso de actualización' }).click();
  await expect(dialog.getByText('Este campo es requerido')).toBeVisible();
  await name.fill(`Actualización ${year}: ${course.name}`);
  await shoot(page, 'confirmar-actualizacion', { fullPage: false });
  await dialog.getByRole('button', { name: 'Crear curso de actualización' }).click();

  // The new course's page, with the toast and what it renews.
  await expect(page).toHaveURL(/\/admin\/courses\/[^/]+$/);
  expect(page.url()).not.toContain(course.id);
  await expect(page.getByText('Se creó el curso de actualización con 1 alumno')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Actualización ${year}: ${course.name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Actualización de ${course.name}` })).toBeVisible();
  await expect(page.getByText('1 alumno con el curso habilitado')).toBeVisible();
  await shoot(page, 'curso-de-actualizacion');

  // Back on the original's approval page, the renewal is listed.
  await page.getByRole('link', { name: `Actualización de ${course.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
  await page.goto(`/admin/courses/${course.id}/aprobacion`);
  await expect(section.getByRole('link', { name: `Actualización ${year}: ${course.name}` })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'aprobacion-con-actualizacion');
});

test('a holder turns the licence reminders off in Mi cuenta', async ({ page }) => {
  const student = await createStudent({ name: `Rita Recordatorios ${Date.now().toString(36)}` });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/mi-cuenta');
  const notices = page.getByRole('region', { name: 'Avisos' });
  const reminders = notices.getByRole('combobox', { name: 'Licencia por vencer' });
  await expect(reminders).toHaveValue('aviso:immediate');
  await reminders.selectOption({ label: 'Nada' });
  await notices.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Listo: tus avisos quedaron como elegiste.')).toBeVisible();
  await page.reload();
  await expect(notices.getByRole('combobox', { name: 'Licencia por vencer' })).toHaveValue('sin-aviso:never');
  await notices.scrollIntoViewIfNeeded();
  await shoot(page, 'mi-cuenta-avisos');
});

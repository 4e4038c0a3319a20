// Dates read day first and times in 24 hours whatever the browser's language: a phone whose
// system is in English (Debian's Chromium showed 12/01/2026 for 1 December in a native date
// input) types and reads dd/mm/aaaa, and the hours and minutes of a time.
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, dialogSettled, screenshot, signInThroughApi } from './helpers.ts';

test('on a browser in English, a class is created by typing its day as dd/mm/aaaa and its time in 24 hours, and every date reads day first', async ({
  browser,
}) => {
  const course = await createCourse({ name: `Curso de fechas ${Date.now().toString(36)}` });
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'en-US', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/courses/${course.id}/clases`);
  await page.getByRole('button', { name: 'Nueva clase' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nueva clase' });

  // Today, day first.
  const day = form.getByRole('textbox', { name: 'Fecha' });
  await expect(day).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  await expect(day).toHaveValue(today);

  // Typed by keyboard, the way it is written: 24/12/2030.
  await day.fill('');
  await day.pressSequentially('24/12/2030');
  await day.press('Tab');
  await expect(day).toHaveValue('24/12/2030');
  // A day that does not exist is not taken: the last good one stays.
  await day.fill('');
  await day.pressSequentially('31/02/2030');
  await day.press('Tab');
  await expect(day).toHaveValue('24/12/2030');
  const hours = form.getByRole('spinbutton', { name: 'Hora de inicio: horas' });
  const minutes = form.getByRole('spinbutton', { name: 'Hora de inicio: minutos' });
  await hours.fill('');
  await hours.pressSequentially('21');
  await minutes.fill('');
  await minutes.pressSequentially('30');
  await expect(hours).toHaveValue('21');
  await expect(form.getByText(/PM|AM|p\. m\./)).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Tema' }).fill('Clase nocturna');
  await dialogSettled(page);
  await screenshot(page, 'fechas-clase-formulario');
  await form.getByRole('button', { name: 'Crear clase' }).click();
  await expect(form).toBeHidden();

  // The class reads day first and in 24 hours.
  const card = page.getByRole('listitem').filter({ hasText: 'Clase nocturna' });
  await expect(card).toContainText('Martes, 24 de diciembre de 2030');
  await expect(card).toContainText('21:30 a 01:30');
  await expect(card).not.toContainText(/PM|AM|12\/24/);
  await screenshot(page, 'fechas-clases');

  // The calendar picks a day too, and shows its month in Spanish, weeks from Monday.
  await page.getByRole('button', { name: 'Nueva clase' }).first().click();
  await form.getByRole('textbox', { name: 'Fecha' }).click();
  await expect(
    page.getByRole('button', {
      name: /^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) \d{4}$/,
    }),
  ).toBeVisible();
  await screenshot(page, 'fechas-calendario');
  // Escape closes the calendar, not the dialog (and what was typed in it).
  await form.getByRole('textbox', { name: 'Tema' }).fill('Sigue acá');
  await form.getByRole('textbox', { name: 'Fecha' }).press('Escape');
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Tema' })).toHaveValue('Sigue acá');
  await context.close();
});

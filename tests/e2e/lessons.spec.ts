// Clases presenciales: the instructor creates a class on the spot from a phone and opens 'Tomar
// asistencia' on the projector (a QR code and its 6 digits, changing every 30 seconds); a trainee
// types the code from their course page's 'Marcar asistencia' and sees 'Asistencia registrada';
// the class's list shows them 'Presente', and the instructor marks another trainee by hand.
import type { Page } from '@playwright/test';
import { addDays, dayOf } from '../../src/shared/calendar.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  adminPage,
  appRunning,
  createCourse,
  createStudent,
  expectNoAxeViolations,
  screenshot,
  signInThroughApi,
} from './helpers.ts';

/** The 6 digits the projector shows now. */
async function shownCode(page: Page): Promise<string> {
  const code = await page.locator('[data-code]').getAttribute('data-code');
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** A trainee on a phone, signed in. */
async function phone(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  return context.newPage();
}

test('the instructor creates a class and takes attendance with the changing code; a trainee marks it from their phone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const trainee = await createStudent({ name: 'Martina Asistencia' });
  const classmate = await createStudent({ name: 'Bruno Justificado' });
  const course = await createCourse({ name: `Curso presencial ${Date.now().toString(36)}`, enableFor: [trainee.id, classmate.id] });

  // The instructor, on a phone at the hall: the course's page leads to 'Clases presenciales'.
  const admin = await adminPage(browser);
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.goto(`/admin/courses/${course.id}`);
  await admin.getByRole('link', { name: /Clases presenciales/ }).click();
  await expect(admin.getByRole('heading', { name: 'Clases presenciales', level: 1 })).toBeVisible();
  await expect(admin.getByText('Este curso todavía no tiene clases presenciales')).toBeVisible();
  await screenshot(admin, 'clases-vacio');

  // 'Nueva clase' opens on today, now, 4 hours: created on the spot.
  await admin.getByRole('button', { name: 'Nueva clase' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Nueva clase' });
  await expect(form.getByRole('textbox', { name: 'Fecha' })).toHaveValue(dayOf(new Date()).split('-').reverse().join('/'));
  await expect(form.getByRole('spinbutton', { name: 'Hora de inicio: horas' })).toHaveValue(/^\d{2}$/);
  await expect(form.getByRole('spinbutton', { name: 'Hora de inicio: minutos' })).toHaveValue(/^\d{2}$/);
  await expect(form.getByRole('textbox', { name: 'Duración (minutos)' })).toHaveValue('240');
  await form.getByRole('textbox', { name: 'Lugar' }).fill('Club Atlético, cancha 2');
  await form.getByRole('textbox', { name: 'Tema' }).fill('Reglas 8 y 16');
  await expect.poll(() => form.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await screenshot(admin, 'clase-formulario');
  await form.getByRole('button', { name: 'Crear clase' }).click();
  await expect(form).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: 'Reglas 8 y 16' });
  await expect(card).toContainText('Presentes 0 de 2');
  await expect(card).toContainText('Tomando asistencia');
  await expect(card).toContainText('Club Atlético, cancha 2');
  await admin.getByRole('button', { name: 'Cerrar aviso' }).click();
  await screenshot(admin, 'clases');

  // 'Tomar asistencia', projected at 1280 px: the QR code and the 6 digits.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('link', { name: /^Tomar asistencia/ }).click();
  await expect(admin.getByRole('heading', { name: 'Tomar asistencia', level: 1 })).toBeVisible();
  await expect(admin.getByRole('img', { name: /^Código QR para marcar asistencia/ })).toBeVisible();
  await expect(admin.getByText(/^Nuevo código en \d+ s$/)).toBeVisible();
  await expect(admin.getByText('Presentes 0 de 2')).toBeVisible();
  const qr = await admin.getByRole('img', { name: /^Código QR/ }).boundingBox();
  expect(qr!.width).toBeGreaterThan(350);
  await screenshot(admin, 'tomar-asistencia');
  await admin.setViewportSize({ width: 1280, height: 800 });
  const code = await shownCode(admin);

  // The trainee, on their phone: the course page's 'Marcar asistencia', the code typed.
  const page = await phone(browser);
  await signInThroughApi(page, trainee);
  await page.goto(`/${course.id}`);
  await appRunning(page);
  await expect(page.getByText('Clase presencial en curso')).toBeVisible();
  await screenshot(page, 'curso-clase-en-curso');
  await page.getByRole('link', { name: 'Marcar asistencia' }).click();
  await expect(page.getByRole('heading', { name: 'Marcar asistencia', level: 1 })).toBeVisible();
  // A way back before marking, too.
  await expect(page.getByRole('link', { name: 'Volver al curso' })).toHaveAttribute('href', `/${course.id}`);
  const box = page.getByRole('textbox', { name: 'Código' });
  await expect(box).toHaveAttribute('inputmode', 'numeric');
  await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
  await box.fill(code);
  await screenshot(page, 'marcar-asistencia');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByRole('heading', { name: 'Asistencia registrada' })).toBeVisible();
  await expect(page.getByText('Quedaste presente.')).toBeVisible();
  await screenshot(page, 'asistencia-registrada');
  // The course page now says so instead of the button.
  await page.getByRole('link', { name: 'Volver al curso' }).click();
  await expect(page.getByText('Asistencia: Presente')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marcar asistencia' })).toHaveCount(0);

  // The projector counts them without a reload, and shows a new code within 30 seconds.
  await expect(admin.getByText('Presentes 1 de 2')).toBeVisible();
  await expect.poll(() => shownCode(admin), { timeout: 35_000 }).not.toBe(code);
  await expectNoAxeViolations(admin);

  // Another trainee opens the QR's link signed out: the login, then back to it with the code filled in.
  const other = await phone(browser);
  await other.goto(`/${course.id}/asistencia?codigo=000000`);
  await expect(other.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await other.getByRole('textbox', { name: 'Email' }).fill(classmate.email);
  await other.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(classmate.password);
  await other.getByRole('button', { name: 'LOGIN' }).click();
  await expect(other).toHaveURL(new RegExp(`/${course.id}/asistencia\\?codigo=000000$`));
  await expect(other.getByRole('textbox', { name: 'Código' })).toHaveValue('000000');
  // A wrong code: the Spanish error under the box (unless 000000 happens to be the code now).
  if ((await shownCode(admin)) !== '000000') {
    await other.getByRole('button', { name: 'Registrar' }).click();
    await expect(other.getByText('El código no es válido o ya venció', { exact: false })).toBeVisible();
    await expect(other.getByRole('textbox', { name: 'Código' })).toHaveAttribute('aria-invalid', 'true');
    await screenshot(other, 'marcar-asistencia-error');
  }

  // The class's list: Martina 'Presente' (with the code); Bruno marked 'Justificado' by hand.
  await admin.getByRole('link', { name: 'Lista de la clase' }).click();
  const martina = admin.getByRole('radiogroup', { name: 'Asistencia de Martina Asistencia' });
  await expect(martina.getByRole('radio', { name: 'Presente' })).toBeChecked();
  await expect(admin.getByText(/Presente · con el código a las/)).toBeVisible();
  const bruno = admin.getByRole('radiogroup', { name: 'Asistencia de Bruno Justificado' });
  await expect(bruno.getByRole('radio', { name: 'Justificado' })).not.toBeChecked();
  await bruno.getByText('Justificado').click();
  await expect(bruno.getByRole('radio', { name: 'Justificado' })).toBeChecked();
  await expect(admin.getByText(/Justificado · a mano a las/)).toBeVisible();
  await expect(admin.getByText('Presentes 1 de 2')).toBeVisible();
  await screenshot(admin, 'clase-lista');
  await admin.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(admin);

  // And the list of classes counts them.
  await admin.getByRole('link', { name: /Clases presenciales/ }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Reglas 8 y 16' })).toContainText('Presentes 1 de 2 · 1 justificado');
  await expectNoAxeViolations(admin);

  // Next Saturday's class does not take attendance yet: its projector page says when it will.
  await admin.setViewportSize({ width: 1280, height: 800 });
  const next = await adminApi(
    'POST',
    `/api/courses/${course.id}/lessons`,
    { date: addDays(dayOf(new Date()), 7), time: '09:00', durationMinutes: 240, topic: 'Regla 16' },
    201,
  );
  const { lesson } = (await next.json()) as { lesson: { id: string } };
  await admin.goto(`/admin/courses/${course.id}/clases/${lesson.id}/asistencia`);
  await expect(admin.getByText(/El código aparece a las 08:30 del/)).toBeVisible();
  await expect(admin.locator('[data-code]')).toHaveCount(0);
  await screenshot(admin, 'tomar-asistencia-proxima');
});

// The trainee's record in one journey, at 360 px, through the pages only: the instructor creates a
// class and opens 'Tomar asistencia'; a trainee marks their attendance with the written code from
// their course page; the instructor sets $ 3.000 as module 2's 'Pagado mínimo para habilitar',
// records a $ 3.000 payment that enables module 2 for the trainee, and a physical test at level 9.
// The trainee's page and the class board show all of it, and the trainee can open module 2.
import type { Browser, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { appRunning, createCourse, createModule, createStudent, expectNoAxeViolations, signIn } from './helpers.ts';

async function phone(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function closeNotices(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Cerrar aviso' }).all()) await close.click();
}

test('a class, its attendance code, a payment that opens module 2 and a physical test, all on the trainee’s page and the board', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Sofía Recorrido ${tag}` });
  const course = await createCourse({ name: `Curso completo ${tag}`, enableFor: [trainee.id] });
  await createModule({ courseId: course.id, name: 'Módulo 1: el juego', enableFor: [trainee.id] });
  const second = await createModule({ courseId: course.id, name: 'Módulo 2: sanciones', questions: ['¿Qué es una exclusión?'] });

  const admin = await phone(browser, e2eEnv().admin);
  await expect(admin).toHaveURL(/\/admin\/home$/);

  // A class created on the spot, and 'Tomar asistencia'.
  await admin.goto(`/admin/courses/${course.id}`);
  await admin.getByRole('link', { name: /Clases presenciales/ }).click();
  await admin.getByRole('button', { name: 'Nueva clase' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Nueva clase' });
  await form.getByRole('textbox', { name: 'Tema' }).fill('Sanción progresiva');
  await form.getByRole('button', { name: 'Crear clase' }).click();
  await expect(form).toBeHidden();
  const lesson = admin.getByRole('listitem').filter({ hasText: 'Sanción progresiva' });
  await lesson.getByRole('link', { name: /^Tomar asistencia/ }).click();
  await expect(admin.getByRole('heading', { name: 'Tomar asistencia', level: 1 })).toBeVisible();
  await expectNoAxeViolations(admin);
  const code = await admin.locator('[data-code]').getAttribute('data-code');
  expect(code).toMatch(/^\d{6}$/);

  // The trainee types the written code from their course page.
  const student = await phone(browser, trainee);
  await expect(student).toHaveURL(/\/inicio$/);
  await student.goto(`/${course.id}`);
  await appRunning(student);
  await student.getByRole('link', { name: 'Marcar asistencia' }).click();
  await student.getByRole('textbox', { name: 'Código' }).fill(code!);
  await student.getByRole('button', { name: 'Registrar' }).click();
  await expect(student.getByRole('heading', { name: 'Asistencia registrada' })).toBeVisible();
  await expectNoAxeViolations(student);
  await expect(admin.getByText('Presentes 1 de 1')).toBeVisible();

  // Module 2 is not open to them yet.
  await student.goto(`/${course.id}/${second.id}/modulo`);
  await expect(student.getByText('No está disponible')).toBeVisible();

  // Module 2 opens with $ 3.000 paid.
  await admin.goto(`/admin/create-module?curso=${course.id}`);
  await admin.getByRole('button', { name: `Editar módulo ${second.name}` }).click();
  const editor = admin.getByRole('dialog', { name: 'Editar módulo' });
  await editor.getByRole('textbox', { name: 'Pagado mínimo para habilitar' }).fill('3000');
  await editor.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editor).toBeHidden();

  // A $ 3.000 payment enables it.
  await admin.goto(`/admin/courses/${course.id}`);
  await admin.getByRole('link', { name: /^Pagos/ }).click();
  await admin.getByRole('button', { name: 'Registrar pago' }).first().click();
  const payment = admin.getByRole('dialog', { name: 'Registrar pago' });
  await payment.getByRole('textbox', { name: 'Alumno' }).click();
  await admin.getByRole('option', { name: trainee.name }).click();
  await payment.getByRole('textbox', { name: 'Monto' }).fill('3000');
  await payment.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(payment).toBeHidden();
  await expect(admin.getByText(`Se habilitó el módulo ${second.name}.`)).toBeVisible();
  await closeNotices(admin);
  await expectNoAxeViolations(admin);

  // The board: attendance and the trainee's name leading to their page.
  await admin.goto(`/admin/courses/${course.id}/progreso`);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: new RegExp(trainee.name) }) });
  await expect(row).toContainText('100 %');
  await row.getByRole('link', { name: trainee.name, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: trainee.name })).toBeVisible();

  // A physical test at level 9, on the trainee's page.
  const fitness = admin.getByRole('region', { name: 'Prueba física' });
  await fitness.getByRole('button', { name: 'Registrar prueba física' }).click();
  const test9 = admin.getByRole('dialog', { name: 'Registrar prueba física' });
  await test9.getByRole('textbox', { name: 'Nivel' }).fill('9');
  await test9.getByRole('button', { name: 'Registrar' }).click();
  await expect(test9).toBeHidden();
  await expect(fitness.getByRole('listitem')).toContainText('Nivel 9');

  // The trainee's page shows all of it.
  const section = (name: string) => admin.getByRole('region', { name, exact: true });
  await expect(section('Asistencia')).toContainText('100 %');
  await expect(section('Asistencia')).toContainText('Presente');
  await expect(section('Pagos')).toContainText('$ 3.000');
  await expect(section('Prueba física')).toContainText('Aprobada');
  await expect(section('Módulos').getByRole('listitem')).toHaveText([/Módulo 1: el juego/, /Módulo 2: sanciones.*Sin responder/]);
  await expect(section('Historial de cambios')).toContainText('Pago de $ 3.000');
  await expectNoAxeViolations(admin);

  // And the board, once more: the payment and the test.
  await admin.goto(`/admin/courses/${course.id}/progreso`);
  await expect(row).toContainText('Aprobada');
  await expect(row).toContainText('100 %');
  await expectNoAxeViolations(admin);

  // The trainee opens module 2.
  await student.goto(`/${course.id}/${second.id}/modulo`);
  await expect(student.getByRole('heading', { name: second.name })).toBeVisible();
  await expect(student.getByText('No está disponible')).toHaveCount(0);
  await expectNoAxeViolations(student);
});

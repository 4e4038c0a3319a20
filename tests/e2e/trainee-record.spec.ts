// The trainee's page: the admin reaches it from a name on the class board and finds, on one page,
// the trainee's modules, jugadas, exams, attendance, payments, physical test, observations and the
// history of changes; it prints without the app around it. The trainee sees where they stand, their
// exams, attendance, plan and payments, physical test and observations in 'Mi cuenta', on a phone.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { addDays, dayOf } from '../../src/shared/calendar.ts';
import { pesos } from '../../src/shared/money.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  createCourse,
  createModule,
  createStudent,
  expectNoAxeViolations,
  jugadaOptions,
  screenshot,
  signIn,
  signInThroughApi,
  type TestUser,
} from './helpers.ts';

const shots = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** The trainee's own session, signed in through the API as their browser would. */
async function sessionOf(student: TestUser) {
  const { baseURL } = e2eEnv();
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method: string, url: string, body?: object) => {
    const response = await fetch(`${baseURL}${url}`, {
      method,
      headers: { origin: baseURL, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };
}

/** The trainee's work in the course: the first module's activity sent, its jugada answered right, the exam handed in blank. */
async function traineeWork(student: TestUser, courseId: string, moduleId: string) {
  const as = await sessionOf(student);
  const own = (await as('GET', `/api/pages/modules/${moduleId}/activity`)) as { activity: { items: { id: string }[] } };
  await as('POST', `/api/modules/${moduleId}/activity/submit`, {
    answers: own.activity.items.map((item) => ({ itemId: item.id, answer: 'Sesenta minutos' })),
  });
  const options = await jugadaOptions(courseId);
  const call = { decisionId: options.get('Tiro de 7 metros')!, sanctionId: options.get('Exclusión de 2 minutos')! };
  const created = await adminApi(
    'POST',
    `/api/modules/${moduleId}/jugadas`,
    {
      video: { kind: 'youtube', url: 'dQw4w9WgXcQ' },
      start: null,
      end: null,
      prompt: '¿Qué cobrás?',
      correctDecisionId: call.decisionId,
      correctSanctionId: call.sanctionId,
      moment: null,
      tolerance: 1,
      explanation: 'Regla 8:5',
    },
    201,
  );
  const { jugada } = (await created.json()) as { jugada: { id: string } };
  await as('POST', `/api/jugadas/${jugada.id}/answer`, { ...call, moment: null });
  for (const [text, correct] of [
    ['¿Cuántos jugadores hay en cancha por equipo?', 'Siete'],
    ['¿Cuánto dura un partido de mayores?', '60 minutos'],
  ])
    await adminApi(
      'POST',
      `/api/courses/${courseId}/bank`,
      { text, options: [correct, 'Otra'], correct: [0], chapter: 'Regla 2', rule: '', explanation: '', edition: 2025 },
      201,
    );
  const exam = await adminApi(
    'POST',
    `/api/courses/${courseId}/exams`,
    {
      title: 'Examen de reglamento',
      moduleId,
      questionCount: 2,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      timeMinutes: 10,
      passPercent: 75,
      attempts: 2,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
    },
    201,
  );
  const examId = ((await exam.json()) as { exam: { id: string } }).exam.id;
  const { attempt } = (await as('POST', `/api/exams/${examId}/attempts`)) as { attempt: { id: string } };
  await as('POST', `/api/attempts/${attempt.id}/submit`);
}

/**
 * The rest of the record, as the instructor records it: a class held last week (present) and one
 * next week, a plan of two instalments with the first paid, the physical test at level 9, an observation.
 */
async function instructorRecords(student: TestUser, courseId: string) {
  const today = dayOf(new Date());
  const lessons = [];
  for (const [date, topic] of [
    [addDays(today, -7), 'Reglas 1 a 8'],
    [addDays(today, 7), 'Práctica en cancha'],
  ]) {
    const created = await adminApi(
      'POST',
      `/api/courses/${courseId}/lessons`,
      { date, time: '09:00', durationMinutes: 240, place: 'Club Ferro', topic },
      201,
    );
    lessons.push(((await created.json()) as { lesson: { id: string } }).lesson.id);
  }
  await adminApi('PUT', `/api/lessons/${lessons[0]}/attendance/${student.id}`, { status: 'presente' }, 200);
  const plan = await adminApi(
    'PUT',
    `/api/courses/${courseId}/payment-plan`,
    {
      options: [
        {
          label: 'Dos cuotas de $3000',
          instalments: [
            { amount: 3000, dueDate: addDays(today, -5) },
            { amount: 3000, dueDate: addDays(today, 25) },
          ],
        },
      ],
      reminders: false,
    },
    200,
  );
  const optionId = ((await plan.json()) as { options: { id: string }[] }).options[0]!.id;
  await adminApi('PUT', `/api/courses/${courseId}/trainees/${student.id}/payment-option`, { optionId }, 200);
  await adminApi(
    'POST',
    `/api/courses/${courseId}/payments`,
    { userId: student.id, amount: 3000, paidOn: addDays(today, -6), method: 'transferencia' },
    201,
  );
  await adminApi(
    'POST',
    `/api/courses/${courseId}/trainees/${student.id}/fitness-results`,
    { testedOn: addDays(today, -2), level: 9 },
    201,
  );
  const criterion = (score: number, comment = '') => ({ score, comment });
  await adminApi(
    'POST',
    `/api/courses/${courseId}/trainees/${student.id}/observations`,
    {
      observedOn: addDays(today, -1),
      match: 'Ferro vs. Sedalo',
      category: 'Primera B',
      observer: 'Marta Gómez',
      criteria: {
        ubicacion: criterion(4, 'Bien ubicada en el contraataque'),
        senalizacion: criterion(5),
        'sancion-progresiva': criterion(4),
        comunicacion: criterion(3, 'Hablar más con la mesa'),
        'condicion-fisica': criterion(4),
      },
      comment: 'Buen partido, sigue así.',
    },
    201,
  );
}

test('the trainee’s page has everything about them in the course, reached from their name on the board, and prints', async ({ page }) => {
  test.setTimeout(120_000);
  await mkdir(shots, { recursive: true });
  const tag = Date.now().toString(36);
  const ana = await createStudent({ name: `Ana Legajo ${tag}` });
  const course = await createCourse({ name: `Curso del legajo ${tag}`, enableFor: [ana.id] });
  const reglas = await createModule({
    courseId: course.id,
    name: 'Reglas de juego',
    questions: ['¿Cuánto dura un partido?'],
    enableFor: [ana.id],
  });
  await createModule({ courseId: course.id, name: 'Sanciones progresivas', questions: ['¿Qué es una exclusión?'] });
  await traineeWork(ana, course.id, reglas.id);
  await instructorRecords(ana, course.id);

  // The board: her record's columns, and her name opens her page.
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/courses/${course.id}/progreso`);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(ana.name) }) });
  // The course asks nothing to pass: 'Apto' (tests/e2e/approval.spec.ts sets requirements).
  await expect(row.getByRole('cell')).toHaveText([
    'Enviado',
    'No habilitado',
    'No aprobado · 0 %',
    '100 %',
    'Al día',
    'Aprobada',
    '4,0',
    'Apto',
  ]);
  await screenshot(page, 'legajo-tablero');
  await row.getByRole('link', { name: ana.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${ana.id}/cursos/${course.id}$`));

  await expect(page.getByRole('heading', { level: 1, name: ana.name })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(section('Módulos').getByRole('listitem')).toHaveText([/Reglas de juego.*Enviado/, /Sanciones progresivas.*No habilitado/]);
  await expect(section('Jugadas')).toContainText('Jugadas: 1 de 1 correcta');
  await expect(section('Exámenes')).toContainText('Examen de reglamento');
  await expect(section('Exámenes')).toContainText('No aprobado · 0 %');
  await expect(section('Asistencia')).toContainText('100 %');
  await expect(section('Asistencia').getByRole('listitem')).toHaveText([/Reglas 1 a 8.*Presente/, /Práctica en cancha.*Próxima/]);
  await expect(section('Pagos')).toContainText('Dos cuotas de $3000');
  await expect(section('Pagos')).toContainText(`Pagado ${pesos(3000)} de ${pesos(6000)}`);
  await expect(section('Pagos').getByText('Al día')).toBeVisible();
  await expect(section('Pagos').getByRole('link', { name: 'Registrar pago' })).toHaveAttribute('href', `/admin/courses/${course.id}/pagos`);
  await expect(section('Prueba física')).toContainText('Aprobada');
  await expect(section('Observaciones de partido')).toContainText('Ferro vs. Sedalo');
  await expect(section('Historial de cambios')).toContainText(`Pago de ${pesos(3000)}`);
  await expect(section('Historial de cambios')).toContainText('Prueba física');
  // A module opens the review of her answers.
  await expect(section('Módulos').getByRole('link', { name: /^Reglas de juego/ })).toHaveAttribute(
    'href',
    `/admin/users-activities/${ana.id}/cursos/${course.id}/modules/${reglas.id}`,
  );
  await screenshot(page, 'legajo-alumno');
  await expectNoAxeViolations(page);

  // 'Imprimir' opens the browser's print dialog…
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // …and on paper there is only the page: no top bar, no menu, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Registrar pago' })).toBeHidden();
  await expect(section('Historial de cambios')).toBeVisible();
  await page.screenshot({ path: `${shots}/legajo-impreso.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();

  // From the user list: her courses lead to the same page.
  await page.goto(`/admin/users-activities/${ana.id}/cursos`);
  await page.getByRole('link', { name: `Ver legajo en el curso ${course.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${ana.id}/cursos/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: ana.name })).toBeVisible();

  // 'Mi cuenta' of the trainee, on her phone: her own record, and nothing to pay with.
  const phone = await page
    .context()
    .browser()!
    .newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const mine = await phone.newPage();
  await signIn(mine, ana);
  await expect(mine.getByRole('button', { name: 'LOGIN' })).toHaveCount(0);
  await mine.goto('/mi-cuenta');
  const own = mine.getByRole('region', { name: course.name });
  // Where she stands, with the same figures as her page: the course asks nothing yet, her exam handed in blank.
  await expect(own.getByRole('region', { name: 'Habilitación' })).toContainText('Sin requisitos definidos');
  await expect(own.getByRole('region', { name: 'Exámenes' }).getByRole('listitem')).toHaveText([/Examen de reglamento.*No aprobado · 0 %/]);
  await expect(own.getByRole('region', { name: 'Asistencia' })).toContainText('100 %');
  await expect(own.getByRole('region', { name: 'Plan de pagos' })).toContainText('Dos cuotas de $3000');
  await expect(own.getByRole('region', { name: 'Plan de pagos' }).getByText('Al día')).toBeVisible();
  await expect(own.getByRole('region', { name: 'Plan de pagos' })).toContainText(`Cuota 2 · ${pesos(3000)}`);
  await expect(own.getByRole('region', { name: 'Prueba física' })).toContainText('Aprobada');
  const observations = own.getByRole('region', { name: 'Observaciones de partido' });
  await expect(observations).toContainText('Ferro vs. Sedalo');
  await expect(observations).toContainText('Ubicación');
  await expect(observations).toContainText('Bien ubicada en el contraataque');
  await expect(observations).toContainText('Buen partido, sigue así.');
  await expect(mine.getByRole('button', { name: /pagar/i })).toHaveCount(0);
  await expect(mine.getByRole('link', { name: /pagar/i })).toHaveCount(0);
  await expect(mine.getByText('Historial de cambios')).toHaveCount(0);
  await expectNoAxeViolations(mine);
  await mine.screenshot({ path: `${shots}/mi-cuenta-360.png`, fullPage: true });
  await screenshot(mine, 'mi-cuenta-legajo');
  await phone.close();
});

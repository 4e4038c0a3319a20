import { dayOf } from '../../src/shared/calendar.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  createCourse,
  createModule,
  createStudent,
  expectNoAxeViolations,
  screenshot,
  signIn,
  signInThroughApi,
  waitForEmail,
} from './helpers.ts';

/** Posts a forum message as whoever is signed in on the page (same-origin fetch, as the app does). */
async function postInForum(page: import('@playwright/test').Page, moduleId: string, body: string) {
  const status = await page.evaluate(
    async ({ moduleId, body }) =>
      (
        await fetch(`/api/modules/${moduleId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body }),
        })
      ).status,
    { moduleId, body },
  );
  expect(status).toBe(201);
}

test('an admin chooses on Mi cuenta how to hear about submissions and questions, and the choice is kept', async ({ page }) => {
  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/admin\/mi-cuenta$/);
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  const notices = page.getByRole('region', { name: 'Avisos' });
  const submissions = notices.getByRole('combobox', { name: 'Respuestas para corregir' });
  const questions = notices.getByRole('combobox', { name: 'Pregunta en el foro' });
  await expect(submissions).toHaveValue('aviso:immediate');
  await screenshot(page, 'my-account-admin');

  await submissions.selectOption({ label: 'Aviso y un resumen diario por email' });
  await questions.selectOption({ label: 'Solo aviso en el teléfono' });
  await notices.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Listo: tus avisos quedaron como elegiste.')).toBeVisible();
  await page.reload();
  await expect(submissions).toHaveValue('aviso:daily');
  await expect(questions).toHaveValue('aviso:never');

  // Back to the defaults, so other tests' admin emails are unaffected.
  await submissions.selectOption({ label: 'Aviso y email' });
  await questions.selectOption({ label: 'Aviso y email' });
  await notices.getByRole('button', { name: 'Guardar' }).click();
  await expect(notices.getByRole('button', { name: 'Guardar' })).toBeDisabled();
});

test('a student is emailed when an admin answers their forum question, and the email links to Mi cuenta to stop them', async ({
  page,
  browser,
  baseURL,
}) => {
  const student = await createStudent({ name: 'Paula Foro' });
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Módulo de preguntas', enableFor: [student.id] });

  const studentContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, student);
  await expect(studentPage).toHaveURL(/\/inicio$/);
  await postInForum(studentPage, module.id, '¿Cuándo se marca el pasivo?');

  await signIn(page, e2eEnv().admin);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await postInForum(page, module.id, 'Cuando el equipo no busca el gol.');

  const mail = await waitForEmail(student.email);
  expect(mail.subject).toBe('Te respondieron en el foro de "Módulo de preguntas"');
  expect(mail.body).toContain('Cuando el equipo no busca el gol.');
  const preferencesLink = new RegExp(`${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/mi-cuenta`).exec(mail.body)?.[0];
  expect(preferencesLink).toBeTruthy();

  await studentPage.goto(preferencesLink!);
  await expect(studentPage.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  const notices = studentPage.getByRole('region', { name: 'Avisos' });
  const choice = notices.getByRole('combobox', { name: 'Respuesta en el foro' });
  await expect(choice).toHaveValue('aviso:immediate');
  await screenshot(studentPage, 'my-account-student');
  await choice.selectOption({ label: 'Solo aviso en el teléfono' });
  await notices.getByRole('button', { name: 'Guardar' }).click();
  await expect(studentPage.getByText('Listo: tus avisos quedaron como elegiste.')).toBeVisible();
  await studentPage.reload();
  await expect(choice).toHaveValue('aviso:never');
  await studentContext.close();
});

/** A rules exam of two bank questions on the module, through the API as the admin. */
async function examOn(courseId: string, moduleId: string, title: string) {
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
  const exam = {
    title,
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
  };
  await adminApi('POST', `/api/courses/${courseId}/exams`, exam, 201);
}

test('a trainee’s Mi cuenta says, on a phone, where they stand in each course: Habilitación, their exams and their licence', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Marina Cuenta ${tag}` });
  const licensed = await createCourse({ name: `Curso con licencia ${tag}`, enableFor: [trainee.id] });
  const plain = await createCourse({ name: `Curso sin requisitos ${tag}`, enableFor: [trainee.id] });
  const module = await createModule({ courseId: licensed.id, name: 'Reglas', enableFor: [trainee.id] });
  await examOn(licensed.id, module.id, 'Examen de práctica');

  // The course asks for the physical test; she passes it and her licence is issued.
  await adminApi(
    'PUT',
    `/api/courses/${licensed.id}/approval`,
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
      licence: { level: 'Árbitro Provincial', rulesEdition: 'Reglas IHF 2024', months: 12 },
    },
    200,
  );
  // 'Firma del certificado': who signs the course's certificates, asked before any is issued.
  await adminApi('PUT', `/api/courses/${licensed.id}/certificate-signer`, { name: 'Marta Gómez', title: 'Directora de Arbitraje' }, 200);
  const today = dayOf(new Date());
  await adminApi('POST', `/api/courses/${licensed.id}/trainees/${trainee.id}/fitness-results`, { testedOn: today, level: 10 }, 201);
  await adminApi('POST', `/api/courses/${licensed.id}/certificates`, { userIds: [trainee.id] }, 201);

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  await page.goto('/mi-cuenta');
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();

  const own = page.getByRole('region', { name: licensed.name });
  await expect(own.getByRole('region', { name: 'Habilitación' })).toContainText('Apto');
  await expect(own.getByRole('region', { name: 'Habilitación' })).toContainText('Cumplís todo lo que pide el curso.');
  await expect(own.getByRole('region', { name: 'Exámenes' }).getByRole('listitem')).toHaveText([/Examen de práctica.*Sin rendir/]);
  const licence = own.getByRole('region', { name: 'Licencia' });
  await expect(licence).toContainText('Árbitro Provincial');
  await expect(licence).toContainText('Vigente');
  const pdf = licence.getByRole('link', { name: 'Descargar PDF de la licencia Árbitro Provincial' });
  await expect(pdf).toHaveAttribute('href', /^\/api\/certificates\/[^/]+\/pdf$/);
  await expect(licence.getByRole('link', { name: /^Verificar la licencia/ })).toHaveAttribute(
    'href',
    new RegExp(`/verificar/AV-[0-9A-Z]{4}-[0-9A-Z]{4}$`),
  );
  // Its PDF is hers to download.
  expect((await page.request.get((await pdf.getAttribute('href'))!)).status()).toBe(200);

  // A course that asks nothing yet: each part says so in words.
  const other = page.getByRole('region', { name: plain.name });
  await expect(other.getByRole('region', { name: 'Habilitación' })).toContainText('Sin requisitos definidos');
  await expect(other.getByRole('region', { name: 'Exámenes' })).toContainText('Este curso no tiene exámenes.');
  await expect(other.getByRole('region', { name: 'Licencia' })).toContainText('Todavía no tenés la licencia de este curso');

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await screenshot(page, 'mi-cuenta-habilitacion');
  await context.close();
});

// Evaluaciones: the admin builds a rules exam from the course's bank, a trainee sits it on a phone
// (one question at a time, a countdown, each answer saved as it is chosen) and sees the result; the
// admin reads the results. A weak signal loses no answer: a reload resumes the attempt as it was,
// and answers chosen without signal wait on the phone and arrive once, in order, when it is back.
import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminPage,
  appRunning,
  createCourse,
  createModule,
  createStudent,
  dialogSettled,
  expectNoAxeViolations,
  screenshot,
  signInThroughApi,
} from './helpers.ts';

interface BankQuestion {
  text: string;
  options: string[];
  correct: string[];
  chapter: string;
}

const bank: BankQuestion[] = [
  {
    text: '¿Cuántos jugadores de campo tiene cada equipo en la cancha?',
    options: ['Seis', 'Siete', 'Cinco'],
    correct: ['Seis'],
    chapter: 'Regla 4',
  },
  {
    text: '¿Qué sanciones son progresivas?',
    options: ['Amonestación', 'Exclusión de 2 minutos', 'Tiro libre'],
    correct: ['Amonestación', 'Exclusión de 2 minutos'],
    chapter: 'Regla 16',
  },
  {
    text: '¿Cuánto dura cada tiempo de un partido de mayores?',
    options: ['30 minutos', '25 minutos'],
    correct: ['30 minutos'],
    chapter: 'Regla 2',
  },
  {
    text: '¿Cuántos pasos puede dar un jugador con el balón en la mano?',
    options: ['Tres', 'Cuatro', 'Dos'],
    correct: ['Tres'],
    chapter: 'Regla 7',
  },
];
/** The one the journey answers wrong, with this option. */
const wrong = { text: bank[3]!.text, option: 'Cuatro' };

/** The bank as the import file: semicolons, as Excel saves it in Spanish. */
function bankCsv(questions: BankQuestion[]): string {
  const letters = ['a', 'b', 'c'];
  const rows = questions.map((q) =>
    [
      q.text,
      ...letters.map((_, i) => q.options[i] ?? ''),
      q.correct.map((c) => letters[q.options.indexOf(c)]).join(','),
      q.chapter,
      '',
      '',
    ].join(';'),
  );
  return ['pregunta;a;b;c;correctas;capitulo;regla;explicacion', ...rows].join('\n');
}

const origin = () => ({ origin: e2eEnv().baseURL });

/** The bank imported and an exam created through the API, as the admin whose page this is (for the tests that are about the trainee). */
async function examThroughApi(admin: Page, courseId: string, moduleId: string, exam: Record<string, unknown> = {}) {
  const imported = await admin.request.post(`/api/courses/${courseId}/bank/import`, {
    headers: origin(),
    multipart: { edition: '2024', file: { name: 'banco.csv', mimeType: 'text/csv', buffer: Buffer.from(bankCsv(bank)) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const created = await admin.request.post(`/api/courses/${courseId}/exams`, {
    headers: { ...origin(), 'idempotency-key': `examen-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      title: 'Examen de reglas',
      moduleId,
      questionCount: 4,
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
      ...exam,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { exam: { id: string; title: string } }).exam;
}

/** The question on screen, found among the bank's by its text. */
async function currentQuestion(page: Page): Promise<BankQuestion> {
  await expect(page.getByRole('heading', { name: /^Pregunta \d+ de \d+$/ })).toBeVisible();
  for (const question of bank) {
    if (await page.getByText(question.text, { exact: true }).isVisible()) return question;
  }
  throw new Error('la pregunta en pantalla no es del banco');
}

/** Marks these options of the question on screen. */
async function mark(page: Page, options: string[]) {
  for (const option of options) await page.getByRole('checkbox', { name: option, exact: true }).check();
}

/** The attempt as the server has it, read with the trainee's own session. */
async function serverAttempt(page: Page, attemptId: string) {
  const response = await page.request.get(`/api/attempts/${attemptId}`);
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as { attempt: { questions: Array<{ text: string; answer: number[]; answerSeq: number; options: string[] }> } }
  ).attempt;
}

const attemptIdOf = (page: Page) => new URL(page.url()).searchParams.get('intento')!;

/** The countdown's seconds ('Quedan 9:41' → 581). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const match = /(\d+):(\d{2})/.exec(text);
  if (!match) throw new Error(`no hay cuenta regresiva: «${text}»`);
  return Number(match[1]) * 60 + Number(match[2]);
}

test('the admin imports the bank and creates an exam; a trainee on a phone passes it with 75 %, cannot start again, and the admin sees the result', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const trainee = await createStudent({ name: 'Lucía Reglamento' });
  const course = await createCourse({ name: `Curso de reglas ${Date.now().toString(36)}`, enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, name: 'Reglas del juego', enableFor: [trainee.id] });

  // The admin, on a phone: the bank's import with its preview.
  const admin = await adminPage(browser);
  await admin.setViewportSize({ width: 360, height: 740 });
  await importThroughBankPage(admin, course.id);

  // The course's page leads to 'Exámenes'; 'Nuevo examen' on the module, drawing the four questions.
  await admin.goto(`/admin/courses/${course.id}`);
  await admin.getByRole('link', { name: /Exámenes/ }).click();
  await expect(admin.getByRole('heading', { name: 'Exámenes', level: 1 })).toBeVisible();
  await expect(admin.getByText('Este curso todavía no tiene exámenes')).toBeVisible();
  await screenshot(admin, 'examenes-vacio');
  await admin.getByRole('button', { name: 'Nuevo examen' }).click();
  const form = admin.getByRole('dialog', { name: 'Nuevo examen' });
  // 'Crear examen' with the required fields empty: the first error is brought into view and focused.
  await form.getByRole('button', { name: 'Crear examen' }).click();
  await expect(form.getByRole('textbox', { name: 'Título' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Título' })).toBeInViewport();
  await form.getByRole('textbox', { name: 'Título' }).fill('Examen de reglas 1');
  await form.getByRole('textbox', { name: 'Módulo' }).click();
  await admin.getByRole('option', { name: 'Reglas del juego' }).click();
  await form.getByRole('textbox', { name: 'Cantidad de preguntas' }).fill('4');
  await form.getByRole('textbox', { name: 'Tiempo (minutos)' }).fill('10');
  await form.getByRole('textbox', { name: 'Nota para aprobar (%)' }).fill('75');
  await form.getByRole('textbox', { name: 'Intentos', exact: true }).fill('1');
  await form.getByRole('textbox', { name: 'Espera entre intentos (horas)' }).fill('0');
  await expect(form.getByRole('radio', { name: 'Al entregar' })).toBeChecked();
  await dialogSettled(admin);
  await screenshot(admin, 'examen-formulario');
  await form.getByRole('button', { name: 'Crear examen' }).click();
  await expect(form).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: 'Examen de reglas 1' });
  await expect(card).toContainText('Módulo: Reglas del juego');
  await expect(card).toContainText('4 preguntas · 10 minutos · aprueba con 75 % · 1 intento permitido por alumno');
  await expect(card).toContainText('Nadie lo rindió');
  await screenshot(admin, 'examenes');

  // The trainee, on a phone: the module's page has the exam's button.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  // The exam's button comes with the module page's own data, drawn by the server: no request of its own.
  const examRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(modules\/[^/]+\/exams|exams\/)/.test(request.url())) examRequests.push(request.url());
  });
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await appRunning(page);
  await expect(page.getByRole('link', { name: 'Examen de reglas 1' })).toBeVisible();
  expect(examRequests).toEqual([]);
  await screenshot(page, 'modulo-con-examen');
  await page.getByRole('link', { name: 'Examen de reglas 1' }).click();
  await expect(page.getByRole('heading', { name: 'Examen de reglas 1', level: 1 })).toBeVisible();
  await expect(page.getByTestId('resumen-examen')).toHaveText('4 preguntas · 10 minutos · aprobás con 75 % · intento 1 de 1');
  await screenshot(page, 'examen-inicio');
  await page.getByRole('button', { name: 'Comenzar examen' }).click();

  // One question at a time: three right (the multi-answer one among them) and one wrong.
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeFocused();
  await expect(page.getByRole('timer')).toHaveText(/^Quedan (10:00|9:\d\d)$/);
  await expect(page.getByText('Marcá todas las correctas')).toBeVisible();
  for (let n = 1; n <= 4; n++) {
    await expect(page.getByRole('heading', { name: `Pregunta ${n} de 4` })).toBeVisible();
    const question = await currentQuestion(page);
    await mark(page, question.text === wrong.text ? [wrong.option] : question.correct);
    await expect(page.getByRole('button', { name: `Pregunta ${n}, respondida` })).toBeVisible();
    if (n === 2) await screenshot(page, 'examen-pregunta');
    if (n < 4) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page.getByRole('heading', { name: `Pregunta ${n + 1} de 4` })).toBeFocused();
    }
  }
  await page.getByRole('button', { name: 'Entregar examen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Entregar examen' });
  await expect(confirm).toContainText('Respondiste todas las preguntas');
  await dialogSettled(page);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Entregar' }).click();

  // The result: passed with 75 %, each question with the right options; no attempt left.
  const result = page.getByTestId('resultado-examen');
  await expect(result).toContainText('Aprobado');
  await expect(result).toContainText('Nota: 75 %');
  await expect(result).toContainText('3 de 4 correctas');
  await expect(page.getByTestId('estado-examen')).toHaveText('No te quedan intentos');
  await expect(page.getByRole('heading', { name: 'Tus respuestas' })).toBeVisible();
  await expect(page.getByText('Tu respuesta')).toHaveCount(5);
  await screenshot(page, 'examen-resultado');
  // A second attempt is refused: no button, and the server says why.
  await page.goto(`/${course.id}/${module.id}/modulo`);
  await page.getByRole('link', { name: 'Examen de reglas 1' }).click();
  await expect(page.getByTestId('estado-examen')).toHaveText('No te quedan intentos');
  await expect(page.getByRole('button', { name: 'Comenzar examen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Intento 1: Nota: 75 %/ })).toBeVisible();
  await screenshot(page, 'examen-sin-intentos');
  const examId = page.url().split('/').pop()!;
  const again = await page.request.post(`/api/exams/${examId}/attempts`, { headers: origin() });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe('No te quedan intentos');

  // The admin's results: the trainee's row, their answers, the questions hardest first, the CSV.
  await admin.goto(`/admin/courses/${course.id}/examenes`);
  await expect(card).toContainText('Rendido: 1 intento');
  await card.getByRole('link', { name: /Resultados/ }).click();
  await expect(admin.getByRole('heading', { name: 'Resultados · Examen de reglas 1', level: 1 })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'Lucía Reglamento' });
  await expect(row).toContainText('75 %');
  await expect(row).toContainText('Sí');
  await expect(row).toContainText('1 de 1');
  const stats = admin.getByRole('listitem').filter({ hasText: wrong.text });
  await expect(stats).toContainText('0 % (0 de 1)');
  await screenshot(admin, 'examen-resultados');
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Descargar CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await row.getByRole('button', { name: 'Ver respuestas de Lucía Reglamento' }).click();
  const answers = admin.getByRole('dialog', { name: 'Respuestas de Lucía Reglamento' });
  await expect(answers).toContainText('Nota: 75 %');
  await expect(answers.getByText('Marcada')).toHaveCount(5);
  await dialogSettled(admin);
  await screenshot(admin, 'examen-respuestas-alumno');
  await context.close();
  await admin.context().close();
});

test('a reload in the middle keeps the answers, the order and the time; answers chosen without signal wait on the phone and arrive once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const trainee = await createStudent({ name: 'Tomás Señal Débil' });
  const course = await createCourse({ enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, enableFor: [trainee.id] });
  const admin = await adminPage(browser);
  const exam = await examThroughApi(admin, course.id, module.id);
  await admin.context().close();

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  await page.getByRole('button', { name: 'Comenzar examen' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeVisible();
  const attemptId = attemptIdOf(page);

  // Two answers, saved.
  const first = await currentQuestion(page);
  await mark(page, first.correct);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const second = await currentQuestion(page);
  await mark(page, second.correct);
  await expect.poll(async () => (await serverAttempt(page, attemptId)).questions.filter((q) => q.answerSeq > 0).length).toBe(2);
  const order = (await serverAttempt(page, attemptId)).questions.map((q) => q.text);
  const before = await secondsLeft(page);

  // Reloaded: the same attempt, the same order, both answers, the time still running. The
  // document brings the attempt: its clock's first figure is the server's seconds left, with no
  // request for the attempt, and never more than it (nor the exam's full time).
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const timer = document.querySelector('[role=timer]');
      if (!timer?.textContent) return;
      (window as unknown as { firstClock: string }).firstClock = timer.textContent;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const attemptReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/attempts/${attemptId}`) && request.method() === 'GET') attemptReads.push(request.url());
  });
  const serverLeft = (await page.request.get(`/api/attempts/${attemptId}`).then((r) => r.json())) as {
    attempt: { remainingSeconds: number };
  };
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeVisible();
  const firstClock = await page.evaluate(() => (window as unknown as { firstClock?: string }).firstClock ?? '');
  const [, minutes, seconds] = /(\d+):(\d{2})/.exec(firstClock) ?? [];
  const firstSeconds = Number(minutes) * 60 + Number(seconds);
  expect(firstSeconds, firstClock).toBeLessThanOrEqual(serverLeft.attempt.remainingSeconds);
  expect(firstSeconds, firstClock).toBeGreaterThan(serverLeft.attempt.remainingSeconds - 10);
  expect(attemptReads).toEqual([]);
  expect((await currentQuestion(page)).text).toBe(first.text);
  for (const option of first.correct) await expect(page.getByRole('checkbox', { name: option, exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pregunta 2, respondida' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pregunta 3, sin responder' })).toBeVisible();
  const after = await secondsLeft(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 30);
  expect((await serverAttempt(page, attemptId)).questions.map((q) => q.text)).toEqual(order);

  // No signal: the answer stays on the phone and the page says so; it goes out when the signal is back.
  await page.getByRole('button', { name: 'Pregunta 3, sin responder' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 3 de 4' })).toBeFocused();
  const third = await currentQuestion(page);
  await context.setOffline(true);
  await mark(page, third.correct);
  await expect(page.getByTestId('sin-conexion')).toHaveText('Sin conexión: tus respuestas se guardan y se envían al volver la señal');
  await expect(page.getByRole('button', { name: 'Pregunta 3, respondida' })).toBeVisible();
  await screenshot(page, 'examen-sin-conexion');
  await context.setOffline(false);
  await expect(page.getByTestId('sin-conexion')).toBeHidden({ timeout: 15_000 });

  // The server fails (503): the fourth is chosen, unchosen and chosen again; only the latest leaves the phone once it answers.
  const sent: string[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PUT' && response.url().includes('/answers/'))
      sent.push(`${response.status()} ${response.request().postData()}`);
  });
  await page.route('**/api/attempts/*/answers/*', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const fourth = await currentQuestion(page);
  const wrongOption = fourth.options.find((option) => !fourth.correct.includes(option))!;
  await mark(page, [wrongOption]);
  await page.getByRole('checkbox', { name: wrongOption, exact: true }).uncheck();
  await mark(page, fourth.correct);
  await expect(page.getByTestId('sin-conexion')).toBeVisible();
  await page.unroute('**/api/attempts/*/answers/*');
  await expect(page.getByTestId('sin-conexion')).toBeHidden({ timeout: 40_000 });

  const saved = await serverAttempt(page, attemptId);
  const byText = new Map(saved.questions.map((q) => [q.text, q]));
  const chosen = (text: string) =>
    byText
      .get(text)!
      .answer.map((index) => byText.get(text)!.options[index])
      .sort();
  expect(chosen(third.text)).toEqual([...third.correct].sort());
  expect(chosen(fourth.text)).toEqual([...fourth.correct].sort());
  // The seq counts every choice on the phone (a multi-answer question takes a tap per option).
  const fourthSeq = 2 + fourth.correct.length;
  expect(byText.get(third.text)!.answerSeq).toBe(third.correct.length);
  expect(byText.get(fourth.text)!.answerSeq).toBe(fourthSeq);
  // The options as the phone showed them (shuffled for this attempt).
  const shownIndices = (question: BankQuestion) => question.correct.map((o) => byText.get(question.text)!.options.indexOf(o)).sort();
  // The fourth reached the server once, with its latest answer: the earlier ones were replaced on the phone.
  expect(sent.filter((line) => line.startsWith('200'))).toEqual([
    `200 ${JSON.stringify({ answer: shownIndices(fourth), seq: fourthSeq })}`,
  ]);
  await context.close();
});

test('at 0:00 the answers stop, what was chosen counts, and the graded attempt is shown', async ({ browser }) => {
  test.setTimeout(120_000);
  const trainee = await createStudent({ name: 'Ana Contrarreloj' });
  const course = await createCourse({ enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, enableFor: [trainee.id] });
  const admin = await adminPage(browser);
  const exam = await examThroughApi(admin, course.id, module.id);

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  const start = page.getByRole('button', { name: 'Comenzar examen' });
  await expect(start).toBeVisible();
  // Right before the trainee starts (the page already there, however long it took on a busy
  // machine), the exam is set to close in 10 s: the attempt's deadline is its close.
  const closes = await admin.request.put(`/api/exams/${exam.id}/schedule`, {
    headers: origin(),
    data: { resultsRelease: 'al-entregar', opensAt: null, closesAt: new Date(Date.now() + 10_000).toISOString() },
  });
  expect(closes.status(), await closes.text()).toBe(200);
  await start.click();
  await admin.context().close();
  await expect(page.getByRole('timer')).toHaveText(/^Quedan 0:0\d$/);
  const question = await currentQuestion(page);
  await mark(page, question.correct);
  await expect(page.getByText(/Se terminó el tiempo: ya no se pueden cambiar las respuestas\. Estamos corrigiendo/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('checkbox').first()).toBeDisabled();
  const result = page.getByTestId('resultado-examen');
  await expect(result).toContainText('No aprobado', { timeout: 30_000 });
  await expect(result).toContainText('Nota: 25 %');
  await expect(result).toContainText('entregado al terminar el tiempo');
  await context.close();
});

test('once an attempt started, Editar keeps only the dates and the results release; Borrar waits until no attempt is open', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const trainee = await createStudent({ name: 'Pedro Intento' });
  const course = await createCourse({ enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, enableFor: [trainee.id] });
  const admin = await adminPage(browser);
  const exam = await examThroughApi(admin, course.id, module.id);

  // Before any attempt, the whole exam can change.
  await admin.goto(`/admin/courses/${course.id}/examenes`);
  await admin.getByRole('button', { name: 'Editar Examen de reglas' }).click();
  let form = admin.getByRole('dialog', { name: 'Editar examen' });
  await expect(form.getByRole('textbox', { name: 'Título' })).toHaveValue('Examen de reglas');
  await form.getByRole('textbox', { name: 'Título' }).fill('Examen parcial');
  await form.getByRole('textbox', { name: 'Cantidad de preguntas' }).fill('9');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  // The bank has four questions: the server says so on the field.
  await expect(form.getByText('El banco tiene 4 preguntas activas para este examen: no alcanzan.').first()).toBeVisible();
  await form.getByRole('textbox', { name: 'Cantidad de preguntas' }).fill('4');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: 'Examen parcial' });
  await expect(card).toBeVisible();

  // The trainee starts an attempt.
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  const started = await page.request.post(`/api/exams/${exam.id}/attempts`, { headers: origin() });
  expect(started.status()).toBe(201);
  const attemptId = ((await started.json()) as { attempt: { id: string } }).attempt.id;

  // Now only when it opens, closes and shows results can change, and the form says why.
  await admin.reload();
  await expect(card).toContainText('1 intento (1 en curso)');
  await admin.getByRole('button', { name: 'Editar Examen parcial' }).click();
  form = admin.getByRole('dialog', { name: 'Editar examen' });
  await expect(form).toContainText('El examen ya tiene intentos: sólo se pueden cambiar las fechas y cuándo se muestran los resultados.');
  await expect(form.getByRole('textbox', { name: 'Título' })).toHaveCount(0);
  await form.getByRole('radio', { name: 'Cuando cierre el examen' }).check();
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form.getByText('Para mostrar los resultados cuando cierre el examen, indicá cuándo cierra.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Cierra: día' }).fill('01/06/2030');
  await form.getByRole('spinbutton', { name: 'Cierra, hora: horas' }).fill('18');
  await form.getByRole('spinbutton', { name: 'Cierra, hora: minutos' }).fill('00');
  await dialogSettled(admin);
  await screenshot(admin, 'examen-formulario-fechas');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form).toBeHidden();
  await expect(card).toContainText('resultados cuando cierre');
  await expect(card).toContainText('2030');

  // Borrar is refused while the attempt is open; once handed in, it goes.
  await admin.getByRole('button', { name: 'Borrar Examen parcial' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Borrar examen' });
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Hay un intento en curso de este examen: no se puede borrar hasta que termine.');
  const handedIn = await page.request.post(`/api/attempts/${attemptId}/submit`, { headers: origin() });
  expect(handedIn.status()).toBe(200);
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('Este curso todavía no tiene exámenes')).toBeVisible();
  await context.close();
  await admin.context().close();
});

/** 'Banco de preguntas' → 'Importar preguntas': the CSV, its preview ('Revisar archivo'), then 'Importar'. */
async function importThroughBankPage(admin: Page, courseId: string) {
  await admin.goto(`/admin/courses/${courseId}`);
  await admin.getByRole('link', { name: /Banco de preguntas/ }).click();
  await expect(admin.getByRole('heading', { name: 'Banco de preguntas', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Importar preguntas' }).first().click();
  const dialog = admin.getByRole('dialog', { name: 'Importar preguntas' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'banco.csv', mimeType: 'text/csv', buffer: Buffer.from(bankCsv(bank)) });
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(dialog.getByText('4 filas listas para importar, 0 con errores')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByText('4 preguntas importadas, 0 filas con errores')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ver el banco' }).click();
  await expect(admin.getByText(bank[1]!.text)).toBeVisible();
}

test('after a pass, the exam says the pass is kept; a failed retry says which attempt counts, on the trainee’s side and the staff’s', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const trainee = await createStudent({ name: 'Julia Dos Intentos' });
  const course = await createCourse({ enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, enableFor: [trainee.id] });
  const admin = await adminPage(browser);
  const exam = await examThroughApi(admin, course.id, module.id, { attempts: 2 });

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  await page.getByRole('button', { name: 'Comenzar examen' }).click();
  for (let n = 1; n <= 4; n++) {
    await mark(page, (await currentQuestion(page)).correct);
    await expect(page.getByRole('button', { name: `Pregunta ${n}, respondida` })).toBeVisible();
    if (n < 4) await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  const handIn = async () => {
    await page.getByRole('button', { name: 'Entregar examen' }).click();
    await page.getByRole('dialog', { name: 'Entregar examen' }).getByRole('button', { name: 'Entregar' }).click();
  };
  await handIn();
  await expect(page.getByTestId('resultado-examen')).toContainText('Nota: 100 %');
  // The only attempt is the one that counts: nothing more to say.
  await expect(page.getByTestId('intento-que-cuenta')).toHaveCount(0);

  // Before the second: the pass is kept whatever happens.
  await page.getByRole('link', { name: 'Volver a intentarlo' }).click();
  await expect(page.getByTestId('intento-que-cuenta')).toHaveText(
    'Ya aprobaste este examen (intento 1, 100 %). Cuenta tu mejor intento: si lo volvés a rendir, la aprobación no se pierde.',
  );
  await screenshot(page, 'examen-aprobado-otro-intento');

  // The second, handed in blank: 'No aprobado · 0 %', and under it, which attempt counts.
  await page.getByRole('button', { name: 'Comenzar examen' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeVisible();
  await handIn();
  const result = page.getByTestId('resultado-examen');
  await expect(result).toContainText('No aprobado');
  await expect(result).toContainText('Nota: 0 %');
  await expect(page.getByTestId('intento-que-cuenta')).toHaveText(
    'Este intento no cambia tu resultado: el examen sigue aprobado con tu intento 1 (100 %). Cuenta tu mejor intento.',
  );
  await screenshot(page, 'examen-intento-que-no-cuenta');
  // The list of attempts marks the one that counts.
  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Intento 1' })).toContainText('Es el que cuenta');
  await expect(page.getByRole('listitem').filter({ hasText: 'Intento 2' })).not.toContainText('Es el que cuenta');
  await context.close();

  // The staff's side: the results row is the best attempt, and the trainee's answers say so.
  await admin.goto(`/admin/examenes/${exam.id}/resultados`);
  await expect(admin.getByRole('table', { name: 'Cada alumno con su mejor intento entregado: es el que cuenta' })).toBeVisible();
  await expect(admin.getByText('Cada alumno con su mejor intento entregado: es el que cuenta', { exact: true }).first()).toBeVisible();
  await admin.getByRole('button', { name: 'Ver respuestas de Julia Dos Intentos' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Respuestas de Julia Dos Intentos' });
  await expect(dialog.getByTestId('intento-que-cuenta')).toHaveText(
    'Cuenta su mejor intento: 100 %, aprobado. Elegí un intento para ver sus respuestas.',
  );
  await admin.context().close();
});

test('the module list flags the module whose exam is open now, then under way while an attempt runs, and nothing once it is passed', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const trainee = await createStudent({ name: 'Tomás Lista' });
  const course = await createCourse({ enableFor: [trainee.id] });
  const open = await createModule({ courseId: course.id, name: 'Reglas con examen', enableFor: [trainee.id] });
  const later = await createModule({ courseId: course.id, name: 'Sanciones sin abrir', enableFor: [trainee.id] });
  await createModule({ courseId: course.id, name: 'Mecánica sin examen', enableFor: [trainee.id] });
  const admin = await adminPage(browser);
  const exam = await examThroughApi(admin, course.id, open.id, { attempts: 2 });
  // Another exam, from the same bank, that opens in three days: nothing to take now.
  const notYet = await admin.request.post(`/api/courses/${course.id}/exams`, {
    headers: { ...origin(), 'idempotency-key': `examen-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      title: 'Examen de sanciones',
      moduleId: later.id,
      questionCount: 4,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      timeMinutes: 10,
      passPercent: 75,
      attempts: 2,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      closesAt: null,
    },
  });
  expect(notYet.status(), await notYet.text()).toBe(201);
  await admin.context().close();

  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, trainee);
  const list = `/${course.id}/modulos`;
  // The server draws the list without the flag (its drawing is reused whatever the hour): the phone adds it.
  const drawn = await page.request.get(list);
  expect(await drawn.text()).toContain('Reglas con examen');
  expect(await drawn.text()).not.toContain('Examen abierto');
  await page.goto(list);
  await appRunning(page);
  const card = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(card('Reglas con examen')).toContainText('Examen abierto');
  await expect(card('Sanciones sin abrir')).not.toContainText('Examen');
  await expect(card('Mecánica sin examen')).not.toContainText('Examen');
  await screenshot(page, 'modulos-examen-abierto');

  // An attempt started: 'Examen en curso', back through the app's menu.
  await card('Reglas con examen').getByRole('link').click();
  await page.getByRole('link', { name: exam.title }).click();
  await page.getByRole('button', { name: 'Comenzar examen' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Módulos' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await expect(card('Reglas con examen')).toContainText('Examen en curso');
  await expect(card('Reglas con examen')).not.toContainText('Examen abierto');
  await screenshot(page, 'modulos-examen-en-curso');

  // Passed: no flag any more, on this list and on a list drawn anew.
  await page.goto(`/${course.id}/${open.id}/examen/${exam.id}`);
  await page.getByRole('button', { name: 'Continuar examen' }).click();
  for (let n = 1; n <= 4; n++) {
    await mark(page, (await currentQuestion(page)).correct);
    await expect(page.getByRole('button', { name: `Pregunta ${n}, respondida` })).toBeVisible();
    if (n < 4) await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await page.getByRole('button', { name: 'Entregar examen' }).click();
  await page.getByRole('dialog', { name: 'Entregar examen' }).getByRole('button', { name: 'Entregar' }).click();
  await expect(page.getByTestId('resultado-examen')).toContainText('Aprobado');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Módulos' }).click();
  await expect(card('Reglas con examen')).toBeVisible();
  await expect(card('Reglas con examen')).not.toContainText('Examen');
  await page.reload();
  await appRunning(page);
  await expect(card('Reglas con examen')).not.toContainText('Examen');
  await expectNoAxeViolations(page);
  await context.close();
});

// The instructor's side of the video exam: 'Nuevo examen' of kind 'Video' draws from the course's
// clips for 'Examen' or 'Ambos' (with nothing to draw, the form says how to mark some), the
// server's Spanish error lands on its field, the list tells the kinds apart; the results show
// per tag and per clip what the class did, and each trainee's clips with the correct call.
import type { Browser, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminPage,
  createCourse,
  createModule,
  createStudent,
  dialogSettled,
  expectNoAxeViolations,
  jugadaOptions,
  makeClip,
  screenshot,
  signIn,
  uploadVideo,
  type TestUser,
} from './helpers.ts';

const origin = () => ({ origin: e2eEnv().baseURL });

interface SeedClip {
  prompt: string;
  use: 'practica' | 'examen' | 'ambos';
  tags: string[];
  decision: string;
  sanction: string;
  moment: number | null;
}

/** Three clips for exams (two tagged 'Sanción progresiva') and one for practice only. */
const clips: SeedClip[] = [
  {
    prompt: '¿Qué cobrás en este contraataque?',
    use: 'examen',
    tags: ['Sanción progresiva'],
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    moment: null,
  },
  {
    prompt: '¿Qué cobrás en esta defensa?',
    use: 'ambos',
    tags: ['Sanción progresiva', '7 metros'],
    decision: 'Tiro libre',
    sanction: 'Amonestación (tarjeta amarilla)',
    moment: 1.5,
  },
  { prompt: '¿Hay pasos?', use: 'examen', tags: ['Juego pasivo'], decision: 'Pasos', sanction: 'Ninguna', moment: null },
  { prompt: 'Sólo para practicar', use: 'practica', tags: ['Juego pasivo'], decision: 'Gol', sanction: 'Ninguna', moment: null },
];

/** The clips above, on one real uploaded MP4, made through the API as the admin whose page this is. */
async function clipsThroughApi(admin: Page, courseId: string, moduleId: string) {
  const videoId = await uploadVideo(await makeClip('mp4', 4), 'jugada.mp4');
  const ids = await jugadaOptions(courseId);
  for (const clip of clips) {
    const response = await admin.request.post(`/api/modules/${moduleId}/jugadas`, {
      headers: origin(),
      data: {
        video: { kind: 'file', videoId },
        start: 0,
        end: 3,
        prompt: clip.prompt,
        correctDecisionId: ids.get(clip.decision),
        correctSanctionId: ids.get(clip.sanction),
        moment: clip.moment,
        tolerance: 1,
        explanation: `Explicación: ${clip.decision}.`,
        tags: clip.tags,
        use: clip.use,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return ids;
}

/** Screenshots of a dialog on a screen tall enough to show all of it (a dialog scrolls inside, not the page). */
async function dialogScreenshot(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: original.width, height: 2400 });
  await dialogSettled(page);
  await screenshot(page, name);
  await page.setViewportSize(original);
}

test('the admin creates a video exam from the clips for exams: the pool, the Spanish error, the list and the empty results', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const course = await createCourse({ name: `Curso de video ${Date.now().toString(36)}` });
  const module = await createModule({ courseId: course.id, name: 'Jugadas de examen' });
  const admin = await adminPage(browser);
  await admin.goto(`/admin/courses/${course.id}/examenes`);
  await expect(admin.getByRole('heading', { name: 'Exámenes', level: 1 })).toBeVisible();

  // No clip for exams yet: the form says how to mark some, and where.
  await admin.getByRole('button', { name: 'Nuevo examen' }).click();
  const form = admin.getByRole('dialog', { name: 'Nuevo examen' });
  await expect(form.getByRole('radio', { name: /Reglamento/ })).toBeChecked();
  await form.getByRole('radio', { name: /Video/ }).check();
  await expect(form.getByText('El curso no tiene jugadas para examen')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Jugadas del curso' })).toHaveAttribute('href', `/admin/courses/${course.id}/jugadas`);
  await expect(form.getByRole('textbox', { name: 'Cantidad de jugadas' })).toHaveAccessibleDescription(
    'El curso tiene 0 jugadas para examen',
  );
  await dialogScreenshot(admin, 'examen-video-sin-jugadas');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // Three clips for 'Examen' or 'Ambos', one for practice only.
  await clipsThroughApi(admin, course.id, module.id);
  await admin.getByRole('button', { name: 'Nuevo examen' }).click();
  await form.getByRole('radio', { name: /Video/ }).check();
  const count = form.getByRole('textbox', { name: 'Cantidad de jugadas' });
  await expect(count).toHaveAccessibleDescription('El curso tiene 3 jugadas para examen');
  await expect(form.getByRole('textbox', { name: 'Tiempo (minutos)' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Sanción progresiva' })).toHaveAccessibleDescription('2 jugadas para examen');
  await expect(form.getByRole('textbox', { name: 'Juego pasivo' })).toHaveAccessibleDescription('1 jugada para examen');
  await form.getByRole('textbox', { name: 'Título' }).fill('Examen de video 1');
  await form.getByRole('textbox', { name: 'Módulo' }).click();
  await admin.getByRole('option', { name: 'Jugadas de examen' }).click();

  // More clips than the course has: the server's Spanish error, on the field.
  await count.fill('4');
  await form.getByRole('button', { name: 'Crear examen' }).click();
  const poolTooSmall = 'El curso tiene 3 jugadas para examen: no alcanzan. Marcá más jugadas con uso «Examen» o «Ambos».';
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveAccessibleDescription(new RegExp(poolTooSmall.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(form.getByRole('alert').filter({ hasText: poolTooSmall })).toBeVisible();
  await dialogScreenshot(admin, 'examen-video-formulario-error');

  // Three clips, one of them 'Sanción progresiva', the one about steps fixed and critical (the refusal goes with the change).
  await count.fill('3');
  await expect(form.getByRole('alert').filter({ hasText: poolTooSmall })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Sanción progresiva' }).fill('1');
  await form.getByRole('textbox', { name: 'Jugadas fijas' }).click();
  await admin.getByRole('option', { name: /jugada 3: ¿Hay pasos\?/ }).click();
  await admin.keyboard.press('Escape');
  await form.getByRole('checkbox', { name: /^Crítica: Jugadas de examen, jugada 3/ }).check();
  await form.getByRole('textbox', { name: 'Vistas por jugada' }).fill('2');
  await form.getByRole('textbox', { name: 'Tiempo para responder (segundos)' }).fill('15');
  await form.getByRole('textbox', { name: 'Nota para aprobar (%)' }).fill('60');
  await form.getByRole('textbox', { name: 'Intentos', exact: true }).fill('1');
  await form.getByRole('textbox', { name: 'Espera entre intentos (horas)' }).fill('0');
  await dialogScreenshot(admin, 'examen-video-formulario');
  await expectNoAxeViolations(admin);
  await form.getByRole('button', { name: 'Crear examen' }).click();
  await expect(form).toBeHidden();
  await admin.getByRole('button', { name: 'Cerrar aviso' }).click();

  // The list tells it apart: 'Video', its clips and the window to answer instead of minutes.
  const card = admin.getByRole('listitem').filter({ hasText: 'Examen de video 1' });
  await expect(card).toContainText('Video');
  await expect(card).toContainText('3 jugadas · 15 s para responder · 2 vistas por jugada · aprueba con 60 % · 1 intento');
  await expect(card).not.toContainText('minutos');
  const listed = await admin.request.get(`/api/courses/${course.id}/exams`);
  const [saved] = ((await listed.json()) as { exams: Array<Record<string, unknown>> }).exams;
  const steps = await admin.request.get(`/api/courses/${course.id}/jugadas`);
  const stepsId = ((await steps.json()) as { jugadas: Array<{ id: string; prompt: string }> }).jugadas.find(
    (clip) => clip.prompt === '¿Hay pasos?',
  )!.id;
  expect(saved).toMatchObject({
    kind: 'video',
    questionCount: 3,
    perChapter: [{ chapter: 'Sanción progresiva', count: 1 }],
    fixedQuestionIds: [stepsId],
    criticalQuestionIds: [stepsId],
    viewsPerClip: 2,
    answerSeconds: 15,
    timeMinutes: 0,
  });
  await screenshot(admin, 'examenes-video');

  // Its kind is fixed once created.
  await card.getByRole('button', { name: 'Editar Examen de video 1' }).click();
  const edit = admin.getByRole('dialog', { name: 'Editar examen' });
  await expect(edit.getByText('Tipo: Video')).toBeVisible();
  await expect(edit.getByRole('radio', { name: /Reglamento/ })).toHaveCount(0);
  await expect(edit.getByRole('checkbox', { name: /^Crítica: Jugadas de examen, jugada 3/ })).toBeChecked();
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // Results before anyone sat it.
  await card.getByRole('link', { name: 'Resultados de Examen de video 1' }).click();
  await expect(admin.getByRole('heading', { name: 'Resultados · Examen de video 1', level: 1 })).toBeVisible();
  await expect(admin.getByText('Todavía nadie rindió este examen')).toBeVisible();
  await expect(admin.getByText('Todavía nadie entregó este examen.')).toBeVisible();
  await expect(admin.getByText('Jugadas de examen · aprueba con 60 % · 3 jugadas')).toBeVisible();
  await screenshot(admin, 'examen-video-resultados-vacio');
  await expectNoAxeViolations(admin);
  await admin.context().close();
});

/** A trainee's own session, for their calls to the API. */
async function traineePage(browser: Browser, trainee: TestUser) {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const page = await context.newPage();
  await signIn(page, trainee);
  await expect(page).toHaveURL(/\/inicio$/);
  return page;
}

interface AttemptClip {
  position: number;
  prompt: string;
}

/** Starts the trainee's attempt through the API; its clips in their order. */
async function startAttempt(page: Page, examId: string) {
  const started = await page.request.post(`/api/exams/${examId}/attempts`, { headers: origin() });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { attempt: { id: string; clips: AttemptClip[] } }).attempt;
}

/** 'Ver' and 'Responder' on a clip, as the trainee's phone sends them. */
async function watchAndAnswer(page: Page, attemptId: string, position: number, answer: object) {
  const viewed = await page.request.post(`/api/attempts/${attemptId}/clips/${position}/views`, { headers: origin() });
  expect(viewed.status(), await viewed.text()).toBe(200);
  const answered = await page.request.put(`/api/attempts/${attemptId}/clips/${position}/answer`, { headers: origin(), data: answer });
  expect(answered.status(), await answered.text()).toBe(200);
}

test("the results of a video exam: per tag, per clip with what the class chose, and a trainee's clips with the correct call", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [ana, beto] = [await createStudent({ name: 'Ana Video' }), await createStudent({ name: 'Beto Video' })];
  const course = await createCourse({ name: `Curso de video ${Date.now().toString(36)}`, enableFor: [ana.id, beto.id] });
  const module = await createModule({ courseId: course.id, name: 'Jugadas de examen', enableFor: [ana.id, beto.id] });
  const admin = await adminPage(browser);
  const ids = await clipsThroughApi(admin, course.id, module.id);
  const created = await admin.request.post(`/api/courses/${course.id}/exams`, {
    headers: { ...origin(), 'idempotency-key': `video-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      kind: 'video',
      title: 'Examen de video 2',
      moduleId: module.id,
      questionCount: 3,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      viewsPerClip: 1,
      answerSeconds: 10,
      passPercent: 60,
      attempts: 1,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exam = ((await created.json()) as { exam: { id: string } }).exam;

  // Ana calls every clip right (the last answer hands the attempt in).
  const anaPage = await traineePage(browser, ana);
  const anaAttempt = await startAttempt(anaPage, exam.id);
  for (const clip of anaAttempt.clips) {
    const call = clips.find((candidate) => candidate.prompt === clip.prompt)!;
    await watchAndAnswer(anaPage, anaAttempt.id, clip.position, {
      decisionId: ids.get(call.decision),
      sanctionId: ids.get(call.sanction),
      moment: call.moment,
    });
  }
  // Beto calls the first clip wrong and hands in: the other two unanswered.
  const betoPage = await traineePage(browser, beto);
  const betoAttempt = await startAttempt(betoPage, exam.id);
  const betoFirst = clips.find((candidate) => candidate.prompt === betoAttempt.clips[0]!.prompt)!;
  const wrongDecision = betoFirst.decision === 'Gol' ? 'Tiro libre' : 'Gol';
  await watchAndAnswer(betoPage, betoAttempt.id, 0, {
    decisionId: ids.get(wrongDecision),
    sanctionId: ids.get(betoFirst.sanction),
    moment: null,
  });
  const handed = await betoPage.request.post(`/api/attempts/${betoAttempt.id}/submit`, { headers: origin() });
  expect(handed.status(), await handed.text()).toBe(200);

  await admin.goto(`/admin/examenes/${exam.id}/resultados`);
  await expect(admin.getByRole('heading', { name: 'Resultados · Examen de video 2', level: 1 })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Ana Video' })).toContainText('100 %');
  await expect(admin.getByRole('row').filter({ hasText: 'Beto Video' })).toContainText('0 %');

  // Per tag: a clip counts in each of its tags.
  const tags = admin.getByRole('region', { name: '% de aciertos por etiqueta' });
  await expect(tags.getByRole('row', { name: /Sanción progresiva/ })).toHaveText(/Sanción progresiva\s*50 %\s*2 de 4/);
  await expect(tags.getByRole('row', { name: /Juego pasivo/ })).toHaveText(/Juego pasivo\s*50 %\s*1 de 2/);

  // Per clip: each 1 of 2; Beto's wrong call in the chart's counts, the others unanswered.
  const stats = admin.getByTestId('estadistica-jugada');
  await expect(stats).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(stats.nth(i)).toContainText('50 % correctas (1 de 2)');
  const wronged = stats.filter({ hasText: betoFirst.prompt });
  await expect(wronged).toContainText('Jugadas de examen, jugada');
  await expect(wronged.getByRole('figure', { name: 'Decisiones elegidas' })).toContainText(`${wrongDecision}: 1 respuesta`);
  await expect(wronged.getByRole('figure', { name: 'Decisiones elegidas' })).toContainText(`${betoFirst.decision}: 1 respuesta`);
  await expect(wronged).not.toContainText('sin responder a tiempo');
  await expect(stats.filter({ hasText: '1 sin responder a tiempo' })).toHaveCount(2);
  await screenshot(admin, 'examen-video-resultados');
  await expectNoAxeViolations(admin);

  // Beto's clips: his wrong call beside the correct one, the unanswered ones said in words.
  await admin.getByRole('button', { name: 'Ver respuestas de Beto Video' }).click();
  const answers = admin.getByRole('dialog', { name: 'Respuestas de Beto Video' });
  const reviewed = answers.getByTestId('revision-jugada');
  await expect(reviewed).toHaveCount(3);
  await expect(reviewed.nth(0)).toContainText('Mal');
  await expect(reviewed.nth(0)).toContainText(`Decisión: incorrecta. Eligió ${wrongDecision}; la correcta es ${betoFirst.decision}.`);
  await expect(reviewed.nth(0)).toContainText(`Explicación: ${betoFirst.decision}.`);
  for (const n of [1, 2]) {
    await expect(reviewed.nth(n)).toContainText('Sin responder a tiempo');
    await expect(reviewed.nth(n)).toContainText('Su respuesta: sin responder a tiempo (cuenta como incorrecta).');
  }
  await dialogScreenshot(admin, 'examen-video-respuestas-alumno');
  await expectNoAxeViolations(admin);
  await admin.keyboard.press('Escape');
  await expect(answers).toBeHidden();

  // Ana's: each clip right, the moment too where there is one.
  await admin.getByRole('button', { name: 'Ver respuestas de Ana Video' }).click();
  const anaAnswers = admin.getByRole('dialog', { name: 'Respuestas de Ana Video' });
  await expect(anaAnswers.getByTestId('revision-jugada').filter({ hasText: 'Bien' })).toHaveCount(3);
  await expect(anaAnswers).toContainText('Momento: correcto. Marcó 1,5 s; la infracción es a los 1,5 s (con 1 s de tolerancia).');
  await Promise.all([anaPage.context().close(), betoPage.context().close()]);
  await admin.context().close();
});

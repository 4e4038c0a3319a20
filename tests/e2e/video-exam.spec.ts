// Examen de video: a trainee on a phone sits a two-clip decision test made from the course's
// jugadas for 'Examen' (clips made by ffmpeg). Each clip plays once, with no second viewing
// offered; the first is answered right, the second's window runs out; at a 50 % pass mark the
// result is 'Aprobado'. The clips for 'Examen' never show on the module's jugadas page, and the
// admin's results show each clip's share right with the chart of what the class chose.
import type { Page } from '@playwright/test';
import { VIEW_LOADING_SECONDS } from '../../src/shared/exam-rules.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  adminPage,
  appRunning,
  createCourse,
  createModule,
  createStudent,
  expectNoAxeViolations,
  jugadaOptions,
  makeClip,
  screenshot,
  signIn,
  uploadVideo,
  type TestUser,
} from './helpers.ts';

interface ClipSpec {
  prompt: string;
  decision: string;
  sanction: string;
  tags: string[];
  use: 'practica' | 'examen' | 'ambos';
}

const clips: ClipSpec[] = [
  {
    prompt: '¿Qué cobrás en esta acción sobre el pivote?',
    decision: 'Tiro libre',
    sanction: 'Amonestación (tarjeta amarilla)',
    tags: ['Sanción progresiva'],
    use: 'examen',
  },
  { prompt: '¿Qué cobrás en este ataque largo?', decision: 'Juego pasivo', sanction: 'Ninguna', tags: ['Juego pasivo'], use: 'examen' },
  { prompt: 'Jugada de práctica del módulo', decision: 'Pasos', sanction: 'Ninguna', tags: [], use: 'practica' },
];
/** Each clip lasts 3 seconds; the window to answer after it, 10. */
const CLIP_SECONDS = 3;
const ANSWER_SECONDS = 10;

async function createClip(moduleId: string, courseId: string, spec: ClipSpec, videoId: string) {
  const ids = await jugadaOptions(courseId);
  const body = {
    video: { kind: 'file', videoId },
    start: 0,
    end: CLIP_SECONDS,
    prompt: spec.prompt,
    correctDecisionId: ids.get(spec.decision),
    correctSanctionId: ids.get(spec.sanction),
    moment: null,
    tolerance: 1,
    explanation: `La explicación de «${spec.prompt}».`,
    tags: spec.tags,
    use: spec.use,
  };
  await adminApi('POST', `/api/modules/${encodeURIComponent(moduleId)}/jugadas`, body, 201);
}

async function createVideoExam(courseId: string, moduleId: string, answerSeconds = ANSWER_SECONDS) {
  const response = await adminApi(
    'POST',
    `/api/courses/${encodeURIComponent(courseId)}/exams`,
    {
      kind: 'video',
      title: 'Examen de video',
      moduleId,
      questionCount: 2,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      viewsPerClip: 1,
      answerSeconds,
      passPercent: 50,
      attempts: 1,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
    },
    201,
  );
  return ((await response.json()) as { exam: { id: string } }).exam;
}

async function traineePage(browser: import('@playwright/test').Browser, trainee: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page, trainee);
  await expect(page).toHaveURL(/\/inicio$/);
  return page;
}

/** The clip on screen, found by its prompt. */
async function clipOnScreen(page: Page): Promise<ClipSpec> {
  for (const spec of clips) if (await page.getByText(spec.prompt, { exact: true }).isVisible()) return spec;
  throw new Error('la jugada en pantalla no es del examen');
}

test('a trainee on a phone sits a two-clip video exam: one viewing each, one right, one out of time, Aprobado at 50 %; the admin sees each clip at 50 %', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const trainee = await createStudent({ name: 'Tomás Video' });
  const classmate = await createStudent({ name: 'Sofía Video' });
  const course = await createCourse({ name: `Curso de video ${Date.now().toString(36)}`, enableFor: [trainee.id, classmate.id] });
  const module = await createModule({ courseId: course.id, name: 'Decisiones en video', enableFor: [trainee.id, classmate.id] });
  const bytes = await makeClip('mp4', 4);
  for (const spec of clips) await createClip(module.id, course.id, spec, await uploadVideo(bytes, 'jugada.mp4'));
  const exam = await createVideoExam(course.id, module.id);

  // The module's jugadas page shows the practice clip only.
  const page = await traineePage(browser, trainee);
  await page.goto(`/${course.id}/${module.id}/jugadas`);
  await appRunning(page);
  await expect(page.getByText(clips[2]!.prompt)).toBeVisible();
  for (const spec of clips.slice(0, 2)) await expect(page.getByText(spec.prompt)).toHaveCount(0);

  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  await expect(page.getByRole('heading', { name: 'Examen de video', level: 1 })).toBeVisible();
  await expect(page.getByTestId('resumen-examen')).toHaveText(
    '2 jugadas · 1 vista por jugada · 10 s para responder · aprobás con 50 % · intento 1 de 1',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Comenzar examen' }).click();

  // The first clip: nothing of its file before 'Ver'; then streamed for its one viewing, and answered right within its window.
  const fileRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/clips\/\d+\/video/.test(request.url())) fileRequests.push(new URL(request.url()).pathname);
  });
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 2' })).toBeFocused();
  await expect(page.getByText('Vistas: 0 de 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver', exact: true })).toBeEnabled();
  await screenshot(page, 'examen-video-antes-de-ver');
  expect(fileRequests).toEqual([]);
  const first = await clipOnScreen(page);
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page.getByText('Vistas: 1 de 1')).toBeVisible();
  await expect.poll(() => fileRequests.length).toBeGreaterThan(0);
  expect(new Set(fileRequests)).toEqual(new Set([expect.stringMatching(/\/clips\/0\/video$/)]));
  // No second viewing is offered, and the video has no controls to pause, seek or change speed.
  await expect(page.getByRole('button', { name: /^Ver/ })).toHaveCount(0);
  const video = page.locator('video');
  expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(false);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 5_000 }).toBeGreaterThan(0.3);
  await screenshot(page, 'examen-video-viendo');
  await page.getByRole('radio', { name: first.decision, exact: true }).check();
  await page.getByRole('radio', { name: first.sanction, exact: true }).check();
  await expect(page.getByRole('timer')).toHaveText(/^Respondé: quedan \d+ s$/, {
    timeout: (CLIP_SECONDS + VIEW_LOADING_SECONDS + 2) * 1000,
  });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Responder' }).click();

  // The second clip: watched, then left unanswered until its window closes; the exam hands itself in.
  await expect(page.getByRole('heading', { name: 'Jugada 2 de 2' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ver', exact: true })).toBeEnabled();
  expect(fileRequests.filter((path) => path.includes('/clips/1/'))).toEqual([]);
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page.getByRole('timer')).toHaveText(/^Respondé: quedan \d+ s$/, {
    timeout: (CLIP_SECONDS + VIEW_LOADING_SECONDS + 2) * 1000,
  });
  await screenshot(page, 'examen-video-respondiendo');
  await expect(page.getByRole('heading', { name: 'Aprobado' })).toBeVisible({ timeout: (ANSWER_SECONDS + 10) * 1000 });
  await expect(page.getByText('Nota: 50 %')).toBeVisible();
  await expect(page.getByText('1 de 2 correctas')).toBeVisible();
  await expect(page.getByText(`La explicación de «${first.prompt}».`)).toBeVisible();
  await expect(page.getByText(/Sin responder a tiempo/)).toBeVisible();
  await screenshot(page, 'examen-video-resultado');
  await expectNoAxeViolations(page);

  // The classmate sits it through the API: each clip viewed and answered, wrong where the trainee was right, right where they ran out of time.
  const mate = await traineePage(browser, classmate);
  const origin = { origin: e2eEnv().baseURL };
  const started = await mate.request.post(`/api/exams/${exam.id}/attempts`, { headers: origin });
  expect(started.status(), await started.text()).toBe(201);
  const ids = await jugadaOptions(course.id);
  const mateAttempt = ((await started.json()) as { attempt: { id: string; clips: Array<{ position: number; prompt: string }> } }).attempt;
  for (const clip of mateAttempt.clips) {
    const spec = clips.find((candidate) => candidate.prompt === clip.prompt)!;
    const viewed = await mate.request.post(`/api/attempts/${mateAttempt.id}/clips/${clip.position}/views`, { headers: origin });
    expect(viewed.status()).toBe(200);
    const decision = spec === first ? 'Tiro de 7 metros' : spec.decision;
    const answered = await mate.request.put(`/api/attempts/${mateAttempt.id}/clips/${clip.position}/answer`, {
      headers: origin,
      data: { decisionId: ids.get(decision), sanctionId: ids.get(spec.sanction), moment: null },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }

  // The admin's results: each clip at 50 % (one right of two), with the chart of what the class chose.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/courses/${course.id}/examenes`);
  await admin
    .getByRole('link', { name: /Resultados/ })
    .first()
    .click();
  for (const spec of clips.slice(0, 2)) {
    const card = admin.locator('section, li, article').filter({ hasText: spec.prompt }).last();
    await expect(card).toContainText('50 %');
  }
  await expect(admin.getByText('Tiro de 7 metros').first()).toBeVisible();
  await screenshot(admin, 'examen-video-resultados-admin');
  await expectNoAxeViolations(admin);
});

test('a reload in the answer window keeps the viewing used and the time running; an answer sent without signal arrives when it is back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const trainee = await createStudent({ name: 'Julián Recarga' });
  const course = await createCourse({ name: `Curso de recarga ${Date.now().toString(36)}`, enableFor: [trainee.id] });
  const module = await createModule({ courseId: course.id, name: 'Video con recarga', enableFor: [trainee.id] });
  const bytes = await makeClip('mp4', 4);
  for (const spec of clips.slice(0, 2)) await createClip(module.id, course.id, spec, await uploadVideo(bytes, 'jugada.mp4'));
  const exam = await createVideoExam(course.id, module.id, 30);

  const page = await traineePage(browser, trainee);
  await page.goto(`/${course.id}/${module.id}/examen/${exam.id}`);
  await page.getByRole('button', { name: 'Comenzar examen' }).click();
  await expect(page.getByRole('button', { name: 'Ver', exact: true })).toBeEnabled();
  const first = await clipOnScreen(page);
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page.getByRole('timer')).toHaveText(/^Respondé: quedan \d+ s$/, {
    timeout: (CLIP_SECONDS + VIEW_LOADING_SECONDS + 2) * 1000,
  });

  // The reload: the same clip, its one viewing used (no 'Ver'), the window still running.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Jugada 1 de 2' })).toBeVisible();
  await expect(page.getByText(first.prompt, { exact: true })).toBeVisible();
  await expect(page.getByText('Vistas: 1 de 1')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ver/ })).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/^Respondé: quedan \d+ s$/);

  // Without signal the answer waits and is sent again; it arrives within the window.
  await page.getByRole('radio', { name: first.decision, exact: true }).check();
  await page.getByRole('radio', { name: first.sanction, exact: true }).check();
  await page.context().setOffline(true);
  // The app's banner takes the bottom of the phone's screen: 'Responder', kept in sight below the
  // long lists, stays above it (a tap on it reaches it), wherever the list is scrolled.
  await expect(page.getByText('Sin conexión: lo que hagas se guarda en el teléfono')).toBeVisible();
  await page.getByRole('radio', { name: first.decision, exact: true }).scrollIntoViewIfNeeded();
  const tapReaches = await page.getByRole('button', { name: 'Responder' }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
  expect(tapReaches, "'Responder' queda debajo del aviso de sin conexión").toBe(true);
  await screenshot(page, 'examen-video-sin-senal');
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByText('Sin conexión: tus respuestas se guardan')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'Jugada 2 de 2' })).toBeVisible({ timeout: 10_000 });
  const attemptId = new URL(page.url()).searchParams.get('intento')!;
  const read = await page.request.get(`/api/attempts/${attemptId}`);
  const { attempt } = (await read.json()) as { attempt: { clips: Array<{ stage: string; answer: unknown }> } };
  expect(attempt.clips[0]).toMatchObject({ stage: 'respondida' });
  expect(attempt.clips[0]!.answer).not.toBeNull();
});

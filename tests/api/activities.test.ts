// A student's answers to a module's questions: drafts, submit, corrections, the review queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import type { Activity } from '../../src/shared/schemas/activities.ts';
import { activityOf, buildCourse, buildModule, enableModule, signedIn, submitAnswers, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, PUBLIC_URL, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let secondAdminCookie: string;
let courseId: string;
/** The student the tests act as (each test on a fresh module), and a classmate. Signing in costs a password hash, so they are shared. */
let me: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  secondAdminCookie = (await signedIn(t.app, t.ctx, 'admin')).cookie;
  courseId = (await buildCourse(t.ctx)).id;
  me = await signedIn(t.app, t.ctx);
  other = await signedIn(t.app, t.ctx);
});
afterAll(async () => {
  await t?.close();
});

const alreadySubmitted = 'Ya enviaste tus respuestas: esperá la corrección.';
const notAwaiting = 'Esta actividad no está esperando corrección.';
const markEach = 'Marcá cada respuesta como correcta o incorrecta.';

/** The signed-in student with a fresh module of the course enabled. */
async function learner(questions = ['¿Cuántos jugadores hay en cancha?', '¿Cuánto dura un partido?'], name?: string) {
  const module = await buildModule(t.ctx, courseId, { questions, ...(name ? { name } : {}) });
  const student = me;
  await enableModule(t.ctx, student.id, module.id);
  const { row, items } = await activityOf(t.ctx, student.id, module.id);
  return { student, module, activityId: row.id, itemIds: items.map((item) => item.id) };
}

const getOwn = (moduleId: string, cookie?: string) =>
  call(t.app, { url: `/api/pages/modules/${moduleId}/activity`, ...(cookie ? { cookie } : {}) });
const saveDraft = (moduleId: string, answers: unknown, cookie?: string) =>
  call(t.app, { method: 'PUT', url: `/api/modules/${moduleId}/activity/answers`, body: { answers }, ...(cookie ? { cookie } : {}) });
const submit = (moduleId: string, answers: unknown, cookie?: string) =>
  call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/activity/submit`, body: { answers }, ...(cookie ? { cookie } : {}) });
/** Sends a correction as the admin, another admin's or a student's cookie, or signed out (null). */
const correct = (activityId: string, body: unknown, cookie: string | null = adminCookie) =>
  call(t.app, { method: 'POST', url: `/api/activities/${activityId}/correction`, body, ...(cookie ? { cookie } : {}) });
const adminView = async (userId: string, moduleId: string) => {
  const response = await call(t.app, { url: `/api/users/${userId}/modules/${moduleId}/activity`, cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json().activity as Activity;
};
const answers = (itemIds: string[], texts: string[]) => itemIds.map((itemId, i) => ({ itemId, answer: texts[i] ?? '' }));
const verdicts = (activity: Activity, correctness: boolean[], feedback = 'Revisá la regla 8') => ({
  version: activity.version,
  items: activity.items.map((item, i) => ({ itemId: item.id, correct: correctness[i]!, feedback: correctness[i] ? null : feedback })),
});
async function isPending(email: string) {
  const response = await call(t.app, { url: `/api/users?search=${encodeURIComponent(email)}`, cookie: adminCookie });
  return (response.json().users as { email: string; pending: boolean }[]).find((u) => u.email === email)?.pending;
}

describe('GET /api/modules/:moduleId/activity', () => {
  it('gives the student their own copy of the questions', async () => {
    const { student, module, activityId, itemIds } = await learner();
    const response = await getOwn(module.id, student.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().activity).toEqual({
      id: activityId,
      userId: student.id,
      moduleId: module.id,
      courseId,
      moduleName: module.name,
      moduleArchived: false,
      submitted: false,
      progress: 'sin-responder',
      version: 1,
      submittedAt: null,
      correctedAt: null,
      items: [
        { id: itemIds[0], question: '¿Cuántos jugadores hay en cancha?', answer: null, correction: null, feedback: null, editable: true },
        { id: itemIds[1], question: '¿Cuánto dura un partido?', answer: null, correction: null, feedback: null, editable: true },
      ],
    });
  });

  it('answers 401, 404 for a module not enabled (as for an unknown one), 403 to admins (they use the admin route)', async () => {
    const { module } = await learner();
    expect((await getOwn(module.id)).statusCode).toBe(401);
    const notEnabled = await getOwn(module.id, other.cookie);
    expect(notEnabled.statusCode).toBe(404);
    expect(notEnabled.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });
    expect((await getOwn(module.id, adminCookie)).statusCode).toBe(403);
    const unknown = await getOwn(unknownId(), other.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('El módulo no existe.');
  });
});

describe('PUT /api/modules/:moduleId/activity/answers (drafts)', () => {
  it('saves drafts without submitting, and the student can keep editing them', async () => {
    const { student, module, itemIds } = await learner();
    const first = await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'Siete' }], student.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().activity).toMatchObject({
      submitted: false,
      progress: 'sin-responder',
      items: [
        { answer: 'Siete', editable: true },
        { answer: null, editable: true },
      ],
    });
    const second = await saveDraft(module.id, answers(itemIds, ['Siete por equipo', '60 minutos']), student.cookie);
    expect(second.statusCode).toBe(200);
    const stored = (await getOwn(module.id, student.cookie)).json().activity;
    expect(stored.items.map((i: { answer: string }) => i.answer)).toEqual(['Siete por equipo', '60 minutos']);
    expect(stored.submitted).toBe(false);
    expect(stored.version).toBe(3);
  });

  it('accepts an answer of 10,000 characters and refuses one of 10,001 with 400, changing nothing', async () => {
    const { student, module, itemIds } = await learner();
    expect((await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'a'.repeat(10_000) }], student.cookie)).statusCode).toBe(200);
    const before = await adminView(student.id, module.id);
    const response = await saveDraft(
      module.id,
      [
        { itemId: itemIds[1], answer: 'b' },
        { itemId: itemIds[0], answer: 'c'.repeat(10_001) },
      ],
      student.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'La respuesta no puede tener más de 10.000 caracteres' });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it('answers an unknown item id with 400 and saves none of the answers sent with it', async () => {
    const { student, module, itemIds } = await learner();
    const before = await adminView(student.id, module.id);
    const response = await saveDraft(
      module.id,
      [
        { itemId: itemIds[0], answer: 'Válida' },
        { itemId: unknownId(), answer: 'X' },
      ],
      student.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Una de las preguntas no pertenece a esta actividad.' });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it("never writes into another student's activity, even with that student's item ids", async () => {
    const victim = await learner();
    const intruder = other;
    await enableModule(t.ctx, intruder.id, victim.module.id);
    const before = await adminView(victim.student.id, victim.module.id);

    const response = await saveDraft(victim.module.id, [{ itemId: victim.itemIds[0], answer: 'Escrito por otro' }], intruder.cookie);
    expect(response.statusCode).toBe(400);
    const submitted = await submit(victim.module.id, answers(victim.itemIds, ['a', 'b']), intruder.cookie);
    expect(submitted.statusCode).toBe(400);
    expect(await adminView(victim.student.id, victim.module.id)).toEqual(before);
  });

  it('refuses a draft while the activity awaits correction, and into an answer marked correct, with 409, changing nothing', async () => {
    const { student, module, itemIds } = await learner();
    const sent = (await submit(module.id, answers(itemIds, ['Siete', 'Cuarenta']), student.cookie)).json().activity as Activity;
    const waiting = await saveDraft(module.id, [{ itemId: itemIds[1], answer: 'Sesenta' }], student.cookie);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toMatchObject({ code: 'CONFLICT', message: alreadySubmitted });
    // An unknown item is still a 400 first, as before.
    expect((await saveDraft(module.id, [{ itemId: unknownId(), answer: 'X' }], student.cookie)).statusCode).toBe(400);

    expect((await correct(sent.id, verdicts(sent, [true, false]))).statusCode).toBe(200);
    const before = await adminView(student.id, module.id);
    const locked = await saveDraft(
      module.id,
      [
        { itemId: itemIds[1], answer: 'Sesenta' },
        { itemId: itemIds[0], answer: 'Ocho' },
      ],
      student.cookie,
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatchObject({ code: 'CONFLICT', message: 'Esa respuesta ya no se puede modificar.' });
    expect(await adminView(student.id, module.id)).toEqual(before);

    // The answer sent back to the student can be written again; the other stays.
    const fixed = await saveDraft(module.id, [{ itemId: itemIds[1], answer: 'Sesenta' }], student.cookie);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().activity).toMatchObject({
      submitted: false,
      version: before.version + 1,
      items: [
        { answer: 'Siete', correction: true },
        { answer: 'Sesenta', correction: false },
      ],
    });
  });

  it('keeps the last of two answers to one item, and any text exactly as written', async () => {
    const { student, module, itemIds } = await learner();
    const text = 'O\'Neill dijo: \\"¡7 metros!\\" -- ); drop table activity; $1 ñ 🤾';
    const response = await saveDraft(
      module.id,
      [
        { itemId: itemIds[0], answer: 'primera' },
        { itemId: itemIds[1], answer: 'b' },
        { itemId: itemIds[0], answer: text },
      ],
      student.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().activity.items.map((i: { answer: string }) => i.answer)).toEqual([text, 'b']);
    expect((await getOwn(module.id, student.cookie)).json().activity.items.map((i: { answer: string }) => i.answer)).toEqual([text, 'b']);
  });

  // The rules are the state machine's (shared/activity-state.ts), not copied into SQL: the session,
  // a read, and one write that applies only if nobody wrote in between.
  it('costs three database round trips: the session, the activity, and one conditional write', async () => {
    const { student, module, itemIds } = await learner();
    await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'uno' }], student.cookie);
    const counter = countRoundTrips(t.ctx.database);
    const trips = await counter.during(async () =>
      expect((await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'dos' }], student.cookie)).statusCode).toBe(200),
    );
    expect(trips).toBe(3);
  });

  it.each([
    ['answers that are not a list', { answers: 'Siete' }],
    ['an answer that is not text', { answers: [{ itemId: 'x', answer: 7 }] }],
    ['no body', undefined],
  ])('answers %s with 400', async (_case, body) => {
    const { student, module } = await learner();
    const response = await call(t.app, { method: 'PUT', url: `/api/modules/${module.id}/activity/answers`, body, cookie: student.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.json().error.message).toMatch(/inválid|esperaba/i);
  });

  it('answers 401, 404 (module not enabled, as unknown), 403 (admin), changing nothing', async () => {
    const { student, module, itemIds } = await learner();
    const before = await adminView(student.id, module.id);
    expect((await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'x' }])).statusCode).toBe(401);
    expect((await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'x' }], other.cookie)).statusCode).toBe(404);
    expect((await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'x' }], adminCookie)).statusCode).toBe(403);
    expect((await saveDraft(unknownId(), [], student.cookie)).statusCode).toBe(404);
    expect(await adminView(student.id, module.id)).toEqual(before);
  });
});

describe('POST /api/modules/:moduleId/activity/submit', () => {
  it.each([
    ['an empty answer', ['Siete', '']],
    ['a blank answer', ['Siete', '   \n ']],
  ])('refuses %s with 400 "%s" and submits nothing', async (_case, texts) => {
    const { student, module, itemIds } = await learner();
    const before = await adminView(student.id, module.id);
    const response = await submit(module.id, answers(itemIds, texts), student.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Para enviar tenés que contestar todas las preguntas' });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it('refuses a question left unanswered in an earlier draft', async () => {
    const { student, module, itemIds } = await learner();
    await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'Siete' }], student.cookie);
    const response = await submit(module.id, [], student.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.unanswered);
    expect((await adminView(student.id, module.id)).submitted).toBe(false);
  });

  it('submits the last answers; everything is then read-only and a second submit is 409', async () => {
    const { student, module, itemIds } = await learner();
    const response = await submit(module.id, answers(itemIds, ['Siete', 'Sesenta minutos']), student.cookie);
    expect(response.statusCode).toBe(200);
    const activity = response.json().activity as Activity;
    expect(activity).toMatchObject({ submitted: true, progress: 'enviado', submittedAt: expect.any(String) });
    expect(activity.items.map((i) => [i.answer, i.editable])).toEqual([
      ['Siete', false],
      ['Sesenta minutos', false],
    ]);

    const again = await submit(module.id, answers(itemIds, ['Ocho', 'Otra']), student.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: alreadySubmitted });
    const edit = await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'Ocho' }], student.cookie);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(alreadySubmitted);
    expect(await adminView(student.id, module.id)).toEqual(activity);
  });

  it('answers the same Enviar again (a double tap, a retry) with the submitted activity, changing nothing', async () => {
    const { student, module, itemIds } = await learner();
    const body = answers(itemIds, ['Siete', 'Sesenta minutos']);
    const [first, second] = await Promise.all([submit(module.id, body, student.cookie), submit(module.id, body, student.cookie)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const stored = await adminView(student.id, module.id);
    expect(first.json().activity).toEqual(stored);
    expect(second.json().activity).toEqual(stored);
    expect(stored.submitted).toBe(true);

    const later = await submit(module.id, body, student.cookie);
    expect(later.statusCode).toBe(200);
    expect(later.json().activity).toEqual(stored);
    // A different answer is a new submission, refused while the first awaits correction.
    const changed = await submit(module.id, answers(itemIds, ['Siete', 'Otra']), student.cookie);
    expect(changed.statusCode).toBe(409);
    expect(await adminView(student.id, module.id)).toEqual(stored);
  });

  it('answers 401, 404 (module not enabled, as unknown), 403 (admin)', async () => {
    const { module, itemIds } = await learner();
    const body = answers(itemIds, ['a', 'b']);
    expect((await submit(module.id, body)).statusCode).toBe(401);
    expect((await submit(module.id, body, other.cookie)).statusCode).toBe(404);
    expect((await submit(module.id, body, adminCookie)).statusCode).toBe(403);
    expect((await submit(unknownId(), body, other.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/users/:userId/modules/:moduleId/activity (admin)', () => {
  it("shows the admin the student's activity with who they are", async () => {
    const { student, module, activityId } = await learner();
    const response = await call(t.app, { url: `/api/users/${student.id}/modules/${module.id}/activity`, cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      activity: { id: activityId, userId: student.id, moduleId: module.id },
      user: { id: student.id, name: student.name, email: student.email },
    });
  });

  it("answers 403 to students, for another student's activity and for their own", async () => {
    const { student, module } = await learner();
    const classmate = other;
    await enableModule(t.ctx, classmate.id, module.id);
    for (const cookie of [classmate.cookie, student.cookie]) {
      const response = await call(t.app, { url: `/api/users/${student.id}/modules/${module.id}/activity`, cookie });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('¿Cuántos jugadores');
    }
    expect((await call(t.app, { url: `/api/users/${student.id}/modules/${module.id}/activity` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user, an unknown module, and a module the student never had', async () => {
    const { student, module } = await learner();
    const neverHad = await buildModule(t.ctx, courseId);
    const cases = [
      [`/api/users/${unknownId()}/modules/${module.id}/activity`, 'El usuario no existe.'],
      [`/api/users/${student.id}/modules/${unknownId()}/activity`, 'El módulo no existe.'],
      [`/api/users/${student.id}/modules/${neverHad.id}/activity`, 'La actividad no existe.'],
    ];
    for (const [url, message] of cases) {
      const response = await call(t.app, { url: url!, cookie: adminCookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message });
    }
  });
});

describe('POST /api/activities/:activityId/correction', () => {
  it('saves the correction: wrong answers go back editable with feedback, right ones are final, and the student gets an email', async () => {
    const { student, module, activityId, itemIds } = await learner(undefined, 'Reglas del pasivo');
    const submitted = (await submit(module.id, answers(itemIds, ['Siete', 'Cuarenta minutos']), student.cookie)).json()
      .activity as Activity;
    const mailsBefore = t.mails.length;

    const response = await correct(activityId, verdicts(submitted, [true, false], '  Son dos tiempos de 30 minutos  '));
    expect(response.statusCode).toBe(200);
    const corrected = response.json().activity as Activity;
    expect(corrected).toMatchObject({
      submitted: false,
      progress: 'con-correcciones',
      version: submitted.version + 1,
      correctedAt: expect.any(String),
    });
    expect(corrected.items).toMatchObject([
      { answer: 'Siete', correction: true, feedback: null, editable: false },
      { answer: 'Cuarenta minutos', correction: false, feedback: 'Son dos tiempos de 30 minutos', editable: true },
    ]);

    // The student's mails only: a submission also notifies the admins (tests/api/notifications.test.ts).
    const mails = t.mails.slice(mailsBefore).filter((mail) => mail.to === student.email);
    expect(mails).toHaveLength(1);
    const link = `${PUBLIC_URL}/${courseId}/${module.id}/actividades`;
    expect(mails[0]).toMatchObject({ to: student.email, link });
    expect(mails[0]!.subject).toContain('Reglas del pasivo');
    expect(mails[0]!.text).toContain('Reglas del pasivo');
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.html).toContain(`href="${link}"`);

    // The student sees the same, may fix only the wrong answer, and sends it again.
    expect((await getOwn(module.id, student.cookie)).json().activity).toEqual(corrected);
    const final = await saveDraft(module.id, [{ itemId: itemIds[0], answer: 'Ocho' }], student.cookie);
    expect(final.statusCode).toBe(409);
    expect(final.json().error.message).toBe('Esa respuesta ya no se puede modificar.');
    const fixed = await submit(module.id, [{ itemId: itemIds[1], answer: 'Sesenta minutos' }], student.cookie);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().activity).toMatchObject({ submitted: true, progress: 'enviado' });

    const approved = await correct(activityId, verdicts(fixed.json().activity, [true, true]));
    expect(approved.json().activity).toMatchObject({ progress: 'aprobado', submitted: false });
    expect((approved.json().activity as Activity).items.every((i) => !i.editable && i.correction === true)).toBe(true);
  });

  it('answers 409 for an activity that is not awaiting correction, changing nothing', async () => {
    const { student, module, activityId } = await learner();
    const before = await adminView(student.id, module.id);
    const response = await correct(activityId, verdicts(before, [true, true]));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: notAwaiting });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it('answers a stale version with 409 and the Spanish message, changing nothing and sending no email', async () => {
    const { student, module, activityId } = await learner();
    await submitAnswers(t.ctx, student.id, module.id);
    const before = await adminView(student.id, module.id);
    const mailsBefore = t.mails.length;
    const response = await correct(activityId, { ...verdicts(before, [false, false]), version: before.version - 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: messages.staleCorrection });
    expect(messages.staleCorrection).toMatch(/^Otro administrador guardó una corrección/);
    expect(await adminView(student.id, module.id)).toEqual(before);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('lets exactly one of two admins correcting at once win; the other gets 409', async () => {
    const { student, module, activityId } = await learner();
    await submitAnswers(t.ctx, student.id, module.id);
    const reviewed = await adminView(student.id, module.id);
    const mailsBefore = t.mails.length;

    const [a, b] = await Promise.all([
      correct(activityId, verdicts(reviewed, [true, true]), adminCookie),
      correct(activityId, verdicts(reviewed, [false, false], 'Del segundo admin'), secondAdminCookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(loser.json().error).toMatchObject({ code: 'CONFLICT', message: messages.staleCorrection });
    expect(await adminView(student.id, module.id)).toEqual(winner.json().activity);
    expect(t.mails.length).toBe(mailsBefore + 1);
  });

  it.each([
    ['an item missing', (a: Activity) => ({ version: a.version, items: [{ itemId: a.items[0]!.id, correct: true, feedback: null }] })],
    [
      'the same item twice',
      (a: Activity) => ({ version: a.version, items: [0, 0].map((i) => ({ itemId: a.items[i]!.id, correct: true, feedback: null })) }),
    ],
    [
      'an item of another activity',
      (a: Activity) => ({
        version: a.version,
        items: [
          { itemId: a.items[0]!.id, correct: true, feedback: null },
          { itemId: unknownId(), correct: true, feedback: null },
        ],
      }),
    ],
  ])('answers %s with 400, changing nothing', async (_case, body) => {
    const { student, module, activityId } = await learner();
    await submitAnswers(t.ctx, student.id, module.id);
    const before = await adminView(student.id, module.id);
    const response = await correct(activityId, body(before));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: markEach });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it.each([
    [
      'an item without a verdict',
      (a: Activity) => ({ version: a.version, items: a.items.map((i) => ({ itemId: i.id, feedback: null })) }),
      markEach,
    ],
    [
      'feedback over 5,000 characters',
      (a: Activity) => ({ version: a.version, items: a.items.map((i) => ({ itemId: i.id, correct: false, feedback: 'x'.repeat(5001) })) }),
      'La devolución no puede tener más de 5.000 caracteres',
    ],
    ['no version', (a: Activity) => ({ items: a.items.map((i) => ({ itemId: i.id, correct: true, feedback: null })) }), undefined],
  ])('answers %s with 400 and a Spanish message, changing nothing', async (_case, body, message) => {
    const { student, module, activityId } = await learner();
    await submitAnswers(t.ctx, student.id, module.id);
    const before = await adminView(student.id, module.id);
    const response = await correct(activityId, body(before));
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error.message).toBe(message);
    else expect(response.json().error.message).toMatch(/inválid|esperaba/i);
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it('answers 401, 403 (even to the student whose activity it is) and 404', async () => {
    const { student, module, activityId } = await learner();
    await submitAnswers(t.ctx, student.id, module.id);
    const before = await adminView(student.id, module.id);
    const body = verdicts(before, [true, true]);
    expect((await correct(activityId, body, null)).statusCode).toBe(401);
    const own = await correct(activityId, body, student.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
    const unknown = await correct(unknownId(), body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'La actividad no existe.' });
    expect(await adminView(student.id, module.id)).toEqual(before);
  });

  it("clears the user's pending flag only when none of their activities awaits correction", async () => {
    const student = await signedIn(t.app, t.ctx);
    const first = await buildModule(t.ctx, courseId);
    const second = await buildModule(t.ctx, courseId);
    await enableModule(t.ctx, student.id, first.id);
    await enableModule(t.ctx, student.id, second.id);
    expect(await isPending(student.email)).toBe(false);

    await submitAnswers(t.ctx, student.id, first.id);
    await submitAnswers(t.ctx, student.id, second.id);
    expect(await isPending(student.email)).toBe(true);

    const firstActivity = await adminView(student.id, first.id);
    expect((await correct(firstActivity.id, verdicts(firstActivity, [true, false]))).statusCode).toBe(200);
    expect(await isPending(student.email)).toBe(true);

    const secondActivity = await adminView(student.id, second.id);
    expect((await correct(secondActivity.id, verdicts(secondActivity, [true, true]))).statusCode).toBe(200);
    expect(await isPending(student.email)).toBe(false);

    // Sending the corrected answers again makes them pending again.
    await submit(first.id, [{ itemId: firstActivity.items[1]!.id, answer: 'Corregida' }], student.cookie);
    expect(await isPending(student.email)).toBe(true);
  });
});

describe('a submit racing a correction', () => {
  it('ends in one of the valid states, never a mix', async () => {
    // The activity awaits correction; the admin marks the second answer wrong while the
    // student (in another tab) sends a new answer to it.
    const { student, module, activityId, itemIds } = await learner();
    const submitted = (await submit(module.id, answers(itemIds, ['Siete', 'Cuarenta']), student.cookie)).json().activity as Activity;

    const [correction, resubmit] = await Promise.all([
      correct(activityId, verdicts(submitted, [true, false], 'Son 60')),
      submit(module.id, [{ itemId: itemIds[1], answer: 'Sesenta' }], student.cookie),
    ]);
    expect(correction.statusCode).toBe(200);
    const final = await adminView(student.id, module.id);

    if (resubmit.statusCode === 409) {
      // The submit came first and found the activity already sent: only the correction applied.
      expect(resubmit.json().error.message).toBe(alreadySubmitted);
      expect(final).toEqual(correction.json().activity);
      expect(final).toMatchObject({ submitted: false, progress: 'con-correcciones', version: submitted.version + 1 });
      expect(final.items.map((i) => i.answer)).toEqual(['Siete', 'Cuarenta']);
    } else {
      // The correction came first, then the student fixed the wrong answer and sent it again.
      expect(resubmit.statusCode).toBe(200);
      expect(final).toEqual(resubmit.json().activity);
      expect(final).toMatchObject({ submitted: true, progress: 'enviado', version: submitted.version + 2 });
      expect(final.items).toMatchObject([
        { answer: 'Siete', correction: true, editable: false },
        { answer: 'Sesenta', correction: false, feedback: 'Son 60', editable: false },
      ]);
    }
  });
});

describe('GET /api/review-queue', () => {
  it('lists the activities awaiting correction, oldest submission first; corrected ones leave it', async () => {
    const early = await learner();
    const late = await learner();
    const neverSent = await learner();
    await submitAnswers(t.ctx, early.student.id, early.module.id);
    await submitAnswers(t.ctx, late.student.id, late.module.id);
    void neverSent;

    const queue = async () => {
      const response = await call(t.app, { url: '/api/review-queue', cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      return response.json().items as { activityId: string; submittedAt: string }[];
    };
    const items = await queue();
    const ids = items.map((i) => i.activityId);
    expect(ids.indexOf(early.activityId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(early.activityId)).toBeLessThan(ids.indexOf(late.activityId));
    expect(ids).not.toContain(neverSent.activityId);
    const times = items.map((i) => Date.parse(i.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(items.find((i) => i.activityId === early.activityId)).toEqual({
      activityId: early.activityId,
      userId: early.student.id,
      userName: early.student.name,
      userEmail: early.student.email,
      courseId,
      courseName: expect.any(String),
      moduleId: early.module.id,
      moduleName: early.module.name,
      submittedAt: expect.any(String),
    });

    const activity = await adminView(early.student.id, early.module.id);
    await correct(early.activityId, verdicts(activity, [true, true]));
    expect((await queue()).map((i) => i.activityId)).not.toContain(early.activityId);
  });

  it('answers 401 and 403', async () => {
    expect((await call(t.app, { url: '/api/review-queue' })).statusCode).toBe(401);
    const { student } = await learner();
    expect((await call(t.app, { url: '/api/review-queue', cookie: student.cookie })).statusCode).toBe(403);
  });
});

describe('draft saves at once', () => {
  it('all get through, however many race for one activity (tabs, retries): none is refused', async () => {
    const { student, module, itemIds } = await learner();
    const saves = await Promise.all(
      Array.from({ length: 30 }, (_, i) => saveDraft(module.id, answers(itemIds, [`Borrador ${i}`, `Otro ${i}`]), student.cookie)),
    );
    expect(saves.map((response) => response.statusCode)).toEqual(saves.map(() => 200));
    const own = (await getOwn(module.id, student.cookie)).json().activity as Activity;
    expect(own.items[0]!.answer).toMatch(/^Borrador \d+$/);
  });
});

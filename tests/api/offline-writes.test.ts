// The writes a phone keeps in its line while without signal reach the server once: a request
// repeated after its answer was lost (same Idempotency-Key) gets the first answer and changes
// nothing, on every route the line sends.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jugadaAnswer, practiceCard } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { activityOf, buildCourse, buildJugada, buildModule, correctActivity, enableModule, optionId, signedIn } from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function setup() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  return { course, module, student };
}

const keyed = (key: string | undefined) => (key === undefined ? {} : { headers: { 'idempotency-key': key } });

describe('POST /api/modules/:moduleId/activity/submit with Idempotency-Key', () => {
  const submit = (moduleId: string, cookie: string, answers: unknown, key?: string) =>
    call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/activity/submit`, cookie, body: { answers }, ...keyed(key) });

  it('answers a repeat with the first answer and submits once, even after a correction in between', async () => {
    const { module, student } = await setup();
    const { items } = await activityOf(t.ctx, student.id, module.id);
    const answers = items.map((item, i) => ({ itemId: item.id, answer: `Sin señal ${i + 1}` }));
    const key = randomUUID();
    const first = await submit(module.id, student.cookie, answers, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().activity.submitted).toBe(true);

    // The instructor corrects it (the first item wrong) before the phone's repeat arrives.
    await correctActivity(t.ctx, student.id, module.id, [false, true]);
    const corrected = await activityOf(t.ctx, student.id, module.id);
    const repeat = await submit(module.id, student.cookie, answers, key);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    // Nothing changed: the correction stands, nothing was submitted again.
    const after = await activityOf(t.ctx, student.id, module.id);
    expect(after.row.version).toBe(corrected.row.version);
    expect(after.row.submittedAt).toEqual(corrected.row.submittedAt);
  });

  it('submits a second time with another key (a new submission is a new request)', async () => {
    const { module, student } = await setup();
    const { items } = await activityOf(t.ctx, student.id, module.id);
    const answers = items.map((item) => ({ itemId: item.id, answer: 'Primera' }));
    expect((await submit(module.id, student.cookie, answers, randomUUID())).statusCode).toBe(200);
    await correctActivity(t.ctx, student.id, module.id, [false, true]);
    const again = items.map((item) => ({ itemId: item.id, answer: 'Corregida' }));
    const second = await submit(module.id, student.cookie, again.slice(0, 1), randomUUID());
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().activity.items[0].answer).toBe('Corregida');
    expect(second.json().activity.submitted).toBe(true);
  });

  it('refuses a malformed key with a Spanish 400 and submits nothing', async () => {
    const { module, student } = await setup();
    const { items } = await activityOf(t.ctx, student.id, module.id);
    const response = await submit(
      module.id,
      student.cookie,
      items.map((item) => ({ itemId: item.id, answer: 'x' })),
      'corta',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.idempotencyKeyInvalid);
    expect((await activityOf(t.ctx, student.id, module.id)).row.submittedAt).toBeNull();
  });

  it('answers a blocked module with 404 whatever the key (the phone shows the refusal)', async () => {
    const { module, student } = await setup();
    const { items } = await activityOf(t.ctx, student.id, module.id);
    await enableModule(t.ctx, student.id, module.id, false);
    const response = await submit(
      module.id,
      student.cookie,
      items.map((item) => ({ itemId: item.id, answer: 'x' })),
      randomUUID(),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/jugadas/:jugadaId/answer with Idempotency-Key', () => {
  it('answers a repeat with the first answer (counted), stored once', async () => {
    const { course, module, student } = await setup();
    const jugada = await buildJugada(t.ctx, module.id);
    const body = {
      decisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
      sanctionId: await optionId(t.ctx, course.id, 'Ninguna'),
      moment: 4,
    };
    const key = randomUUID();
    const send = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${jugada.id}/answer`,
        cookie: student.cookie,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const repeat = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().counted).toBe(true);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const rows = await t.ctx.db
      .select()
      .from(jugadaAnswer)
      .where(and(eq(jugadaAnswer.jugadaId, jugada.id), eq(jugadaAnswer.userId, student.id)));
    expect(rows).toHaveLength(1);

    // Without the key, a second answer is not counted (only the first one counts).
    const unkeyed = await call(t.app, { method: 'POST', url: `/api/jugadas/${jugada.id}/answer`, cookie: student.cookie, body });
    expect(unkeyed.json().counted).toBe(false);
  });

  it('refuses a malformed key with a Spanish 400 and records nothing', async () => {
    const { course, module, student } = await setup();
    const jugada = await buildJugada(t.ctx, module.id);
    const body = {
      decisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
      sanctionId: await optionId(t.ctx, course.id, 'Ninguna'),
      moment: 4,
    };
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/jugadas/${jugada.id}/answer`,
      cookie: student.cookie,
      body,
      headers: { 'idempotency-key': 'no válida' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.idempotencyKeyInvalid);
    expect(await t.ctx.db.select().from(jugadaAnswer).where(eq(jugadaAnswer.jugadaId, jugada.id))).toEqual([]);
  });
});

describe('the writes that are idempotent by themselves', () => {
  it('a practice answer repeated with its key moves the card once', async () => {
    const { course, student } = await setup();
    const [question] = await buildBank(t.ctx, course.id, [{ correct: [0] }]);
    const key = randomUUID();
    const send = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/courses/${course.id}/practice/answers`,
        cookie: student.cookie,
        body: { questionId: question!.id, answer: [0] },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const repeat = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const cards = await t.ctx.db.select().from(practiceCard).where(eq(practiceCard.userId, student.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]!.right + cards[0]!.wrong).toBe(1);
    expect(cards[0]!.box).toBe(first.json().box);
  });

  it("an exam answer repeated with the same seq is saved once and answered alike (the seq orders the phone's answers)", async () => {
    const { course, module, student } = await setup();
    await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
    const exam = await buildExam(t.ctx, course.id, module.id);
    const started = await call(t.app, { method: 'POST', url: `/api/exams/${exam.id}/attempts`, cookie: student.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().attempt.id as string;
    const send = (answer: number[], seq: number) =>
      call(t.app, { method: 'PUT', url: `/api/attempts/${attemptId}/answers/0`, cookie: student.cookie, body: { answer, seq } });
    const first = await send([1], 1);
    const repeat = await send([1], 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ position: 0, answerSeq: 1 });
    // A newer answer, then the old one arriving late again: the newer stands.
    expect((await send([2], 2)).json()).toMatchObject({ answerSeq: 2 });
    expect((await send([1], 1)).json()).toMatchObject({ answerSeq: 2 });
    const attempt = await call(t.app, { method: 'GET', url: `/api/attempts/${attemptId}`, cookie: student.cookie });
    expect(attempt.json().attempt.questions[0]).toMatchObject({ answer: [2], answerSeq: 2 });
  });

  it('a watched report sent twice counts once', async () => {
    const { module, student } = await setup();
    const body = { duration: 100, position: 10, intervals: [[0, 10]] };
    const report = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/modules/${module.id}/watched`,
        cookie: student.cookie,
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
    const first = await report();
    const repeat = await report();
    expect(first.statusCode, first.body).toBe(200);
    expect(repeat.json().watched).toEqual(first.json().watched);
  });
});

describe('Idempotency-Key on the routes the line sends, for someone else', () => {
  it("keeps the admin's 403 and the outsider's 404 with a key", async () => {
    const { module } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const url = `/api/modules/${module.id}/activity/submit`;
    const body = { answers: [] };
    expect((await call(t.app, { method: 'POST', url, body, headers: { 'idempotency-key': randomUUID() } })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url, body, cookie: admin, headers: { 'idempotency-key': randomUUID() } })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, { method: 'POST', url, body, cookie: outsider.cookie, headers: { 'idempotency-key': randomUUID() } })).statusCode,
    ).toBe(404);
  });
});

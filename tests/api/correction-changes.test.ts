// 'Modificar corrección': a saved correction can be changed, with the version check, the
// activity rules for the student's items, an email to the student and a history for admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import type { Activity, CorrectionRecord } from '../../src/shared/schemas/activities.ts';
import { buildCourse, buildModule, enableModule, signedIn, submitAnswers } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let second: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  second = await signedIn(t.app, t.ctx, 'admin', { name: 'Segunda Instructora' });
  student = await signedIn(t.app, t.ctx, 'student', { name: 'Lucía Pérez' });
  courseId = (await buildCourse(t.ctx)).id;
});
afterAll(async () => {
  await t?.close();
});

const view = async (moduleId: string) => {
  const response = await call(t.app, { url: `/api/users/${student.id}/modules/${moduleId}/activity`, cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { activity: Activity; history: CorrectionRecord[] };
};
const decisions = (activity: Activity, verdicts: boolean[], feedback: (i: number) => string | null = () => null) => ({
  version: activity.version,
  items: activity.items.map((item, i) => ({ itemId: item.id, correct: verdicts[i]!, feedback: feedback(i) })),
});
const correct = (activity: Activity, body: unknown, cookie = adminCookie) =>
  call(t.app, { method: 'POST', url: `/api/activities/${activity.id}/correction`, body, cookie });
const change = (activity: Activity, body: unknown, cookie = adminCookie) =>
  call(t.app, { method: 'PUT', url: `/api/activities/${activity.id}/correction`, body, cookie });

/** A module of the course whose activity the student submitted and the admin corrected (first item wrong). */
async function corrected() {
  const module = await buildModule(t.ctx, courseId, { questions: ['¿Qué es el pasivo?', '¿Cuántos minutos dura una exclusión?'] });
  await enableModule(t.ctx, student.id, module.id);
  await submitAnswers(t.ctx, student.id, module.id);
  const { activity } = await view(module.id);
  const response = await correct(
    activity,
    decisions(activity, [false, true], (i) => (i === 0 ? 'Revisá la regla 7:11.' : null)),
  );
  expect(response.statusCode).toBe(200);
  return { module, activity: response.json().activity as Activity };
}

describe('PUT /api/activities/:activityId/correction', () => {
  it('changes the marks and feedback; the items follow the activity rules; the student is emailed', async () => {
    const { module, activity } = await corrected();
    const mailsBefore = t.mails.length;
    const response = await change(
      activity,
      decisions(activity, [true, false], (i) => (i === 1 ? 'Son dos minutos.' : null)),
      second.cookie,
    );
    expect(response.statusCode).toBe(200);
    const changed = response.json().activity as Activity;
    expect(changed.version).toBe(activity.version + 1);
    expect(changed.progress).toBe('con-correcciones');
    expect(changed.items.map((i) => [i.correction, i.editable, i.feedback])).toEqual([
      [true, false, null],
      [false, true, 'Son dos minutos.'],
    ]);

    // The student sees the new feedback, may fix only the item now wrong, and submit again.
    const own = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: student.cookie });
    expect(own.json().activity.items[1].feedback).toBe('Son dos minutos.');
    const locked = await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/activity/answers`,
      cookie: student.cookie,
      body: { answers: [{ itemId: changed.items[0]!.id, answer: 'cambio' }] },
    });
    expect(locked.statusCode).toBe(409);
    const resent = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: student.cookie,
      body: { answers: [{ itemId: changed.items[1]!.id, answer: 'Dos minutos' }] },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().activity.progress).toBe('enviado');

    // The student's mails only: a submission also notifies the admins (tests/api/notifications.test.ts).
    const mails = t.mails.slice(mailsBefore).filter((mail) => mail.to === student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(student.email);
    expect(mails[0]!.subject).toBe(`Tu instructor modificó la corrección de "${module.name}"`);
    expect(mails[0]!.link).toBe(`http://localhost:3000/${courseId}/${module.id}/actividades`);
  });

  it('keeps a history of every correction: who, when, what', async () => {
    const { module, activity } = await corrected();
    await change(activity, decisions(activity, [true, true]), second.cookie);
    const { history } = await view(module.id);
    expect(history.map((h) => [h.kind, h.adminName])).toEqual([
      ['modificacion', 'Segunda Instructora'],
      ['correccion', 'Administrador'],
    ]);
    expect(history[1]!.items).toEqual([
      { question: '¿Qué es el pasivo?', correct: false, feedback: 'Revisá la regla 7:11.' },
      { question: '¿Cuántos minutos dura una exclusión?', correct: true, feedback: null },
    ]);
    expect(history[0]!.items.map((i) => i.correct)).toEqual([true, true]);
    expect(Date.parse(history[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(history[1]!.createdAt));
    // The student's own view carries no history.
    const own = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: student.cookie });
    expect(own.json()).not.toHaveProperty('history');
  });

  it('a reopened correction racing a new one gets 409 and writes nothing', async () => {
    const { module, activity } = await corrected();
    // Two admins reopen the same correction; both save: one wins, the other is told.
    const [a, b] = await Promise.all([
      change(activity, decisions(activity, [true, true])),
      change(
        activity,
        decisions(activity, [false, false], () => 'No.'),
        second.cookie,
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ error: { code: 'CONFLICT', message: messages.staleCorrection } });
    const after = await view(module.id);
    expect(after.history).toHaveLength(2);
    const winner = (a.statusCode === 200 ? a : b).json().activity as Activity;
    expect(after.activity).toEqual(winner);
  });

  it('a reopened correction after the student resubmitted and a new correction was saved gets 409', async () => {
    const { module, activity: reopened } = await corrected();
    // Meanwhile the student fixes the wrong answer and submits, and another admin corrects it.
    await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: student.cookie,
      body: { answers: [{ itemId: reopened.items[0]!.id, answer: 'Juego pasivo' }] },
    });
    const { activity: resubmitted } = await view(module.id);
    expect((await correct(resubmitted, decisions(resubmitted, [true, true]), second.cookie)).statusCode).toBe(200);
    const before = await view(module.id);

    const late = await change(
      reopened,
      decisions(reopened, [false, true], () => 'Tarde'),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(messages.staleCorrection);
    expect(await view(module.id)).toEqual(before);
  });

  it('is refused before a first correction and while a new submission awaits correction', async () => {
    const module = await buildModule(t.ctx, courseId);
    await enableModule(t.ctx, student.id, module.id);
    const { activity: fresh } = await view(module.id);
    const early = await change(fresh, decisions(fresh, [true, true]));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(messages.notCorrectedYet);

    await submitAnswers(t.ctx, student.id, module.id);
    const { activity: submitted } = await view(module.id);
    const pending = await change(submitted, decisions(submitted, [true, true]));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe(messages.notCorrectedYet);
  });

  it('answers malformed input with a Spanish 400 and changes nothing', async () => {
    const { module, activity } = await corrected();
    const before = await view(module.id);
    for (const body of [{ version: activity.version, items: [] }, { version: 'x', items: [] }, { items: [] }]) {
      const response = await change(activity, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const missingOne = await change(activity, {
      version: activity.version,
      items: [{ itemId: activity.items[0]!.id, correct: true, feedback: null }],
    });
    expect(missingOne.statusCode).toBe(400);
    expect(missingOne.json().error.message).toBe(messages.markEveryAnswer);
    expect(await view(module.id)).toEqual(before);
  });

  it('is for admins only', async () => {
    const { activity } = await corrected();
    expect((await change(activity, decisions(activity, [true, true]), student.cookie)).statusCode).toBe(403);
  });
});

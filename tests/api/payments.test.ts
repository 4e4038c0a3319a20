// Pagos: the course's plan, each trainee's option, payments that enable the modules they pay for
// (once, idempotently; a deleted payment or a block by hand never takes work away), receipts checked
// by content, the CSV, the change log, and the reminder emails on the right days by a clock the
// test controls.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activity,
  course as courseTable,
  moduleAccess,
  paidUnlock,
  payment,
  paymentOption,
  recordChange,
} from '../../src/server/db/schema.ts';
import { sendPaymentReminders } from '../../src/server/payments/reminders.ts';
import { messages, paymentMessages } from '../../src/shared/messages.ts';
import { pesos } from '../../src/shared/money.ts';
import { buildCourse, buildModule, enableCourse, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { multipart, pdfBytes, pngBytes, storedFiles } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
/** Noon in Buenos Aires on `day`: the app's clock. */
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`);
const setToday = (day: string) => {
  const now = noonOf(day);
  t.ctx.clock.now = () => now;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => setToday('2026-03-05'));

const twoInstalments = [
  { amount: 3000, dueDate: '2026-03-10' },
  { amount: 3000, dueDate: '2026-04-10' },
];

const putPlan = (courseId: string, body: unknown, cookie = admin) =>
  call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/payment-plan`, cookie, body });
const getPage = (courseId: string, cookie = admin) => call(t.app, { url: `/api/courses/${courseId}/payments`, cookie });
const assign = (courseId: string, userId: string, optionId: string | null, cookie = admin) =>
  call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/trainees/${userId}/payment-option`, cookie, body: { optionId } });
const pay = (courseId: string, body: Record<string, unknown>, options: { key?: string; cookie?: string } = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/api/courses/${courseId}/payments`,
    cookie: options.cookie ?? admin,
    body: { paidOn: '2026-03-05', method: 'efectivo', ...body },
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
const patchModule = (moduleId: string, body: unknown) =>
  call(t.app, { method: 'PATCH', url: `/api/modules/${moduleId}`, cookie: admin, body });

/** A course of three modules (the 2nd opens with $ 3.000 paid, the 3rd with $ 6.000) and a trainee with the 1st enabled. */
async function classroom(options: { plan?: boolean } = {}) {
  const course = await buildCourse(t.ctx, { name: 'Curso de árbitros 2026' });
  const first = await buildModule(t.ctx, course.id, { name: 'Reglas básicas' });
  const second = await buildModule(t.ctx, course.id, { name: 'Sanción progresiva', questions: ['¿Qué es una exclusión?'] });
  const third = await buildModule(t.ctx, course.id, { name: 'Evaluación' });
  expect((await patchModule(second.id, { minPaid: 3000 })).statusCode).toBe(200);
  expect((await patchModule(third.id, { minPaid: 6000 })).statusCode).toBe(200);
  const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Ana Árbitro' });
  await enableModule(t.ctx, trainee.id, first.id);
  let optionId = '';
  if (options.plan) {
    const plan = await putPlan(course.id, { options: [{ label: 'Dos cuotas de $ 3.000', instalments: twoInstalments }], reminders: true });
    expect(plan.statusCode, plan.body).toBe(200);
    optionId = plan.json().options[0].id;
    expect((await assign(course.id, trainee.id, optionId)).statusCode).toBe(200);
  }
  return { course, first, second, third, trainee, optionId };
}

async function accessOf(userId: string, moduleId: string) {
  const [row] = await t.ctx.db
    .select({ enabled: moduleAccess.enabled })
    .from(moduleAccess)
    .where(and(eq(moduleAccess.userId, userId), eq(moduleAccess.moduleId, moduleId)));
  return row?.enabled ?? null;
}
async function activitiesOf(userId: string, moduleId: string) {
  return t.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.userId, userId), eq(activity.moduleId, moduleId)));
}
const paymentsOf = (courseId: string) => t.ctx.db.select().from(payment).where(eq(payment.courseId, courseId));
const changesOf = async (courseId: string, userId: string | null) =>
  (await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, courseId)).orderBy(recordChange.at))
    .filter((row) => row.userId === userId)
    .map((row) => ({ summary: row.summary, actorName: row.actorName }));

describe('Plan de pagos', () => {
  it('is saved, read back with its holders, edited and emptied, each change in the log', async () => {
    const { course, trainee } = await classroom();
    const saved = await putPlan(course.id, {
      options: [
        { label: 'Un pago de $ 5.000', instalments: [{ amount: 5000, dueDate: '2026-03-10' }] },
        // Listed out of order: kept by due date.
        { label: 'Dos cuotas de $ 3.000', instalments: [twoInstalments[1], twoInstalments[0]] },
      ],
      reminders: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      reminders: false,
      message: paymentMessages.planSaved,
      options: [
        { label: 'Un pago de $ 5.000', instalments: [{ amount: 5000, dueDate: '2026-03-10' }], holders: 0 },
        { label: 'Dos cuotas de $ 3.000', instalments: twoInstalments, holders: 0 },
      ],
    });
    const [single, two] = saved.json().options as Array<{ id: string }>;
    expect((await assign(course.id, trainee.id, two!.id)).json().status).toMatchObject({
      option: { id: two!.id, label: 'Dos cuotas de $ 3.000' },
      total: 6000,
      due: 0,
      owed: 0,
    });

    const page = (await getPage(course.id)).json();
    expect(page).toMatchObject({ today: '2026-03-05', reminders: false, course: { id: course.id, name: course.name } });
    expect(page.options.map((o: { holders: number }) => o.holders)).toEqual([0, 1]);
    expect(page.trainees).toEqual([
      expect.objectContaining({ id: trainee.id, name: 'Ana Árbitro', status: expect.objectContaining({ total: 6000 }) }),
    ]);

    // The single payment renamed, the other kept as it is, order swapped.
    const edited = await putPlan(course.id, {
      options: [
        { id: two!.id, label: 'Dos cuotas de $ 3.000', instalments: twoInstalments },
        { id: single!.id, label: 'Contado', instalments: [{ amount: 5000, dueDate: '2026-03-10' }] },
      ],
      reminders: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().options.map((o: { id: string; label: string }) => [o.id, o.label])).toEqual([
      [two!.id, 'Dos cuotas de $ 3.000'],
      [single!.id, 'Contado'],
    ]);
    const [courseRow] = await t.ctx.db.select().from(courseTable).where(eq(courseTable.id, course.id));
    expect(courseRow!.paymentReminders).toBe(true);

    // An option nobody holds leaves the plan.
    const removed = await putPlan(course.id, {
      options: [{ id: two!.id, label: 'Dos cuotas de $ 3.000', instalments: twoInstalments }],
      reminders: true,
    });
    expect(removed.json().options).toHaveLength(1);

    expect(await changesOf(course.id, null)).toEqual([
      { summary: 'Plan de pagos: Un pago de $ 5.000 · Dos cuotas de $ 3.000', actorName: expect.any(String) },
      { summary: paymentMessages.remindersLogged(false), actorName: expect.any(String) },
      { summary: 'Plan de pagos: Dos cuotas de $ 3.000 · Contado', actorName: expect.any(String) },
      { summary: paymentMessages.remindersLogged(true), actorName: expect.any(String) },
      { summary: 'Plan de pagos: Dos cuotas de $ 3.000', actorName: expect.any(String) },
    ]);
    expect(await changesOf(course.id, trainee.id)).toEqual([
      { summary: paymentMessages.optionLogged('Dos cuotas de $ 3.000'), actorName: expect.any(String) },
    ]);
  });

  it('refuses to drop an option trainees hold (409 naming it), and changes nothing', async () => {
    const { course, optionId } = await classroom({ plan: true });
    const response = await putPlan(course.id, { options: [], reminders: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(paymentMessages.optionHeld('Dos cuotas de $ 3.000', 1));
    const page = (await getPage(course.id)).json();
    expect(page.options.map((o: { id: string }) => o.id)).toEqual([optionId]);
    expect(page.reminders).toBe(true);
  });

  it.each([
    ['a negative amount', { amount: -3000, dueDate: '2026-03-10' }, 'options.0.instalments.0.amount', paymentMessages.amountPositive],
    ['a zero amount', { amount: 0, dueDate: '2026-03-10' }, 'options.0.instalments.0.amount', paymentMessages.amountPositive],
    ['cents', { amount: 2999.5, dueDate: '2026-03-10' }, 'options.0.instalments.0.amount', paymentMessages.amountWhole],
    [
      'an amount with too many zeros',
      { amount: 3_000_000_000, dueDate: '2026-03-10' },
      'options.0.instalments.0.amount',
      paymentMessages.amountTooLarge(pesos(100_000_000)),
    ],
    ['an amount as text', { amount: '3000', dueDate: '2026-03-10' }, 'options.0.instalments.0.amount', paymentMessages.amountRequired],
    ['a day that does not exist', { amount: 3000, dueDate: '2026-02-30' }, 'options.0.instalments.0.dueDate', paymentMessages.invalidDay],
    ['a day in words', { amount: 3000, dueDate: 'el sábado' }, 'options.0.instalments.0.dueDate', paymentMessages.invalidDay],
    ['a year typed wrong', { amount: 3000, dueDate: '0226-03-10' }, 'options.0.instalments.0.dueDate', messages.dateOutOfRange(2000, 2100)],
  ])('refuses an instalment with %s (400 in Spanish), changing nothing', async (_case, instalment, field, message) => {
    const { course, optionId } = await classroom({ plan: true });
    const response = await putPlan(course.id, {
      options: [{ id: optionId, label: 'Dos cuotas de $ 3.000', instalments: [instalment] }],
      reminders: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message, fields: { [field]: message } });
    const page = (await getPage(course.id)).json();
    expect(page.options[0].instalments).toEqual(twoInstalments);
    expect(page.reminders).toBe(true);
  });

  it.each([
    ['no label', { options: [{ label: ' ', instalments: twoInstalments }], reminders: true }, 'Este campo es requerido'],
    ['no instalments', { options: [{ label: 'Nada', instalments: [] }], reminders: true }, paymentMessages.instalmentsRequired],
    ['no reminders choice', { options: [] }, paymentMessages.remindersChoice],
    [
      'an option of another course',
      { options: [{ id: 'de-otro-curso', label: 'X', instalments: twoInstalments }], reminders: true },
      paymentMessages.optionNotFound,
    ],
  ])('refuses a plan with %s', async (_case, body, message) => {
    const { course } = await classroom();
    const response = await putPlan(course.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await t.ctx.db.select().from(paymentOption).where(eq(paymentOption.courseId, course.id))).toEqual([]);
  });
});

describe("a trainee's option", () => {
  it('is assigned, changed and cleared; only an option of the course, only for a trainee with the course enabled', async () => {
    const { course, trainee, optionId } = await classroom({ plan: true });
    const other = await classroom({ plan: true });
    const foreign = await assign(course.id, trainee.id, other.optionId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ optionId: paymentMessages.optionNotFound });

    const outsider = await createUser(t.ctx);
    expect((await assign(course.id, outsider.id, optionId)).statusCode).toBe(404);
    expect((await assign(course.id, unknownId(), optionId)).statusCode).toBe(404);
    // An admin is no trainee.
    const adminId = (await call(t.app, { url: '/api/auth/session', cookie: admin })).json().user.id;
    expect((await assign(course.id, adminId, optionId)).statusCode).toBe(404);

    const cleared = await assign(course.id, trainee.id, null);
    expect(cleared.json().status).toMatchObject({ option: null, total: 0, owed: 0 });
    expect((await changesOf(course.id, trainee.id)).map((c) => c.summary)).toEqual([
      paymentMessages.optionLogged('Dos cuotas de $ 3.000'),
      paymentMessages.optionClearedLogged,
    ]);
  });

  it('shows what the trainee owes and the overdue instalments as days pass', async () => {
    const { course, trainee } = await classroom({ plan: true });
    const statusOn = async (day: string) => {
      setToday(day);
      return (await getPage(course.id)).json().trainees[0].status;
    };
    expect(await statusOn('2026-03-09')).toMatchObject({ due: 0, paid: 0, owed: 0, overdue: [] });
    expect(await statusOn('2026-03-10')).toMatchObject({ due: 3000, owed: 3000, overdue: [] });
    expect(await statusOn('2026-03-11')).toMatchObject({ due: 3000, owed: 3000, overdue: [twoInstalments[0]] });
    expect((await pay(course.id, { userId: trainee.id, amount: 1000, paidOn: '2026-03-11' })).statusCode).toBe(201);
    expect(await statusOn('2026-03-11')).toMatchObject({ paid: 1000, owed: 2000, overdue: [{ amount: 2000, dueDate: '2026-03-10' }] });
    expect((await pay(course.id, { userId: trainee.id, amount: 2000, paidOn: '2026-03-11' })).statusCode).toBe(201);
    expect(await statusOn('2026-03-11')).toMatchObject({ paid: 3000, owed: 0, overdue: [] });
  });
});

describe('Registrar pago', () => {
  it('enables the modules the trainee now paid for, with their activity, once per Idempotency-Key', async () => {
    const { course, first, second, third, trainee } = await classroom({ plan: true });
    expect(await accessOf(trainee.id, second.id)).toBeNull();
    const key = `pago-${randomUUID()}`;
    const body = { userId: trainee.id, amount: 3000, method: 'transferencia', note: 'Transferencia del banco' };
    const firstTry = await pay(course.id, body, { key });
    const retry = await pay(course.id, body, { key });
    expect(firstTry.statusCode, firstTry.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(firstTry.json());
    expect(firstTry.json()).toMatchObject({
      payment: { userId: trainee.id, userName: 'Ana Árbitro', amount: 3000, paidOn: '2026-03-05', method: 'transferencia', receipt: null },
      unlocked: [{ id: second.id, name: 'Sanción progresiva' }],
    });
    expect(await paymentsOf(course.id)).toHaveLength(1);
    expect(await accessOf(trainee.id, second.id)).toBe(true);
    expect(await accessOf(trainee.id, third.id)).toBeNull();
    expect(await t.ctx.db.select().from(paidUnlock).where(eq(paidUnlock.userId, trainee.id))).toHaveLength(1);
    const [given] = await activitiesOf(trainee.id, second.id);
    expect(given).toBeDefined();

    // The trainee opens module 2 now.
    const page = await call(t.app, { url: `/api/pages/modules/${second.id}`, cookie: trainee.cookie });
    expect(page.statusCode).toBe(200);
    expect((await call(t.app, { url: `/api/pages/modules/${third.id}`, cookie: trainee.cookie })).statusCode).toBe(404);
    expect(await accessOf(trainee.id, first.id)).toBe(true);

    // A second payment brings the total to $ 6.000: module 3, and module 2 is not enabled again.
    const more = await pay(course.id, { userId: trainee.id, amount: 3000 });
    expect(more.json().unlocked).toEqual([{ id: third.id, name: 'Evaluación' }]);

    expect((await changesOf(course.id, trainee.id)).map((c) => c.summary)).toEqual([
      paymentMessages.optionLogged('Dos cuotas de $ 3.000'),
      paymentMessages.paymentLogged(pesos(3000), '5 mar 2026', 'Transferencia'),
      paymentMessages.unlockLogged('Sanción progresiva', pesos(3000)),
      paymentMessages.paymentLogged(pesos(3000), '5 mar 2026', 'Efectivo'),
      paymentMessages.unlockLogged('Evaluación', pesos(6000)),
    ]);
  });

  it('never takes back access or work: a deleted payment leaves the module and the activity', async () => {
    const { course, second, trainee } = await classroom();
    const recorded = (await pay(course.id, { userId: trainee.id, amount: 3000 })).json();
    const [before] = await activitiesOf(trainee.id, second.id);
    const deleted = await call(t.app, { method: 'DELETE', url: `/api/payments/${recorded.payment.id}`, cookie: admin });
    expect(deleted.statusCode).toBe(204);
    expect(await paymentsOf(course.id)).toEqual([]);
    expect(await accessOf(trainee.id, second.id)).toBe(true);
    expect(await activitiesOf(trainee.id, second.id)).toEqual([before]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/payments/${recorded.payment.id}`, cookie: admin })).statusCode).toBe(404);
    expect((await changesOf(course.id, trainee.id)).at(-1)!.summary).toBe(
      paymentMessages.paymentDeletedLogged(pesos(3000), '5 mar 2026', 'Efectivo'),
    );
  });

  it('does not re-enable a module the instructor blocked by hand after a payment enabled it', async () => {
    const { course, second, trainee } = await classroom();
    await pay(course.id, { userId: trainee.id, amount: 3000 });
    expect(await accessOf(trainee.id, second.id)).toBe(true);
    const blocked = await call(t.app, {
      method: 'PUT',
      url: `/api/users/${trainee.id}/modules/${second.id}/access`,
      cookie: admin,
      body: { enabled: false },
    });
    expect(blocked.statusCode).toBe(204);
    const again = await pay(course.id, { userId: trainee.id, amount: 500 });
    expect(again.json().unlocked).toEqual([]);
    expect(await accessOf(trainee.id, second.id)).toBe(false);
    // The instructor can always enable it by hand.
    await enableModule(t.ctx, trainee.id, second.id);
    expect(await accessOf(trainee.id, second.id)).toBe(true);
  });

  it('enables a module for those who already paid when its minimum is set or lowered afterwards', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { name: 'Módulo pago' });
    const archived = await buildModule(t.ctx, course.id, { name: 'Archivado' });
    const payer = await signedIn(t.app, t.ctx, 'student');
    const short = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, payer.id, course.id);
    await enableCourse(t.ctx, short.id, course.id);
    await pay(course.id, { userId: payer.id, amount: 3000 });
    await pay(course.id, { userId: short.id, amount: 2000 });
    expect(await accessOf(payer.id, module.id)).toBeNull();

    const set = await patchModule(module.id, { minPaid: 5000 });
    expect(set.json().module.minPaid).toBe(5000);
    expect(await accessOf(payer.id, module.id)).toBeNull();
    const lowered = await patchModule(module.id, { minPaid: 3000 });
    expect(lowered.statusCode).toBe(200);
    expect(await accessOf(payer.id, module.id)).toBe(true);
    expect(await activitiesOf(payer.id, module.id)).toHaveLength(1);
    expect(await accessOf(short.id, module.id)).toBeNull();
    expect((await changesOf(course.id, payer.id)).at(-1)!.summary).toBe(paymentMessages.unlockLogged('Módulo pago', pesos(3000)));

    // An archived module is not enabled by money.
    await call(t.app, { method: 'PUT', url: `/api/modules/${archived.id}/archived`, cookie: admin, body: { archived: true } });
    await patchModule(archived.id, { minPaid: 1000 });
    expect(await accessOf(payer.id, archived.id)).toBeNull();
    // Clearing the minimum takes nothing away.
    expect((await patchModule(module.id, { minPaid: null })).json().module.minPaid).toBeNull();
    expect(await accessOf(payer.id, module.id)).toBe(true);
  });

  it.each([
    ['zero', { amount: 0 }, 'amount', paymentMessages.amountPositive],
    ['negative', { amount: -100 }, 'amount', paymentMessages.amountPositive],
    ['with cents', { amount: 10.5 }, 'amount', paymentMessages.amountWhole],
    ['absurd', { amount: 100_000_001 }, 'amount', paymentMessages.amountTooLarge(pesos(100_000_000))],
    ['without amount', { amount: undefined }, 'amount', paymentMessages.amountRequired],
    ['on a day that does not exist', { paidOn: '2026-13-01' }, 'paidOn', paymentMessages.invalidDay],
    ['in the future', { paidOn: '2026-03-06' }, 'paidOn', paymentMessages.paidOnFuture],
    ['by card', { method: 'tarjeta' }, 'method', paymentMessages.chooseMethod],
    ['without a trainee', { userId: '' }, 'userId', paymentMessages.chooseTrainee],
    ['with a long note', { note: 'x'.repeat(501) }, 'note', 'La nota no puede tener más de 500 caracteres'],
  ])('refuses a payment %s with a Spanish 400, storing nothing', async (_case, change, field, message) => {
    const { course, second, trainee } = await classroom();
    const response = await pay(course.id, { userId: trainee.id, amount: 3000, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message, fields: { [field]: message } });
    expect(await paymentsOf(course.id)).toEqual([]);
    expect(await accessOf(trainee.id, second.id)).toBeNull();
  });

  it('is only for a trainee with the course enabled: anyone else is the 404 of a missing one', async () => {
    const { course, trainee } = await classroom();
    const blocked = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, blocked.id, course.id, false);
    const stranger = await createUser(t.ctx);
    for (const userId of [blocked.id, stranger.id, unknownId()]) {
      const response = await pay(course.id, { userId, amount: 3000 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(paymentMessages.traineeNotFound);
    }
    expect((await pay(unknownId(), { userId: trainee.id, amount: 3000 })).statusCode).toBe(404);
    expect(await paymentsOf(course.id)).toEqual([]);
  });
});

describe('receipts', () => {
  const upload = (paymentId: string, file: { filename: string; content: Buffer; contentType: string }, cookie = admin) => {
    const { body, headers } = multipart([{ name: 'file', ...file }]);
    return call(t.app, { method: 'PUT', url: `/api/payments/${paymentId}/receipt`, body, headers, cookie });
  };

  it('takes a PDF or a picture judged by its content, and gives it only to admins and the trainee who paid', async () => {
    const { course, trainee } = await classroom();
    const classmate = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, classmate.id, course.id);
    const recorded = (await pay(course.id, { userId: trainee.id, amount: 3000 })).json().payment;
    const receiptUrl = `/api/payments/${recorded.id}/receipt`;
    expect((await call(t.app, { url: receiptUrl, cookie: admin })).statusCode).toBe(404);

    const filesBefore = await storedFiles(t.ctx);
    const fake = await upload(recorded.id, {
      filename: 'comprobante.pdf',
      content: Buffer.from('no soy un PDF, soy texto'),
      contentType: 'application/pdf',
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: paymentMessages.receiptType });
    expect(await storedFiles(t.ctx)).toEqual(filesBefore);

    const pdf = pdfBytes('Comprobante');
    const saved = await upload(recorded.id, { filename: 'transferencia.pdf', content: pdf, contentType: 'application/pdf' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payment.receipt).toEqual({ name: 'transferencia.pdf', type: 'application/pdf', size: pdf.length });

    const asAdmin = await call(t.app, { url: receiptUrl, cookie: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    expect(asAdmin.rawPayload.equals(pdf)).toBe(true);
    expect((await call(t.app, { url: receiptUrl, cookie: trainee.cookie })).statusCode).toBe(200);
    const other = await call(t.app, { url: receiptUrl, cookie: classmate.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(paymentMessages.paymentNotFound);
    expect((await call(t.app, { url: receiptUrl })).statusCode).toBe(401);

    // A photo replaces it; the PDF's file goes.
    const replaced = await upload(recorded.id, { filename: 'foto.png', content: pngBytes(), contentType: 'image/png' });
    expect(replaced.json().payment.receipt).toMatchObject({ name: 'foto.png', type: 'image/png' });
    expect((await storedFiles(t.ctx)).objects.length).toBe(filesBefore.objects.length + 1);
    expect((await changesOf(course.id, trainee.id)).at(-1)!.summary).toBe(paymentMessages.receiptLogged(pesos(3000), '5 mar 2026'));

    // Deleting the payment removes its receipt's file too.
    await call(t.app, { method: 'DELETE', url: `/api/payments/${recorded.id}`, cookie: admin });
    expect(await storedFiles(t.ctx)).toEqual(filesBefore);
  });

  it('answers 401, 403 and 404 before reading any file', async () => {
    const { course, trainee } = await classroom();
    const recorded = (await pay(course.id, { userId: trainee.id, amount: 3000 })).json().payment;
    const file = { filename: 'a.png', content: pngBytes(), contentType: 'image/png' };
    const { body, headers } = multipart([{ name: 'file', ...file }]);
    expect((await call(t.app, { method: 'PUT', url: `/api/payments/${recorded.id}/receipt`, body, headers })).statusCode).toBe(401);
    expect((await upload(recorded.id, file, trainee.cookie)).statusCode).toBe(403);
    expect((await upload(unknownId(), file)).statusCode).toBe(404);
  });
});

describe('CSV', () => {
  it('lists the payments with formula cells escaped', async () => {
    const { course, trainee } = await classroom();
    await pay(course.id, { userId: trainee.id, amount: 3000, note: '=HYPERLINK("http://malo.example")' });
    const response = await call(t.app, { url: `/api/courses/${course.id}/payments.csv`, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="pagos-curso-de-arbitros-2026.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Alumno;Email;Fecha;Monto;Medio;Nota;Comprobante;Registrado por');
    const adminName = (await call(t.app, { url: '/api/auth/session', cookie: admin })).json().user.name;
    expect(lines[1]).toBe(`Ana Árbitro;${trainee.email};2026-03-05;3000;Efectivo;"'=HYPERLINK(""http://malo.example"")";;${adminName}`);
    expect((await call(t.app, { url: `/api/courses/${course.id}/payments.csv`, cookie: trainee.cookie })).statusCode).toBe(403);
  });
});

describe('who may use the routes', () => {
  it('answers 401 to anonymous callers, 403 to trainees, 404 to unknown ids and 400 to malformed ones', async () => {
    const { course, trainee, optionId } = await classroom({ plan: true });
    const recorded = (await pay(course.id, { userId: trainee.id, amount: 3000 })).json().payment;
    const routes = (courseId: string, paymentId: string) => [
      { method: 'GET' as const, url: `/api/courses/${courseId}/payments` },
      { method: 'PUT' as const, url: `/api/courses/${courseId}/payment-plan`, body: { options: [], reminders: true } },
      { method: 'PUT' as const, url: `/api/courses/${courseId}/trainees/${trainee.id}/payment-option`, body: { optionId } },
      {
        method: 'POST' as const,
        url: `/api/courses/${courseId}/payments`,
        body: { userId: trainee.id, amount: 1, paidOn: '2026-03-01', method: 'otro' },
      },
      { method: 'DELETE' as const, url: `/api/payments/${paymentId}` },
      { method: 'GET' as const, url: `/api/courses/${courseId}/payments.csv` },
    ];
    for (const route of routes(course.id, recorded.id)) {
      expect((await call(t.app, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      expect((await call(t.app, { ...route, cookie: trainee.cookie })).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    for (const route of routes(unknownId(), unknownId())) {
      expect((await call(t.app, { ...route, cookie: admin })).statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    for (const route of routes('no válido', 'no válido')) {
      expect((await call(t.app, { ...route, url: encodeURI(route.url), cookie: admin })).statusCode, `${route.method} ${route.url}`).toBe(
        400,
      );
    }
    expect(await paymentsOf(course.id)).toHaveLength(1);
  });
});

describe('reminder emails', () => {
  const remindersOn = async (day: string) => {
    setToday(day);
    const before = t.mails.length;
    await sendPaymentReminders(t.ctx);
    return t.mails.slice(before);
  };

  it('go 3 days before a due date and on the day, once each, to trainees their payments do not cover', async () => {
    const { trainee } = await classroom({ plan: true });
    const mine = (mails: typeof t.mails) => mails.filter((mail) => mail.to === trainee.email);
    expect(mine(await remindersOn('2026-03-06'))).toEqual([]);
    const [before] = mine(await remindersOn('2026-03-07'));
    expect(before).toBeDefined();
    expect(before!.subject).toBe(`Tu cuota de ${pesos(3000)} del curso "Curso de árbitros 2026" vence el martes, 10 de marzo de 2026`);
    expect(before!.text).toContain('Hola Ana Árbitro:');
    expect(before!.text).toContain(`tu cuota de ${pesos(3000)} del curso "Curso de árbitros 2026" vence el martes, 10 de marzo de 2026`);
    // Nothing that looks like paying online: no link at all.
    expect(before!.text).not.toMatch(/https?:/);
    expect(before!.html).not.toMatch(/<a\b/);
    expect(before!.link).toBeUndefined();
    expect(mine(await remindersOn('2026-03-07'))).toEqual([]);
    expect(mine(await remindersOn('2026-03-08'))).toEqual([]);
    const [onTheDay] = mine(await remindersOn('2026-03-10'));
    expect(onTheDay!.subject).toBe(`Hoy vence tu cuota de ${pesos(3000)} del curso "Curso de árbitros 2026"`);
    expect(mine(await remindersOn('2026-03-10'))).toEqual([]);
    expect(mine(await remindersOn('2026-03-11'))).toEqual([]);
  });

  it('are not sent for an instalment already paid, nor when the course turned them off', async () => {
    const paid = await classroom({ plan: true });
    setToday('2026-03-05');
    await pay(paid.course.id, { userId: paid.trainee.id, amount: 6000 });
    const off = await classroom({ plan: true });
    const plan = (await getPage(off.course.id)).json();
    expect(
      (
        await putPlan(off.course.id, {
          options: plan.options.map((o: { id: string; label: string; instalments: unknown }) => ({
            id: o.id,
            label: o.label,
            instalments: o.instalments,
          })),
          reminders: false,
        })
      ).statusCode,
    ).toBe(200);
    const to = [paid.trainee.email, off.trainee.email];
    for (const day of ['2026-03-07', '2026-03-10', '2026-04-07', '2026-04-10']) {
      expect(
        (await remindersOn(day)).filter((mail) => to.includes(mail.to)),
        day,
      ).toEqual([]);
    }
  });
});

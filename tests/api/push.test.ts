// Notices on the phone (Web Push): what a trainee and a course's team receive, decrypted by a
// local push service as a phone would; each device per person and session, forgotten on sign-out
// and when the push service says it is gone; the choices per kind; sent once across instances.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayLongText, dayOf, instantOf } from '../../src/shared/calendar.ts';
import { createLesson } from '../../src/server/lessons/service.ts';
import { exam, lesson, noticeSent, paymentOption, pushOutbox, pushSubscription, traineePlan } from '../../src/server/db/schema.ts';
import { sendPaymentReminders } from '../../src/server/payments/reminders.ts';
import { pesos } from '../../src/shared/money.ts';
import { cleanUp } from '../../src/server/maintenance/cleanup.ts';
import { createPushQueue } from '../../src/server/push/queue.ts';
import { loadVapidKeys } from '../../src/server/push/vapid.ts';
import { sendExamNotices, sendLessonReminders, wakingHour } from '../../src/server/push/notify.ts';
import { buildCourse, buildModule, enableCourse, enableModule, signedIn, submitAnswers, activityOf } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { startPushService, type TestPushService, type TestSubscription } from './helpers/push-service.ts';
import { loadConfig } from '../../src/server/config.ts';
import { noticeMessages } from '../../src/shared/messages.ts';
import { isPushService } from '../../src/server/push/routes.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let service: TestPushService;
let admin: string;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ pushAgent: service.agent });
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  t.ctx.clock.now = () => new Date();
});

const subscribe = (cookie: string, subscription: TestSubscription) =>
  call(t.app, {
    method: 'PUT',
    url: '/api/me/push/subscription',
    cookie,
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
const receivedAt = (subscription: TestSubscription) => service.received.filter((push) => subscription.endpoint.endsWith(push.path));

async function traineeWithSubmission(moduleName = 'Módulo 2') {
  const course = await buildCourse(t.ctx, { name: 'Árbitros 2027' });
  const module = await buildModule(t.ctx, course.id, { name: moduleName });
  const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Ana Pitazo' });
  await enableCourse(t.ctx, trainee.id, course.id);
  await enableModule(t.ctx, trainee.id, module.id);
  const activity = await submitAnswers(t.ctx, trainee.id, module.id);
  return { course, module, trainee, activity };
}

/** 'Corregir' with every answer right. */
function correctAll(activity: { id: string; version: number; items: Array<{ id: string }> }) {
  const items = activity.items.map((item) => ({ itemId: item.id, correct: true, feedback: 'Bien' }));
  return call(t.app, {
    method: 'POST',
    url: `/api/activities/${activity.id}/correction`,
    cookie: admin,
    body: { version: activity.version, items },
  });
}

describe('subscribing a phone', () => {
  it('gives the key to subscribe with and keeps the subscription for this person and session', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    const status = await call(t.app, { url: '/api/me/push', cookie: trainee.cookie });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ publicKey: t.ctx.push.publicKey, endpoints: [] });
    expect(t.ctx.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const phone = service.subscription();
    expect((await subscribe(trainee.cookie, phone)).statusCode).toBe(204);
    expect((await call(t.app, { url: '/api/me/push', cookie: trainee.cookie })).json().endpoints).toEqual([phone.endpoint]);
  });

  it('refuses a malformed subscription in Spanish and stores nothing', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    const phone = service.subscription();
    for (const body of [
      { endpoint: 'http://127.0.0.1/inseguro', keys: phone.keys },
      { endpoint: phone.endpoint, keys: { p256dh: 'corta', auth: phone.keys.auth } },
      { endpoint: phone.endpoint },
    ]) {
      const response = await call(t.app, { method: 'PUT', url: '/api/me/push/subscription', cookie: trainee.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.userId, trainee.id))).toEqual([]);
  });

  it('refuses an address that is not at a push service (the server only ever sends notices to those), and stores nothing', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    const phone = service.subscription();
    for (const endpoint of [
      'https://intranet.example.org/admin',
      'https://127.0.0.1.example.org/sub/1',
      'https://evil-push.example.com/x',
    ]) {
      const response = await call(t.app, {
        method: 'PUT',
        url: '/api/me/push/subscription',
        cookie: trainee.cookie,
        body: { endpoint, keys: phone.keys },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.message).toBe(noticeMessages.unknownPushService);
    }
    expect(await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.userId, trainee.id))).toEqual([]);
  });

  it('knows the push services of Chrome, Firefox, Safari and Edge, and their subdomains, and nothing else', () => {
    const services = loadConfig({ DATA_DIR: '/tmp/aula-config' }).pushServices;
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc', services)).toBe(true);
    expect(isPushService('https://updates.push.services.mozilla.com/wpush/v2/abc', services)).toBe(true);
    expect(isPushService('https://web.push.apple.com/QGx', services)).toBe(true);
    expect(isPushService('https://wns2-par02p.notify.windows.com/w/?token=abc', services)).toBe(true);
    expect(isPushService('https://fcm.googleapis.com.example.org/x', services)).toBe(false);
    expect(isPushService('https://notgoogleapis.com/x', services)).toBe(false);
    expect(isPushService('no es una dirección', services)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const phone = service.subscription();
    expect((await call(t.app, { url: '/api/me/push' })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/me/push/subscription', body: { endpoint: phone.endpoint, keys: phone.keys } }))
        .statusCode,
    ).toBe(401);
    expect((await call(t.app, { url: '/api/me/notice-preferences' })).statusCode).toBe(401);
  });
});

describe('a correction reaches the trainee’s phone', () => {
  it('delivers one encrypted notice that says what happened and opens the module’s activity', async () => {
    const { course, module, trainee, activity } = await traineeWithSubmission();
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    const before = t.mails.length;
    const response = await correctAll(activity);
    expect(response.statusCode, response.body).toBe(200);
    const [push] = await vi.waitFor(() => {
      const got = receivedAt(phone);
      expect(got).toHaveLength(1);
      return got;
    });
    // What the phone receives, decrypted, kept for whoever reviews how a notice looks.
    await mkdir(path.resolve(import.meta.dirname, '../../artifacts'), { recursive: true });
    await writeFile(
      path.resolve(import.meta.dirname, '../../artifacts/push-notice-received.json'),
      `${JSON.stringify({ headers: { ...push!.headers, authorization: '(VAPID, comprobada)' }, payload: push!.payload }, null, 2)}\n`,
    );
    expect(push!.payload).toEqual({
      title: 'Árbitros 2027',
      body: 'Tu actividad del Módulo 2 fue corregida',
      url: `/${course.id}/${module.id}/actividades`,
      tag: `correccion:${module.id}`,
    });
    // Standard Web Push: encrypted body, VAPID signed with the server's key, a time to live.
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push!.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.ctx.push.publicKey}$`));
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    // The email still goes (both, by default).
    await vi.waitFor(() => expect(t.mails.slice(before).some((mail) => mail.to === trainee.email)).toBe(true));
    expect(await t.ctx.db.select().from(pushOutbox)).toEqual([]);
  });

  it('honours the choice per kind: no notice for corrections, no email either, while forum answers still come', async () => {
    const { module, trainee, activity } = await traineeWithSubmission('Faltas y sanciones');
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/me/notice-preferences',
      cookie: trainee.cookie,
      body: { correction: { push: false, email: 'never' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toMatchObject({
      correction: { push: false, email: 'never' },
      forumReply: { push: true, email: 'immediate' },
    });
    const before = t.mails.length;
    expect((await correctAll(activity)).statusCode).toBe(200);
    // The trainee asks, the instructor answers: that one comes.
    await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/messages`,
      cookie: trainee.cookie,
      body: { body: '¿Y el pasivo?' },
    });
    await call(t.app, { method: 'POST', url: `/api/modules/${module.id}/messages`, cookie: admin, body: { body: 'Se avisa antes.' } });
    const [push] = await vi.waitFor(() => {
      const got = receivedAt(phone);
      expect(got).toHaveLength(1);
      return got;
    });
    expect(push!.payload.body).toMatch(/respondió en el foro de «Faltas y sanciones»$/);
    expect(push!.payload.url).toMatch(/\/preguntas$/);
    expect(t.mails.slice(before).filter((mail) => mail.to === trainee.email && /corregid|correcci/i.test(mail.subject))).toEqual([]);
  });

  it('tells the course’s correctors of a new submission and a new forum question, opening where they act', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso del equipo' });
    const module = await buildModule(t.ctx, course.id, { name: 'Módulo 3' });
    const instructor = await signedIn(t.app, t.ctx, 'student', { name: 'Inés Tructora' });
    await t.ctx.db.execute(
      sql`insert into course_staff (course_id, user_id, role) values (${course.id}, ${instructor.id}, 'instructor') on conflict do nothing`,
    );
    const staffCookie = await login(t.app, instructor.email, instructor.password);
    const phone = service.subscription();
    expect((await subscribe(staffCookie, phone)).statusCode).toBe(204);
    const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Beto Silbato' });
    await enableCourse(t.ctx, trainee.id, course.id);
    await enableModule(t.ctx, trainee.id, module.id);
    const answers = (await activityOf(t.ctx, trainee.id, module.id)).items.map((item) => ({ itemId: item.id, answer: 'Sí' }));
    const submitted = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: trainee.cookie,
      body: { answers },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await vi.waitFor(() => expect(receivedAt(phone)).toHaveLength(1));
    expect(receivedAt(phone)[0]!.payload).toMatchObject({
      body: 'Beto Silbato envió sus respuestas del Módulo 3 para corregir',
      url: `/admin/users-activities/${trainee.id}/cursos/${course.id}/modules/${module.id}`,
    });
    await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/messages`,
      cookie: trainee.cookie,
      body: { body: '¿Cuándo es la clase?' },
    });
    await vi.waitFor(() => expect(receivedAt(phone)).toHaveLength(2));
    expect(receivedAt(phone)[1]!.payload).toMatchObject({
      body: 'Beto Silbato escribió en el foro del Módulo 3',
      url: `/admin/question-modules/${module.id}`,
    });
  });
});

describe('devices that should hear no more', () => {
  it('forgets the phone of a person who signs out, so the next person on a shared phone hears nothing of theirs', async () => {
    const { trainee, activity } = await traineeWithSubmission();
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    expect(await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, phone.endpoint))).toHaveLength(1);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie: trainee.cookie })).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, phone.endpoint))).toEqual([]);
    expect((await correctAll(activity)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.ctx.push.deliverDue();
    expect(receivedAt(phone)).toEqual([]);

    // Someone else signs in on that phone and allows notices: the phone is theirs now.
    const other = await signedIn(t.app, t.ctx, 'student');
    expect((await subscribe(other.cookie, phone)).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, phone.endpoint));
    expect(row!.userId).toBe(other.id);
  });

  it('deletes a subscription the push service says is gone, and the correction succeeds all the same', async () => {
    const { trainee, activity } = await traineeWithSubmission();
    const gone = service.subscription(410);
    await subscribe(trainee.cookie, gone);
    expect((await correctAll(activity)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, gone.endpoint))).toEqual([]),
    );
    expect(await t.ctx.db.select().from(pushOutbox)).toEqual([]);
  });

  it('keeps a notice the push service failed and retries it later, without failing the correction', async () => {
    const { trainee, activity } = await traineeWithSubmission();
    const failing = service.subscription(500);
    await subscribe(trainee.cookie, failing);
    expect((await correctAll(activity)).statusCode).toBe(200);
    const [queued] = await vi.waitFor(async () => {
      const rows = await t.ctx.db.select().from(pushOutbox);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.attempts).toBe(1);
      return rows;
    });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(queued!.lastError).toContain('500');
    failing.status = 201;
    await t.ctx.db.update(pushOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await t.ctx.push.deliverDue()).toBe(1);
    expect(receivedAt(failing)).toHaveLength(1);
  });
});

describe('sent once with several instances', () => {
  it('delivers a queued notice once when two instances’ queues run at the same time', async () => {
    const { trainee } = await traineeWithSubmission();
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    const [row] = await t.ctx.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, phone.endpoint));
    await t.ctx.db.insert(pushOutbox).values({
      id: crypto.randomUUID(),
      subscriptionId: row!.id,
      title: 'Curso',
      body: 'Una vez',
      url: '/mi-cuenta',
      tag: 'prueba',
      nextAttemptAt: new Date(Date.now() - 1000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const vapid = await loadVapidKeys({ dataDir: t.ctx.config.dataDir, fromEnv: undefined });
    const other = createPushQueue({ db: t.ctx.db, logger: t.ctx.logger, vapid, subject: 'mailto:otra@example.com', agent: service.agent });
    const sent = await Promise.all([t.ctx.push.deliverDue(), other.deliverDue(), t.ctx.push.deliverDue()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(receivedAt(phone).map((push) => push.payload.body)).toEqual(['Una vez']);
  });
});

describe('scheduled notices', () => {
  it('tells a course’s trainees of tomorrow’s class once, in the evening, and not of a cancelled one', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso sabatino' });
    const trainee = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, trainee.id, course.id);
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    const me = (await call(t.app, { url: '/api/auth/session', cookie: admin })).json().user;
    const actor = { id: me.id, name: me.name };
    const saturday = await createLesson(
      t.ctx.db,
      course.id,
      { date: '2027-03-06', time: '09:00', durationMinutes: 180, place: 'Club Ferro', topic: 'Ley 8' },
      actor,
      new Date(),
    );
    const other = await createLesson(
      t.ctx.db,
      course.id,
      { date: '2027-03-06', time: '15:00', durationMinutes: 60, place: '', topic: '' },
      actor,
      new Date(),
    );
    await t.ctx.db.update(lesson).set({ cancelledAt: new Date() }).where(eq(lesson.id, other.id));

    t.ctx.clock.now = () => instantOf('2027-03-05', '12:00');
    expect(await sendLessonReminders(t.ctx)).toBe(0);
    t.ctx.clock.now = () => instantOf('2027-03-05', '18:30');
    expect(await sendLessonReminders(t.ctx)).toBe(1);
    expect(await sendLessonReminders(t.ctx)).toBe(0);
    await vi.waitFor(() => expect(receivedAt(phone)).toHaveLength(1));
    expect(receivedAt(phone)[0]!.payload).toEqual({
      title: 'Curso sabatino',
      body: 'Mañana a las 09:00, clase presencial en Club Ferro: Ley 8',
      url: `/${course.id}`,
      tag: `clase:${saturday.id}`,
    });
    expect(await t.ctx.db.select().from(noticeSent).where(eq(noticeSent.userId, trainee.id))).toHaveLength(1);
  });

  it('tells the trainees who have the module that an exam opened, once; at night it waits until 9:00', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso con examen' });
    const module = await buildModule(t.ctx, course.id, { name: 'Módulo 5' });
    const trainee = await signedIn(t.app, t.ctx, 'student');
    const without = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, trainee.id, course.id);
    await enableModule(t.ctx, trainee.id, module.id);
    await enableCourse(t.ctx, without.id, course.id);
    const phone = service.subscription();
    const otherPhone = service.subscription();
    await subscribe(trainee.cookie, phone);
    await subscribe(without.cookie, otherPhone);
    const examId = crypto.randomUUID();
    await t.ctx.db.insert(exam).values({
      id: examId,
      courseId: course.id,
      moduleId: module.id,
      title: 'Reglamento final',
      questionCount: 10,
      timeMinutes: 30,
      passPercent: 80,
      attempts: 2,
      resultsRelease: 'al-entregar',
      opensAt: instantOf('2027-04-10', '20:00'),
      closesAt: instantOf('2027-04-12', '20:00'),
    });
    t.ctx.clock.now = () => instantOf('2027-04-10', '19:59');
    expect(await sendExamNotices(t.ctx)).toBe(0);
    t.ctx.clock.now = () => instantOf('2027-04-10', '20:01');
    expect(await sendExamNotices(t.ctx)).toBe(1);
    expect(await sendExamNotices(t.ctx)).toBe(0);
    await vi.waitFor(() => expect(receivedAt(phone)).toHaveLength(1));
    expect(receivedAt(phone)[0]!.payload).toMatchObject({
      body: 'Ya podés rendir «Reglamento final», hasta el lunes, 12 de abril de 2027 a las 20:00',
      url: `/${course.id}/${module.id}/examen/${examId}`,
    });
    expect(receivedAt(otherPhone)).toEqual([]);
  });

  it('sends an instalment due as the trainee chose: as a notice only, never at night, and the email not at all', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso con cuotas' });
    const trainee = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, trainee.id, course.id);
    const optionId = crypto.randomUUID();
    await t.ctx.db.insert(paymentOption).values({
      id: optionId,
      courseId: course.id,
      label: 'Una cuota',
      position: 0,
      instalments: [{ amount: 3000, dueDate: '2027-06-10' }],
    });
    await t.ctx.db.insert(traineePlan).values({ courseId: course.id, userId: trainee.id, optionId });
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    await call(t.app, {
      method: 'PUT',
      url: '/api/me/notice-preferences',
      cookie: trainee.cookie,
      body: { instalmentDue: { push: true, email: 'never' } },
    });
    const before = t.mails.length;
    // Three days before, at 2 in the morning: claimed now, delivered from 9:00.
    t.ctx.clock.now = () => instantOf('2027-06-07', '02:00');
    expect(await sendPaymentReminders(t.ctx)).toBe(1);
    const [queued] = await t.ctx.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.tag, `cuota:${course.id}:2027-06-10`));
    expect(queued!.nextAttemptAt.toISOString()).toBe(instantOf('2027-06-07', '09:00').toISOString());
    await t.ctx.db.update(pushOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await t.ctx.push.deliverDue()).toBe(1);
    expect(receivedAt(phone)[0]!.payload).toEqual({
      title: 'Curso con cuotas',
      body: `Tu cuota de ${pesos(3000)} vence el jueves, 10 de junio de 2027`,
      url: '/mi-cuenta',
      tag: `cuota:${course.id}:2027-06-10`,
    });
    expect(t.mails.slice(before).filter((mail) => mail.to === trainee.email)).toEqual([]);
  });

  it('emails tomorrow’s class to a trainee who chose email and no notice', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso por email' });
    const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Eva Email' });
    await enableCourse(t.ctx, trainee.id, course.id);
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    await call(t.app, {
      method: 'PUT',
      url: '/api/me/notice-preferences',
      cookie: trainee.cookie,
      body: { lessonTomorrow: { push: false, email: 'immediate' } },
    });
    const me = (await call(t.app, { url: '/api/auth/session', cookie: admin })).json().user;
    await createLesson(
      t.ctx.db,
      course.id,
      { date: '2027-07-03', time: '10:00', durationMinutes: 120, place: 'Polideportivo', topic: '' },
      { id: me.id, name: me.name },
      new Date(),
    );
    const before = t.mails.length;
    t.ctx.clock.now = () => instantOf('2027-07-02', '19:00');
    expect(await sendLessonReminders(t.ctx)).toBe(1);
    const mails = t.mails.slice(before).filter((mail) => mail.to === trainee.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Mañana a las 10:00: clase presencial de "Curso por email"']);
    expect(mails[0]!.text).toContain('Dónde: Polideportivo');
    await t.ctx.push.deliverDue();
    expect(receivedAt(phone)).toEqual([]);
  });

  it('tells the trainees at once that a class of the coming days was cancelled, once', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso que cancela' });
    const trainee = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, trainee.id, course.id);
    const phone = service.subscription();
    await subscribe(trainee.cookie, phone);
    const day = addDays(dayOf(new Date()), 3);
    const created = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/lessons`,
      cookie: admin,
      body: { date: day, time: '09:00', durationMinutes: 120 },
    });
    const lessonId = created.json().lesson.id as string;
    const cancel = () =>
      call(t.app, { method: 'PUT', url: `/api/lessons/${lessonId}/cancelled`, cookie: admin, body: { cancelled: true } });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);
    await vi.waitFor(() => expect(receivedAt(phone)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receivedAt(phone).map((push) => push.payload)).toEqual([
      {
        title: 'Curso que cancela',
        body: `Se canceló la clase presencial del ${dayLongText(day)} a las 09:00`,
        url: `/${course.id}`,
        tag: `clase:${lessonId}`,
      },
    ]);
  });

  it('forgets the claims of notices sent more than 180 days ago, in the scheduled cleanup', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    await t.ctx.db.insert(noticeSent).values([
      { userId: trainee.id, key: 'clase:vieja:1', sentAt: new Date(Date.now() - 181 * 24 * 3600 * 1000) },
      { userId: trainee.id, key: 'clase:reciente:1', sentAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) },
    ]);
    await cleanUp(t.ctx.database, t.ctx.storage);
    expect((await t.ctx.db.select().from(noticeSent).where(eq(noticeSent.userId, trainee.id))).map((row) => row.key)).toEqual([
      'clase:reciente:1',
    ]);
  });

  it('keeps scheduled notices from waking anyone: between 21:00 and 9:00 they wait for 9:00', () => {
    expect(wakingHour(instantOf('2027-04-10', '20:59'))).toBeUndefined();
    expect(wakingHour(instantOf('2027-04-10', '23:10'))).toEqual(instantOf('2027-04-11', '09:00'));
    expect(wakingHour(instantOf('2027-04-11', '06:00'))).toEqual(instantOf('2027-04-11', '09:00'));
  });
});

// Submissions and forum questions reach the course's correctors — its team's instructors and
// assistants — at the test SMTP server; not its observer or treasurer, not another course's
// team, not the administrators (who hear about a course only while it has no correctors). Each
// can turn them off in 'Mi cuenta'; the daily summary holds only what arrived in their courses.
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { courseStaff, emailPreference } from '../../src/server/db/schema.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.ts';
import { sendDailySummaries } from '../../src/server/notifications/notify.ts';
import type { StaffRole } from '../../src/shared/course-roles.ts';
import { activityOf, buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { startTestSmtp } from './helpers/mail.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const mailer: Mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Aula Virtual <aula@example.com>',
    dataDir: '/nonexistent',
    logger: pino({ level: 'silent' }),
  });
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function staffOf(courseId: string, role: StaffRole, name: string) {
  const person = await signedIn(t.app, t.ctx, 'student', { name });
  await t.ctx.db.insert(courseStaff).values({ courseId, userId: person.id, role });
  return person;
}

const receivedBy = (after: number) => smtp.received.slice(after).map((mail) => mail.to);

it("emails a submission and a question to the course's instructors and assistants only", async () => {
  const course = await buildCourse(t.ctx);
  const other = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id, { name: 'Reglas' });
  const instructor = await staffOf(course.id, 'instructor', 'Inés Instructora');
  const assistant = await staffOf(course.id, 'ayudante', 'Ariel Ayudante');
  const observer = await staffOf(course.id, 'observador', 'Olga Observadora');
  const treasurer = await staffOf(course.id, 'tesoreria', 'Tito Tesorero');
  const elsewhere = await staffOf(other.id, 'instructor', 'Otro Instructor');
  const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Tamara Alumna' });
  await enableModule(t.ctx, trainee.id, module.id);
  // The assistant turned questions off in 'Mi cuenta'.
  const off = await call(t.app, {
    method: 'PUT',
    url: '/api/me/email-preferences',
    cookie: assistant.cookie,
    body: { questions: 'never' },
  });
  expect(off.statusCode, off.body).toBe(200);

  const before = smtp.received.length;
  const { items } = await activityOf(t.ctx, trainee.id, module.id);
  const submitted = await call(t.app, {
    method: 'POST',
    url: `/api/modules/${module.id}/activity/submit`,
    cookie: trainee.cookie,
    body: { answers: items.map((item) => ({ itemId: item.id, answer: 'Siete' })) },
  });
  expect(submitted.statusCode).toBe(200);
  await vi.waitFor(() => expect(receivedBy(before).sort()).toEqual([assistant.email, instructor.email].sort()), { timeout: 5_000 });
  expect(smtp.received.at(-1)!.subject).toBe('Tamara Alumna envió sus respuestas de "Reglas"');

  const asked = smtp.received.length;
  const posted = await call(t.app, {
    method: 'POST',
    url: `/api/modules/${module.id}/messages`,
    cookie: trainee.cookie,
    body: { body: '¿Cuándo corrigen?' },
  });
  expect(posted.statusCode).toBe(201);
  await vi.waitFor(() => expect(receivedBy(asked)).toEqual([instructor.email]), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const everyone = receivedBy(before);
  for (const outsider of [observer.email, treasurer.email, elsewhere.email, ADMIN_EMAIL]) expect(everyone).not.toContain(outsider);
});

it('emails the administrators about a course without correctors, and sums up only their courses each day', async () => {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id, { name: 'Sanciones' });
  const staffed = await buildCourse(t.ctx);
  const staffedModule = await buildModule(t.ctx, staffed.id, { name: 'Ventaja' });
  const instructor = await staffOf(staffed.id, 'instructor', 'Irene Diaria');
  await t.ctx.db
    .insert(emailPreference)
    .values({ userId: instructor.id, submissions: 'daily', questions: 'daily', digestCoveredUntil: new Date(Date.now() - 2 * 86_400_000) })
    .onConflictDoUpdate({
      target: emailPreference.userId,
      set: { submissions: 'daily', questions: 'daily', digestCoveredUntil: new Date(Date.now() - 2 * 86_400_000) },
    });
  const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Sofía Alumna' });
  await enableModule(t.ctx, trainee.id, module.id);
  await enableModule(t.ctx, trainee.id, staffedModule.id);

  const before = smtp.received.length;
  await call(t.app, { method: 'POST', url: `/api/modules/${module.id}/messages`, cookie: trainee.cookie, body: { body: '¿Hay clase?' } });
  await call(t.app, {
    method: 'POST',
    url: `/api/modules/${staffedModule.id}/messages`,
    cookie: trainee.cookie,
    body: { body: '¿Y la ventaja?' },
  });
  await vi.waitFor(() => expect(receivedBy(before)).toEqual([ADMIN_EMAIL]), { timeout: 5_000 });

  const summaries = smtp.received.length;
  await sendDailySummaries(t.ctx);
  const mine = smtp.received.slice(summaries).filter((mail) => mail.to === instructor.email);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.text).toContain('Ventaja');
  expect(mine[0]!.text).not.toContain('Sanciones');
});

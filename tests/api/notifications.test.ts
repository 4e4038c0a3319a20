// Emails that bring people back: forum answers to students (grouped, one per module every 10
// minutes), submissions and questions to admins (at once, daily, never), and 'Mi cuenta'.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailPreference, forumReplyNotice } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { sendDailySummaries, sendDueForumReplies } from '../../src/server/notifications/notify.ts';
import { activityOf, buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = (await call(t.app, { url: '/api/auth/session', cookie: admin })).json().user.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Every test starts with the admin's defaults (every email at once).
  await t.ctx.db.delete(emailPreference).where(eq(emailPreference.userId, adminId));
});

const post = (moduleId: string, cookie: string, body: string) =>
  call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/messages`, cookie, body: { body } });
const mailsTo = (email: string, after: number) => t.mails.slice(after).filter((mail) => mail.to === email);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const setPreferences = (cookie: string, body: object) => call(t.app, { method: 'PUT', url: '/api/me/email-preferences', cookie, body });

async function classWithForum() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id, { name: 'Módulo del pasivo' });
  const asker = await signedIn(t.app, t.ctx, 'student', { name: 'Pregunta Dora' });
  const quiet = await signedIn(t.app, t.ctx, 'student', { name: 'Calla Da' });
  await enableModule(t.ctx, asker.id, module.id);
  await enableModule(t.ctx, quiet.id, module.id);
  return { course, module, asker, quiet };
}

function expectSpanishWithPreferencesLink(mail: MailMessage, preferencesPath: string) {
  expect(mail.text).toContain(`http://localhost:3000${preferencesPath}`);
  expect(mail.html).toContain(`href="http://localhost:3000${preferencesPath}"`);
  expect(mail.text).toContain('Mi cuenta');
}

describe('forum answers to students', () => {
  it('emails the student who wrote in the forum when an admin answers, with the forum link and the preferences link', async () => {
    const { course, module, asker, quiet } = await classWithForum();
    // An earlier answer in the forum is not news: the email carries only the one to her question.
    expect((await post(module.id, admin, 'Bienvenidos: pregunten lo que no quede claro.')).statusCode).toBe(201);
    expect((await post(module.id, asker.cookie, '¿El pasivo se avisa antes?')).statusCode).toBe(201);
    const before = t.mails.length;
    expect((await post(module.id, admin, 'Sí, con el brazo levantado.')).statusCode).toBe(201);

    const [mail] = await vi.waitFor(() => {
      const found = mailsTo(asker.email, before);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail!.subject).toBe('Te respondieron en el foro de "Módulo del pasivo"');
    expect(mail!.text).toContain('Hola Pregunta Dora');
    expect(mail!.text).toContain('Administrador: Sí, con el brazo levantado.');
    expect(mail!.text).not.toContain('Bienvenidos');
    expect(mail!.text).toContain(`http://localhost:3000/${course.id}/${module.id}/preguntas`);
    expectSpanishWithPreferencesLink(mail!, '/mi-cuenta');
    // A student who never wrote there is not emailed.
    await settle();
    expect(mailsTo(quiet.email, before)).toEqual([]);
  });

  it('sends at most one email per module every 10 minutes, grouping the answers that came meanwhile', async () => {
    const { module, asker } = await classWithForum();
    await post(module.id, asker.cookie, 'Primera duda');
    const before = t.mails.length;
    await post(module.id, admin, 'Respuesta uno');
    await vi.waitFor(() => expect(mailsTo(asker.email, before)).toHaveLength(1));
    await post(module.id, admin, 'Respuesta dos');
    await post(module.id, admin, 'Respuesta tres');
    await settle();
    expect(mailsTo(asker.email, before)).toHaveLength(1);

    // Not due yet: nothing goes out.
    expect(await sendDueForumReplies(t.ctx)).toBe(0);
    // Ten minutes later (the last send moved back in time), the worker sends one email with both answers.
    await t.ctx.db
      .update(forumReplyNotice)
      .set({ lastSentAt: sql`${forumReplyNotice.lastSentAt} - interval '11 minutes'` })
      .where(and(eq(forumReplyNotice.userId, asker.id), eq(forumReplyNotice.moduleId, module.id)));
    await t.ctx.db.execute(
      sql`update forum_message set created_at = created_at - interval '11 minutes' where module_id = ${module.id} and body = 'Respuesta uno'`,
    );
    expect(await sendDueForumReplies(t.ctx)).toBeGreaterThanOrEqual(1);
    const sent = mailsTo(asker.email, before);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe('2 respuestas nuevas en el foro de "Módulo del pasivo"');
    expect(sent[1]!.text).toContain('Respuesta dos');
    expect(sent[1]!.text).toContain('Respuesta tres');
    expect(sent[1]!.text).not.toContain('Respuesta uno');
    // Sent once: running again sends nothing.
    expect(await sendDueForumReplies(t.ctx)).toBe(0);
    expect(mailsTo(asker.email, before)).toHaveLength(2);
  });

  it('sends nothing to a student who chose not to receive forum emails', async () => {
    const { module, asker } = await classWithForum();
    const saved = await setPreferences(asker.cookie, { forumReplies: 'never' });
    expect(saved.statusCode).toBe(200);
    await post(module.id, asker.cookie, 'Otra duda');
    const before = t.mails.length;
    await post(module.id, admin, 'Respuesta');
    await settle();
    expect(mailsTo(asker.email, before)).toEqual([]);
  });
});

describe('admin notices', () => {
  it('emails the admin at once when answers are submitted and when a student asks, with the preferences link', async () => {
    const { module, asker } = await classWithForum();
    const before = t.mails.length;
    const { items } = await activityOf(t.ctx, asker.id, module.id);
    const submitted = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: asker.cookie,
      body: { answers: items.map((item) => ({ itemId: item.id, answer: 'Siete' })) },
    });
    expect(submitted.statusCode).toBe(200);
    const [submission] = await vi.waitFor(() => {
      const found = mailsTo(ADMIN_EMAIL, before);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(submission!.subject).toBe('Pregunta Dora envió sus respuestas de "Módulo del pasivo"');
    expect(submission!.text).toContain(`/admin/users-activities/${asker.id}/cursos/`);
    expectSpanishWithPreferencesLink(submission!, '/admin/mi-cuenta');

    await post(module.id, asker.cookie, '¿Cuándo se corrige?');
    const question = await vi.waitFor(() => {
      const found = mailsTo(ADMIN_EMAIL, before);
      expect(found).toHaveLength(2);
      return found[1]!;
    });
    expect(question.subject).toBe('Nueva pregunta de Pregunta Dora en "Módulo del pasivo"');
    expect(question.text).toContain('¿Cuándo se corrige?');
    expectSpanishWithPreferencesLink(question, '/admin/mi-cuenta');
  });

  it('with "never" the admin gets nothing; with "daily" one summary a day of what arrived', async () => {
    const { module, asker } = await classWithForum();
    expect((await setPreferences(admin, { submissions: 'never', questions: 'daily' })).json()).toEqual({
      preferences: { submissions: 'never', questions: 'daily', forumReplies: 'immediate', licenceReminders: true },
    });
    const before = t.mails.length;
    await post(module.id, asker.cookie, 'Pregunta para el resumen');
    const { items } = await activityOf(t.ctx, asker.id, module.id);
    await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: asker.cookie,
      body: { answers: items.map((item) => ({ itemId: item.id, answer: 'Siete' })) },
    });
    await settle();
    expect(mailsTo(ADMIN_EMAIL, before)).toEqual([]);

    // Less than a day since choosing it: no summary yet.
    expect(await sendDailySummaries(t.ctx)).toBe(0);
    // A day later: one summary with the question (submissions are 'never'). Moving the period's
    // start back a day also brings in the earlier tests' forum messages.
    await t.ctx.db
      .update(emailPreference)
      .set({ digestCoveredUntil: sql`${emailPreference.digestCoveredUntil} - interval '25 hours'` })
      .where(eq(emailPreference.userId, adminId));
    expect(await sendDailySummaries(t.ctx)).toBe(1);
    const [summary] = mailsTo(ADMIN_EMAIL, before);
    expect(summary!.subject).toMatch(/^Resumen del día en Aula Virtual: 0 para corregir, \d+ preguntas?$/);
    expect(summary!.text).toContain('Pregunta Dora · Módulo del pasivo');
    expect(summary!.text).not.toContain('Respuestas enviadas para corregir');
    expectSpanishWithPreferencesLink(summary!, '/admin/mi-cuenta');
    expect(await sendDailySummaries(t.ctx)).toBe(0);
  });
});

describe('Mi cuenta: email preferences', () => {
  it('starts with every email at once and keeps each user’s own choice', async () => {
    const student = await signedIn(t.app, t.ctx, 'student');
    const initial = await call(t.app, { url: '/api/me/email-preferences', cookie: student.cookie });
    expect(initial.json()).toEqual({
      preferences: { submissions: 'immediate', questions: 'immediate', forumReplies: 'immediate', licenceReminders: true },
    });
    await setPreferences(student.cookie, { forumReplies: 'never' });
    expect((await call(t.app, { url: '/api/me/email-preferences', cookie: student.cookie })).json().preferences.forumReplies).toBe('never');
    // Another user's choices are untouched.
    expect((await call(t.app, { url: '/api/me/email-preferences', cookie: admin })).json().preferences.forumReplies).toBe('immediate');
  });

  it('refuses an unknown choice with a Spanish 400 and changes nothing', async () => {
    const student = await signedIn(t.app, t.ctx, 'student');
    const response = await setPreferences(student.cookie, { forumReplies: 'siempre' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.json().error.message).toMatch(/[áéíóúñ]|válid|Opción|opción/i);
    expect((await call(t.app, { url: '/api/me/email-preferences', cookie: student.cookie })).json().preferences.forumReplies).toBe(
      'immediate',
    );
    expect((await call(t.app, { url: '/api/me/email-preferences' })).statusCode).toBe(401);
  });
});

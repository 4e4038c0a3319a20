// Renewal reminders: the holder of a licence gets an email at the test SMTP server 60, 30 and 7
// days before it expires, each once, on the days of a clock the test controls; never for a revoked,
// expired or renewed licence, nor when they turned the reminders off in 'Mi cuenta'. Each one is
// claimed and queued in one transaction: two instances running at once send it once, and an SMTP
// server that is down delays it without losing it.
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificateReminder, emailOutbox } from '../../src/server/db/schema.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.ts';
import { sendCertificateReminders } from '../../src/server/renewal/reminders.ts';
import { buildCourse, signedIn } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { defaultLicence, issueLicenceOn, requireFitness, revokeLicence } from './helpers/licences.ts';
import { startTestSmtp, type ReceivedMail } from './helpers/mail.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, PUBLIC_URL, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** While true the mail server refuses every message (as one that is down). */
let smtpDown = false;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const overSmtp = createMailer({
    smtpUrl: smtp.url,
    from: 'Aula Virtual <aula@example.com>',
    dataDir: '/nonexistent',
    logger: pino({ level: 'silent' }),
  });
  const transport: Mailer = {
    send: (message) => (smtpDown ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) : overSmtp.send(message)),
  };
  t = await createTestApp({ mailer: transport });
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtpDown = false;
});

/** Noon in Buenos Aires on `day`, or any instant: the app's clock. */
const setNow = (now: Date) => {
  t.ctx.clock.now = () => now;
};
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`);

/** A student holding a licence of a course, issued through the API on `issuedOn` (12 months: in force until 2027-01-10, a Sunday, by default). */
async function holder(options: { issuedOn?: string; level?: string } = {}) {
  const course = await buildCourse(t.ctx, { name: 'Curso de árbitros 2026' });
  await requireFitness(t, admin, course.id, { ...defaultLicence, level: options.level ?? defaultLicence.level });
  const student = await signedIn(t.app, t.ctx, 'student', { name: 'Ana Árbitro' });
  const licence = await issueLicenceOn(t, admin, { courseId: course.id, userId: student.id, day: options.issuedOn ?? '2026-01-10' });
  return { course, student, licence };
}

/** Runs the reminders as the worker does on `day` (or at `now`), and answers what reached the SMTP server for `email` ('@': for anyone). */
async function remindersOn(email: string, day: string, now = noonOf(day)): Promise<ReceivedMail[]> {
  setNow(now);
  const before = smtp.received.length;
  await sendCertificateReminders(t.ctx);
  return smtp.received.slice(before).filter((mail) => mail.to.includes(email));
}

describe('renewal reminders', () => {
  it('go 60, 30 and 7 days before expiry, once each, with the licence, the course, how to renew and how to stop them', async () => {
    const { student, licence } = await holder();
    // 61 days before: nothing. Late on the 61st day in Buenos Aires is already the next day in UTC: still nothing.
    expect(await remindersOn(student.email, '2026-11-10')).toEqual([]);
    expect(await remindersOn(student.email, '2026-11-10', new Date('2026-11-11T01:30:00Z'))).toEqual([]);

    const sixty = await remindersOn(student.email, '2026-11-11');
    expect(sixty).toHaveLength(1);
    expect(sixty[0]!.subject).toBe('Tu licencia de Árbitro Provincial vence el domingo, 10 de enero de 2027');
    const text = sixty[0]!.text;
    expect(text).toContain('Hola Ana Árbitro:');
    expect(text).toContain('del curso "Curso de árbitros 2026", vence el domingo, 10 de enero de 2027 (faltan 60 días)');
    expect(text).toContain('Consultá a tu instructor por el curso de actualización');
    expect(text).toContain(`${PUBLIC_URL}/verificar/${licence.code}`);
    expect(text).toContain('Si no querés recibir estos avisos, desactivá «Avisos de vencimiento de mi licencia» en Mi cuenta');
    expect(text).toContain(`${PUBLIC_URL}/mi-cuenta`);

    // Again the same day, and the days after: nothing more.
    expect(await remindersOn(student.email, '2026-11-11')).toEqual([]);
    expect(await remindersOn(student.email, '2026-11-12')).toEqual([]);
    expect(await remindersOn(student.email, '2026-12-10')).toEqual([]);

    const thirty = await remindersOn(student.email, '2026-12-11');
    expect(thirty.map((mail) => mail.subject)).toEqual(['Tu licencia de Árbitro Provincial vence el domingo, 10 de enero de 2027']);
    expect(thirty[0]!.text).toContain('(faltan 30 días)');
    expect(await remindersOn(student.email, '2026-12-11')).toEqual([]);

    const seven = await remindersOn(student.email, '2027-01-03');
    expect(seven).toHaveLength(1);
    expect(seven[0]!.text).toContain('(faltan 7 días)');
    for (const day of ['2027-01-03', '2027-01-04', '2027-01-10', '2027-01-11'])
      expect(await remindersOn(student.email, day), day).toEqual([]);

    const claimed = await t.ctx.db.select().from(certificateReminder).where(eq(certificateReminder.certificateId, licence.id));
    expect(claimed.map((row) => row.daysBefore).sort((a, b) => a - b)).toEqual([7, 30, 60]);
  });

  it('make up a missed day with the latest reminder only, never three at once', async () => {
    const { student } = await holder();
    // The server was down from 60 days before until 25 days before: only the 30-day one goes.
    const late = await remindersOn(student.email, '2026-12-16');
    expect(late).toHaveLength(1);
    expect(late[0]!.text).toContain('(faltan 25 días)');
    expect(await remindersOn(student.email, '2026-12-17')).toEqual([]);
    // Down again through the 7-day mark: on its last day, the 7-day one.
    const lastDay = await remindersOn(student.email, '2027-01-10');
    expect(lastDay).toHaveLength(1);
    expect(lastDay[0]!.text).toContain('(vence hoy)');
  });

  it('are not sent for a revoked licence, an expired one, or one already renewed', async () => {
    const revoked = await holder();
    await revokeLicence(t, admin, revoked.licence.id);
    const expired = await holder({ issuedOn: '2025-11-01' });
    expect(expired.licence.expiresOn).toBe('2026-11-01');
    // Renewed in the renewal course of its course, whose licence got another level.
    const renewed = await holder();
    setNow(noonOf('2026-11-01'));
    const created = await call(t.app, { method: 'POST', url: `/api/courses/${renewed.course.id}/renewal`, cookie: admin, body: {} });
    expect(created.statusCode, created.body).toBe(201);
    const renewal = created.json().course.id as string;
    await requireFitness(t, admin, renewal, { ...defaultLicence, level: 'Árbitro Provincial (actualizado)' });
    await issueLicenceOn(t, admin, { courseId: renewal, userId: renewed.student.id, day: '2026-11-20' });
    // A later licence of the same level, from another course.
    const sameLevel = await holder();
    const other = await buildCourse(t.ctx);
    await requireFitness(t, admin, other.id);
    await issueLicenceOn(t, admin, { courseId: other.id, userId: sameLevel.student.id, day: '2026-10-01' });

    const emails = [revoked, expired, renewed, sameLevel].map((who) => who.student.email);
    for (const day of ['2026-11-02', '2026-11-11', '2026-12-11', '2027-01-03']) {
      // One run a day, and what reached any of them.
      const mails = await remindersOn('@', day);
      expect(
        mails.filter((mail) => emails.some((email) => mail.to.includes(email))),
        day,
      ).toEqual([]);
    }
  });

  it('are not sent to a holder who turned them off in Mi cuenta', async () => {
    const { student } = await holder();
    const before = await call(t.app, { url: '/api/me/email-preferences', cookie: student.cookie });
    expect(before.json().preferences.licenceReminders).toBe(true);
    const off = await call(t.app, {
      method: 'PUT',
      url: '/api/me/email-preferences',
      cookie: student.cookie,
      body: { licenceReminders: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().preferences).toMatchObject({ licenceReminders: false, forumReplies: 'immediate' });
    for (const day of ['2026-11-11', '2026-12-11', '2027-01-03']) expect(await remindersOn(student.email, day), day).toEqual([]);
    // Turned on again: the next one due goes.
    await call(t.app, { method: 'PUT', url: '/api/me/email-preferences', cookie: student.cookie, body: { licenceReminders: true } });
    expect(await remindersOn(student.email, '2027-01-04')).toHaveLength(1);
  });

  it('refuses a preference that is not on or off with a Spanish 400', async () => {
    const { student } = await holder();
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/me/email-preferences',
      cookie: student.cookie,
      body: { licenceReminders: 'a veces' },
    });
    expect(response.statusCode).toBe(400);
    expect((await call(t.app, { url: '/api/me/email-preferences', cookie: student.cookie })).json().preferences.licenceReminders).toBe(
      true,
    );
  });

  it('go once when two instances run at the same moment', async () => {
    const { student } = await holder();
    setNow(noonOf('2026-11-11'));
    const before = smtp.received.length;
    const queued = await Promise.all([sendCertificateReminders(t.ctx), sendCertificateReminders(t.ctx), sendCertificateReminders(t.ctx)]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(smtp.received.slice(before).filter((mail) => mail.to.includes(student.email))).toHaveLength(1);
  });

  it('wait in the email queue while the mail server is down, and go once when it is back', async () => {
    const { student, licence } = await holder();
    smtpDown = true;
    expect(await remindersOn(student.email, '2026-11-11')).toEqual([]);
    const [waiting] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, student.email));
    expect(waiting).toMatchObject({ subject: 'Tu licencia de Árbitro Provincial vence el domingo, 10 de enero de 2027', attempts: 1 });
    expect(await t.ctx.db.select().from(certificateReminder).where(eq(certificateReminder.certificateId, licence.id))).toHaveLength(1);
    // Another run the same day does not queue it again.
    expect(await remindersOn(student.email, '2026-11-11')).toEqual([]);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, student.email))).toHaveLength(1);

    smtpDown = false;
    await t.ctx.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, waiting!.id));
    const before = smtp.received.length;
    await t.ctx.mailQueue.deliverDue();
    expect(smtp.received.slice(before).filter((mail) => mail.to.includes(student.email))).toHaveLength(1);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, student.email))).toEqual([]);
  });
});

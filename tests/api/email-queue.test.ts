// No email is lost while the mail server is down: it waits in email_outbox and is retried.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { retryDelayMs } from '../../src/server/mail/queue.ts';
import { createUser } from './helpers/builders.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let smtpDown = true;
const delivered: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      async send(message) {
        if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        delivered.push(message);
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('email queue', () => {
  it('keeps an invitation the SMTP server refused and delivers it once the server is back, with growing waits', async () => {
    const admin = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'admin@example.com', password: 'admin-secreto' },
    });
    const cookie = String(admin.headers['set-cookie']).split(';')[0]!;
    const email = `cola-${process.pid}@example.com`;
    // The user is created although the email could not go out.
    const created = await call(t.app, { method: 'POST', url: '/api/users', cookie, body: { name: 'En Cola', email } });
    expect(created.statusCode, created.body).toBe(201);
    const [queued] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(queued).toMatchObject({ attempts: 1, subject: 'Te invitaron a Aula Virtual: creá tu contraseña' });
    expect(queued!.lastError).toContain('ECONNREFUSED');
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    // Not due yet: nothing is tried.
    expect(await t.ctx.mailQueue.deliverDue()).toBe(0);
    // Due, still down: the next wait doubles.
    await t.ctx.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, queued!.id));
    expect(await t.ctx.mailQueue.deliverDue()).toBe(0);
    const [retried] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued!.id));
    expect(retried!.attempts).toBe(2);
    expect(retried!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(2) - 5_000);

    // The server is back: delivered once, and gone from the queue.
    smtpDown = false;
    await t.ctx.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, queued!.id));
    expect(await t.ctx.mailQueue.deliverDue()).toBe(1);
    expect(delivered.filter((m) => m.to === email)).toHaveLength(1);
    expect(delivered.at(-1)!.text).toMatch(/\/crear-contrasena\?token=/);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toEqual([]);
    expect(await t.ctx.mailQueue.deliverDue()).toBe(0);
  });

  it('answers password recovery as usual while SMTP is down, and queues the email', async () => {
    smtpDown = true;
    const student = await createUser(t.ctx);
    const response = await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: student.email } });
    expect(response.statusCode).toBe(200);
    await expect.poll(async () => (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, student.email))).length).toBe(1);
    smtpDown = false;
  });

  it('waits 1, 2, 4… minutes between attempts, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});

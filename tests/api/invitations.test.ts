import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invitation, user as userTable } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, enableModule } from './helpers/content.ts';
import { call, cookieHeader, login, postLogin } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';

let t: TestApp;
let admin: string;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const uniqueEmail = () => `invitada-${++counter}-${process.pid}@example.com`;

/** The token of the /crear-contrasena link an invitation email carries. */
function invitationToken(mail: MailMessage): string {
  const match = /\/crear-contrasena\?token=([^\s"&<]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`el email a ${mail.to} no tiene un enlace de invitación`);
  return decodeURIComponent(match[1]);
}

async function waitForMailTo(email: string, after = 0): Promise<MailMessage> {
  return vi.waitFor(() => {
    const found = t.mails.slice(after).find((mail) => mail.to === email);
    if (!found) throw new Error(`no llegó el email a ${email}`);
    return found;
  });
}

async function invite(email = uniqueEmail(), name = 'Julieta Romero') {
  const sentBefore = t.mails.length;
  const response = await call(t.app, { method: 'POST', url: '/api/users', cookie: admin, body: { name, email, role: 'student' } });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await waitForMailTo(email, sentBefore);
  return { id: (response.json() as { user: { id: string } }).user.id, email, name, mail, token: invitationToken(mail) };
}

const accept = (token: string, password = 'mi-clave-nueva') =>
  call(t.app, { method: 'POST', url: '/api/auth/accept-invitation', body: { token, password } });

describe('invitations', () => {
  it('creates the user without a password and emails a single-use link in Spanish, text and HTML', async () => {
    const invited = await invite();
    expect(invited.mail.subject).toBe('Te invitaron a Aula Virtual: creá tu contraseña');
    expect(invited.mail.text).toContain('Hola Julieta Romero');
    expect(invited.mail.text).toMatch(/^http:\/\/localhost:3000\/crear-contrasena\?token=\S+$/m);
    expect(invited.mail.html).toContain('href="http://localhost:3000/crear-contrasena?token=');
    expect(invited.mail.text).toContain('vence en 7 días');

    // No password works before the invitation is accepted.
    expect((await postLogin(t.app, invited.email, '')).statusCode).toBe(400);
    expect((await postLogin(t.app, invited.email, 'cualquier-cosa')).statusCode).toBe(401);
    const detail = await call(t.app, { url: `/api/users/${invited.id}`, cookie: admin });
    expect(detail.json()).toMatchObject({ invitationPending: true, user: { email: invited.email, role: 'student' } });

    // Only the hash of the token is stored.
    const rows = await t.ctx.db.select().from(invitation).where(eq(invitation.userId, invited.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(invited.token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
  });

  it('accepting sets the password, signs the user in and lands them on their course; the link works once', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const invited = await invite();
    await enableModule(t.ctx, invited.id, module.id);

    const response = await accept(invited.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user: { id: invited.id, name: invited.name, email: invited.email, role: 'student', staff: false },
      courseId: course.id,
    });
    const cookie = cookieHeader(response);
    const session = await call(t.app, { url: '/api/auth/session', cookie });
    expect(session.json()).toMatchObject({ user: { id: invited.id } });
    expect((await postLogin(t.app, invited.email, 'mi-clave-nueva')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ emailVerified: userTable.emailVerified }).from(userTable).where(eq(userTable.id, invited.id));
    expect(row!.emailVerified).toBe(true);

    const again = await accept(invited.token, 'otra-clave-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'INVALID_TOKEN', message: messages.invitationInvalid } });
    expect((await postLogin(t.app, invited.email, 'otra-clave-1')).statusCode).toBe(401);
    const detail = await call(t.app, { url: `/api/users/${invited.id}`, cookie: admin });
    expect(detail.json()).toMatchObject({ invitationPending: false });
  });

  it('refuses an expired link, an unknown one and a short password, changing nothing', async () => {
    const invited = await invite();
    const short = await accept(invited.token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: 'La contraseña debe tener al menos 6 caracteres' });

    expect((await accept('no-existe')).statusCode).toBe(400);
    expect((await accept('')).json().error.message).toBe(messages.invitationInvalid);

    await t.ctx.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.userId, invited.id));
    const expired = await accept(invited.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(messages.invitationInvalid);
    expect((await call(t.app, { url: `/api/users/${invited.id}`, cookie: admin })).json()).toMatchObject({ invitationPending: true });
  });

  it('resending emails a new link and the previous one stops working; after acceptance it is refused', async () => {
    const invited = await invite();
    const sentBefore = t.mails.length;
    const resent = await call(t.app, { method: 'POST', url: `/api/users/${invited.id}/invitation`, cookie: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ message: messages.invitationResent });
    const newToken = invitationToken(await waitForMailTo(invited.email, sentBefore));
    expect(newToken).not.toBe(invited.token);

    expect((await accept(invited.token)).statusCode).toBe(400);
    const accepted = await accept(newToken);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().courseId).toBeNull();

    const refused = await call(t.app, { method: 'POST', url: `/api/users/${invited.id}/invitation`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.invitationAlreadyAccepted);
  });

  it('an invitation to an email already registered is refused with 409 and sends nothing', async () => {
    const invited = await invite();
    const sentBefore = t.mails.length;
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      body: { name: 'Otra', email: invited.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: messages.emailTaken });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mails.length).toBe(sentBefore);
  });

  it('setting the password by hand still works and sends no invitation', async () => {
    const email = uniqueEmail();
    const sentBefore = t.mails.length;
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      body: { name: 'Con Clave', email, password: 'clave-elegida' },
    });
    expect(response.statusCode).toBe(201);
    expect(t.mails.length).toBe(sentBefore);
    expect((await postLogin(t.app, email, 'clave-elegida')).statusCode).toBe(200);
    const detail = await call(t.app, { url: `/api/users/${(response.json() as { user: { id: string } }).user.id}`, cookie: admin });
    expect(detail.json()).toMatchObject({ invitationPending: false });
  });
});

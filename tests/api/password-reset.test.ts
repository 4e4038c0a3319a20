import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable, verification } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser } from './helpers/builders.ts';
import { call, cookieHeader, login, nextIp, postLogin } from './helpers/http.ts';
import { extractToken } from './helpers/mail.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function session(cookie: string) {
  const response = await call(t.app, { url: '/api/auth/session', cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { user: { id: string } | null };
}

describe('password recovery', () => {
  async function forgot(email: unknown, ip?: string) {
    return call(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email }, ...(ip ? { ip } : {}) });
  }
  async function resetPassword(body: unknown) {
    return call(t.app, { method: 'POST', url: '/api/auth/reset-password', body });
  }
  async function requestToken(email: string) {
    const sentBefore = t.mails.length;
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    expect(t.mails).toHaveLength(sentBefore + 1);
    return extractToken(t.mails.at(-1)!);
  }

  it('emails a registered user one link to /reset-password with a token', async () => {
    const student = await createUser(t.ctx);
    const sentBefore = t.mails.length;
    const response = await forgot(student.email.toUpperCase());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Revisa tu email' });
    const sent = t.mails.slice(sentBefore);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(student.email);
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[^\s]+$/m);
    expect(mail.link).toBe(`http://localhost:3000/reset-password?token=${encodeURIComponent(extractToken(mail))}`);
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=');
  });

  it('answers an unknown well-formed email the same and sends nothing', async () => {
    const sentBefore = t.mails.length;
    const response = await forgot('nadie-registrado@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Revisa tu email' });
    expect(t.mails).toHaveLength(sentBefore);
  });

  it.each([
    ['malformed', 'no-es-un-email'],
    ['empty', ''],
    ['missing', undefined],
    ['of the wrong type', 12],
  ])('answers a %s email with 400 "Email inválido" and sends nothing', async (_case, email) => {
    const sentBefore = t.mails.length;
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      body: email === undefined ? {} : { email },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Email inválido' });
    expect(t.mails).toHaveLength(sentBefore);
  });

  it('sends at most 3 emails to one address per window, answering the same each time', async () => {
    const student = await createUser(t.ctx);
    const sentBefore = t.mails.length;
    for (let i = 0; i < 5; i += 1) {
      const response = await forgot(student.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Revisa tu email' });
    }
    expect(t.mails.slice(sentBefore).filter((m) => m.to === student.email)).toHaveLength(3);
  });

  it('limits recovery requests from one address to 10 per window', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await forgot(`quien-${i}@example.com`, ip)).statusCode).toBe(200);
    const blocked = await forgot('otro@example.com', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests } });
  });

  it('sets a new password with the token: the new one works, the old one no longer does', async () => {
    const student = await createUser(t.ctx);
    const token = await requestToken(student.email);

    const response = await resetPassword({ token, password: 'nueva-clave' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.resetDone });

    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(401);
    expect((await postLogin(t.app, student.email, 'nueva-clave')).statusCode).toBe(200);
  });

  it('refuses to use the same token twice', async () => {
    const student = await createUser(t.ctx);
    const token = await requestToken(student.email);
    expect((await resetPassword({ token, password: 'primera-nueva' })).statusCode).toBe(200);

    const again = await resetPassword({ token, password: 'segunda-nueva' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'INVALID_TOKEN', message: messages.resetLinkInvalid } });
    expect((await postLogin(t.app, student.email, 'primera-nueva')).statusCode).toBe(200);
  });

  it('refuses an expired token and keeps the old password', async () => {
    const student = await createUser(t.ctx);
    const token = await requestToken(student.email);
    await t.ctx.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verification.value, student.id));

    const response = await resetPassword({ token, password: 'nueva-clave' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_TOKEN', message: messages.resetLinkInvalid } });
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await resetPassword({ token: 'inventado', password: 'nueva-clave' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses a 5-character password with the Spanish message and leaves the token usable', async () => {
    const student = await createUser(t.ctx);
    const token = await requestToken(student.email);

    const short = await resetPassword({ token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: {
        code: 'BAD_REQUEST',
        message: 'La contraseña debe tener al menos 6 caracteres',
        fields: { password: 'La contraseña debe tener al menos 6 caracteres' },
      },
    });
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);

    expect((await resetPassword({ token, password: '123456' })).statusCode).toBe(200);
    expect((await postLogin(t.app, student.email, '123456')).statusCode).toBe(200);
  });

  it('refuses a body without a token', async () => {
    const response = await resetPassword({ password: 'nueva-clave' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: messages.resetLinkInvalid });
  });

  it('signs the user out everywhere once the password is reset', async () => {
    const student = await createUser(t.ctx);
    const cookie = await login(t.app, student.email, student.password);
    expect((await session(cookie)).user?.id).toBe(student.id);

    const token = await requestToken(student.email);
    expect((await resetPassword({ token, password: 'nueva-clave' })).statusCode).toBe(200);
    expect(await session(cookie)).toEqual({ user: null, lapsed: true });
  });

  it('leaves the account as it was when nothing valid was sent', async () => {
    const student = await createUser(t.ctx);
    const [before] = await t.ctx.db.select().from(userTable).where(eq(userTable.id, student.id));
    await resetPassword({ token: 'inventado', password: '12' });
    await resetPassword({ token: 'inventado', password: 'larga-suficiente' });
    const [after] = await t.ctx.db.select().from(userTable).where(eq(userTable.id, student.id));
    expect(after).toEqual(before);
    expect(cookieHeader(await postLogin(t.app, student.email, student.password))).toContain('session_token=');
  });
});

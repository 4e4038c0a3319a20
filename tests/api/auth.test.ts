import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit, user as userTable, verification } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser } from './helpers/builders.ts';
import { call, cookieHeader, login, nextIp, postLogin } from './helpers/http.ts';
import { extractToken } from './helpers/mail.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wrongLogin = { error: { code: 'INVALID_CREDENTIALS', message: 'Email o contraseña inválidos' } };

async function session(cookie?: string) {
  const response = await call(t.app, { url: '/api/auth/session', ...(cookie ? { cookie } : {}) });
  expect(response.statusCode).toBe(200);
  return response.json() as { user: { id: string; email: string; role: string } | null };
}

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const value = response.headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : value ? [value as string] : [];
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite=Lax cookie (not Secure over http)', async () => {
    const student = await createUser(t.ctx, { role: 'student' });
    const response = await postLogin(t.app, student.email, student.password);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: student.id, name: student.name, email: student.email, role: 'student' } });
    const cookies = setCookies(response);
    const sessionCookie = cookies.find((c) => c.includes('session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/;\s*Secure/i);
  });

  it('answers the admin with role admin, whatever the case of the email typed', async () => {
    const response = await postLogin(t.app, `  ${ADMIN_EMAIL.toUpperCase()} `, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
  });

  it('answers a wrong password and an unknown email exactly alike', async () => {
    const student = await createUser(t.ctx);
    const wrongPassword = await postLogin(t.app, student.email, 'no-es-esta');
    const unknownEmail = await postLogin(t.app, 'nadie@example.com', 'no-es-esta');

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(wrongLogin);
      expect(setCookies(response)).toEqual([]);
    }
    expect(wrongPassword.body).toBe(unknownEmail.body);
  });

  it.each([
    ['missing email', { password: 'secreto123' }, 'Este campo es obligatorio', 'email'],
    ['missing password', { email: 'alguien@example.com' }, 'Este campo es obligatorio', 'password'],
    ['empty password', { email: 'alguien@example.com', password: '' }, 'Este campo es obligatorio', 'password'],
    ['malformed email', { email: 'no-es-un-email', password: 'secreto123' }, 'Por favor revisar el email', 'email'],
    ['email of the wrong type', { email: 42, password: 'secreto123' }, 'Este campo es obligatorio', 'email'],
    ['password of the wrong type', { email: 'alguien@example.com', password: ['secreto123'] }, 'Este campo es obligatorio', 'password'],
  ])('rejects a body with %s with 400 and the Spanish message', async (_case, body, message, field) => {
    const response = await call(t.app, { method: 'POST', url: '/api/auth/login', body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message, fields: { [field]: message } } });
    expect(setCookies(response)).toEqual([]);
  });

  it.each([
    ['broken JSON', 'application/json', '{"email": "alguien@example.com", ', messages.invalidJson],
    ['an empty JSON body', 'application/json', '', messages.invalidJson],
    ['a JSON array', 'application/json', '[1]', 'Entrada inválida: se esperaba objeto, recibido arreglo'],
    ['JSON null', 'application/json', 'null', 'Entrada inválida: se esperaba objeto, recibido nulo'],
    ['plain text', 'text/plain', 'email=a&password=b', 'Entrada inválida: se esperaba objeto, recibido texto'],
  ])('rejects %s with 400 and a Spanish message', async (_case, contentType, body, message) => {
    const response = await call(t.app, { method: 'POST', url: '/api/auth/login', body, headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(setCookies(response)).toEqual([]);
  });

  it('rejects a form-encoded body with 415', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: `email=${encodeURIComponent(ADMIN_EMAIL)}&password=${ADMIN_PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType } });
  });

  it('answers an overlong password like a wrong one, without checking it', async () => {
    const response = await postLogin(t.app, ADMIN_EMAIL, 'x'.repeat(129));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Email o contraseña inválidos');
  });

  it('changes nothing when the body is malformed: no session, no attempt counted', async () => {
    const student = await createUser(t.ctx);
    const ip = nextIp();
    const before = await t.ctx.db.select().from(rateLimit);
    for (let i = 0; i < 8; i += 1) {
      const response = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: student.email }, ip });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.ctx.db.select().from(rateLimit)).toEqual(before);
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://aula.example.com' } });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://aula.example.com' },
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const sessionCookie = setCookies(response).find((c) => c.includes('session_token='));
      expect(sessionCookie).toMatch(/;\s*Secure/i);
      expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
      expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/auth/session and POST /api/auth/logout', () => {
  it('answers {user: null} to an anonymous visitor', async () => {
    expect(await session()).toEqual({ user: null });
  });

  it('answers {user: null} to a made-up session cookie', async () => {
    expect(await session('aula.session_token=inventado.firma')).toEqual({ user: null });
  });

  it('answers the signed-in user, and {user: null} with the same cookie after logout', async () => {
    const student = await createUser(t.ctx);
    const cookie = await login(t.app, student.email, student.password);
    expect(await session(cookie)).toEqual({ user: { id: student.id, name: student.name, email: student.email, role: 'student' } });

    const logout = await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect(setCookies(logout).some((c) => c.includes('session_token=;') || /Max-Age=0/i.test(c))).toBe(true);

    expect(await session(cookie)).toEqual({ user: null });
  });

  it('answers 204 to a logout without a session', async () => {
    const logout = await call(t.app, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
  });

  it('logging out one session leaves the user signed in elsewhere', async () => {
    const student = await createUser(t.ctx);
    const phone = await login(t.app, student.email, student.password);
    const laptop = await login(t.app, student.email, student.password);
    await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie: phone });
    expect((await session(phone)).user).toBeNull();
    expect((await session(laptop)).user?.id).toBe(student.id);
  });
});

describe('login rate limit', () => {
  it('after 5 failed logins for one email the 6th attempt gets 429, even with the right password', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(t.app, student.email, `mala-${i}`);
      expect(response.statusCode).toBe(401);
    }
    const sixth = await postLogin(t.app, student.email, student.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyLoginAttempts } });
    expect(setCookies(sixth)).toEqual([]);

    // The lock is per email: another account signs in normally.
    const other = await createUser(t.ctx);
    expect((await postLogin(t.app, other.email, other.password)).statusCode).toBe(200);
  });

  it('counts the email whatever its case', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 === 0 ? student.email.toUpperCase() : student.email;
      expect((await postLogin(t.app, email, 'mala')).statusCode).toBe(401);
    }
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(429);
  });

  it('a successful login resets the count for the email', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala')).statusCode).toBe(401);
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala')).statusCode).toBe(401);
    // Without the reset this would be the 9th failure in the window.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });

  it('limits one address to 30 attempts across different emails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) {
      const response = await postLogin(t.app, `probando-${i}@example.com`, 'mala', ip);
      expect(response.statusCode).toBe(401);
    }
    const student = await createUser(t.ctx);
    const blocked = await postLogin(t.app, student.email, student.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyLoginAttempts } });

    // Another address is not affected, and the account was not locked by the blocked attempt.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });
});

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
  ])('answers a %s email with 400 "Email invalido" and sends nothing', async (_case, email) => {
    const sentBefore = t.mails.length;
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      body: email === undefined ? {} : { email },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Email invalido' });
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
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests } });
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
    expect(again.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: messages.resetLinkInvalid } });
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
    expect(response.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: messages.resetLinkInvalid } });
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
    expect(short.json()).toEqual({
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
    expect(await session(cookie)).toEqual({ user: null });
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser } from './helpers/builders.ts';
import { call, login, nextIp, postLogin, setCookies } from './helpers/http.ts';
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

describe('POST /api/auth/login', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite=Lax cookie (not Secure over http)', async () => {
    const student = await createUser(t.ctx, { role: 'student' });
    const response = await postLogin(t.app, student.email, student.password);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: student.id, name: student.name, email: student.email, role: 'student', staff: false } });
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
      expect(response.json()).toMatchObject(wrongLogin);
      expect(setCookies(response)).toEqual([]);
    }
    // Alike but for the request's own id.
    const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(wrongPassword.body)).toBe(withoutId(unknownEmail.body));
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
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message, fields: { [field]: message } } });
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
    expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType } });
  });

  it('answers an overlong password like a wrong one, without checking it', async () => {
    const response = await postLogin(t.app, ADMIN_EMAIL, 'x'.repeat(129));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Email o contraseña inválidos');
  });

  it('changes nothing when the body is malformed: no session, no attempt counted', async () => {
    const student = await createUser(t.ctx);
    const ip = nextIp();
    const before = await t.ctx.db.select().from(rateLimit).orderBy(rateLimit.key);
    for (let i = 0; i < 8; i += 1) {
      const response = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: student.email }, ip });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.ctx.db.select().from(rateLimit).orderBy(rateLimit.key)).toEqual(before);
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
    expect(await session(cookie)).toEqual({
      user: { id: student.id, name: student.name, email: student.email, role: 'student', staff: false },
    });

    const logout = await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect(setCookies(logout).some((c) => c.includes('session_token=;') || /Max-Age=0/i.test(c))).toBe(true);

    // The browser drops the cookie on logout; sent again, it is a session the server no longer has.
    expect(await session(cookie)).toEqual({ user: null, lapsed: true });
  });

  it('says the session lapsed only for a cookie the server signed: not for none, not for a made-up one', async () => {
    const student = await createUser(t.ctx);
    const phone = await login(t.app, student.email, student.password);
    const laptop = await login(t.app, student.email, student.password);
    // The password changed on the laptop: the phone's session ends.
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/me/password',
      cookie: laptop,
      body: { currentPassword: student.password, newPassword: 'otra-clave-segura' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await session(phone)).toEqual({ user: null, lapsed: true });
    expect(await session()).toEqual({ user: null });
    expect(await session('aula.session_token=inventado.firma')).toEqual({ user: null });
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

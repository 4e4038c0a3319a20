// 'Mi cuenta': one's own name and password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { signedIn } from './helpers/content.ts';
import { call, cookieHeader, login, postLogin } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const session = async (cookie: string) => (await call(t.app, { url: '/api/auth/session', cookie })).json().user as { name: string } | null;

describe('PATCH /api/me', () => {
  it('changes the name the person goes by, at once everywhere', async () => {
    const alumna = await signedIn(t.app, t.ctx, 'student', { name: 'Sofi' });
    const other = await login(t.app, alumna.email, alumna.password);
    const response = await call(t.app, { method: 'PATCH', url: '/api/me', cookie: alumna.cookie, body: { name: '  Sofía Ramírez ' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: alumna.id, name: 'Sofía Ramírez' });
    expect(await session(alumna.cookie)).toMatchObject({ name: 'Sofía Ramírez' });
    // Another session of the same person sees it too.
    expect(await session(other)).toMatchObject({ name: 'Sofía Ramírez' });
  });

  it('refuses an empty or too long name in Spanish, changing nothing, and answers 401 without a session', async () => {
    const alumno = await signedIn(t.app, t.ctx, 'student', { name: 'Tomás' });
    for (const [body, text] of [
      [{ name: '   ' }, messages.required],
      [{ name: 'x'.repeat(201) }, 'El nombre no puede tener más de'],
      [{}, messages.required],
    ] as const) {
      const response = await call(t.app, { method: 'PATCH', url: '/api/me', cookie: alumno.cookie, body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(text);
    }
    expect(await session(alumno.cookie)).toMatchObject({ name: 'Tomás' });
    expect((await call(t.app, { method: 'PATCH', url: '/api/me', body: { name: 'Nadie' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/me/password', () => {
  it('changes the password after checking the current one; the other sessions end, this one goes on', async () => {
    const alumno = await signedIn(t.app, t.ctx, 'student');
    const phone = await login(t.app, alumno.email, alumno.password);
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/me/password',
      cookie: alumno.cookie,
      body: { currentPassword: alumno.password, newPassword: 'una-clave-nueva' },
    });
    expect(response.statusCode, response.body).toBe(204);
    const renewed = cookieHeader(response) || alumno.cookie;
    expect(await session(renewed)).toMatchObject({ name: alumno.name });
    // The other device's session ended.
    expect(await session(phone)).toBeNull();
    expect((await call(t.app, { url: '/api/courses', cookie: phone })).statusCode).toBe(401);
    // The old password no longer signs in; the new one does.
    expect((await postLogin(t.app, alumno.email, alumno.password)).statusCode).toBe(401);
    expect((await postLogin(t.app, alumno.email, 'una-clave-nueva')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a short new one in Spanish, and changes nothing', async () => {
    const alumna = await signedIn(t.app, t.ctx, 'student');
    const wrong = await call(t.app, {
      method: 'PUT',
      url: '/api/me/password',
      cookie: alumna.cookie,
      body: { currentPassword: 'no-es-esta', newPassword: 'otra-clave-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: messages.currentPasswordWrong,
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    const short = await call(t.app, {
      method: 'PUT',
      url: '/api/me/password',
      cookie: alumna.cookie,
      body: { currentPassword: alumna.password, newPassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('al menos 6 caracteres');
    const malformed = await call(t.app, { method: 'PUT', url: '/api/me/password', cookie: alumna.cookie, body: { currentPassword: 5 } });
    expect(malformed.statusCode).toBe(400);
    expect((await postLogin(t.app, alumna.email, alumna.password)).statusCode).toBe(200);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/me/password', body: { currentPassword: 'a', newPassword: 'bbbbbbb' } })).statusCode,
    ).toBe(401);
  });

  it('slows down guessing the current password from an open session', async () => {
    const alumno = await signedIn(t.app, t.ctx, 'student');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await call(t.app, {
            method: 'PUT',
            url: '/api/me/password',
            cookie: alumno.cookie,
            body: { currentPassword: `intento-${i}`, newPassword: 'otra-clave-1' },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

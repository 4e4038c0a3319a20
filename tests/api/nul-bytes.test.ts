// A NUL byte (U+0000, which PostgreSQL cannot store in text) anywhere text comes in is a
// Spanish 400 that changes nothing, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { multipart, pngBytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let moduleId: string;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, moduleId);
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';

describe('NUL bytes in requests', () => {
  const cases: Array<[string, () => Parameters<typeof call>[1]]> = [
    [
      'a forum message',
      () => ({ method: 'POST', url: `/api/modules/${moduleId}/messages`, body: { body: `hola${NUL}` }, cookie: student.cookie }),
    ],
    [
      'an answer',
      () => ({
        method: 'PUT',
        url: `/api/modules/${moduleId}/activity/answers`,
        body: { answers: [{ itemId: 'x', answer: `a${NUL}b` }] },
        cookie: student.cookie,
      }),
    ],
    [
      "a user's name",
      () => ({
        method: 'POST',
        url: '/api/users',
        body: { name: `Ana${NUL}`, email: 'ana-nul@example.com', password: 'clave-segura' },
        cookie: adminCookie,
      }),
    ],
    ["a course's name", () => ({ method: 'POST', url: '/api/courses', body: { name: `Curso${NUL}` }, cookie: adminCookie })],
    ['a search', () => ({ url: `/api/users?search=ana%00`, cookie: adminCookie })],
    [
      'a reset token',
      () => ({
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: `abc${NUL}`, password: 'nueva-clave', confirmPassword: 'nueva-clave' },
      }),
    ],
    ['a login email', () => ({ method: 'POST', url: '/api/auth/login', body: { email: `a${NUL}@example.com`, password: 'x' } })],
    ['an image id in the path', () => ({ url: '/api/images/%00', cookie: student.cookie })],
    ['a module id in the path', () => ({ url: '/api/modules/abc%00/messages', cookie: student.cookie })],
  ];

  it.each(cases)('%s → 400 with a Spanish message', async (_name, request) => {
    const response = await call(t.app, request());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: messages.nulByte });
  });

  it('a multipart form field → 400, and nothing is stored', async () => {
    const before = (await call(t.app, { url: `/api/courses/${courseId}/documents`, cookie: adminCookie })).body;
    const { body, headers } = multipart([
      { name: 'name', value: `Reglamento${NUL}` },
      { name: 'file', filename: 'a.png', content: pngBytes(), contentType: 'image/png' },
    ]);
    const response = await call(t.app, { method: 'POST', url: `/api/courses/${courseId}/documents`, body, headers, cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(messages.nulByte);
    expect((await call(t.app, { url: `/api/courses/${courseId}/documents`, cookie: adminCookie })).body).toBe(before);
  });
});

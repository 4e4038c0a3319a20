// The admin's 'Cursos' page: each course with what it holds and what waits in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildMessage, buildModule, enableModule, signedIn, submitAnswers } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const overview = async (cookie = adminCookie) => call(t.app, { url: '/api/courses/overview', cookie });

describe('GET /api/courses/overview', () => {
  it('counts per course its modules, its students, the activities awaiting correction and the forums with new messages', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso con trabajo' });
    const quiet = await buildCourse(t.ctx, { name: 'Curso tranquilo' });
    const [m1, m2, m3] = [
      await buildModule(t.ctx, course.id, { questions: ['¿Una?'] }),
      await buildModule(t.ctx, course.id, { questions: ['¿Dos?'] }),
      await buildModule(t.ctx, course.id),
    ];
    const ana = await signedIn(t.app, t.ctx, 'student');
    const beto = await signedIn(t.app, t.ctx, 'student');
    for (const student of [ana, beto]) for (const module of [m1, m2]) await enableModule(t.ctx, student.id, module.id);
    await submitAnswers(t.ctx, ana.id, m1.id);
    await submitAnswers(t.ctx, beto.id, m1.id);
    await submitAnswers(t.ctx, ana.id, m2.id);
    await buildMessage(t.ctx, m1.id, ana, '¿Una duda?');
    await buildMessage(t.ctx, m2.id, beto, '¿Otra duda?');
    void m3;

    const response = await overview();
    expect(response.statusCode).toBe(200);
    const courses = response.json().courses as Array<{ id: string; name: string }>;
    expect(courses.find((c) => c.id === course.id)).toMatchObject({
      name: 'Curso con trabajo',
      modules: 3,
      students: 2,
      awaitingCorrection: 3,
      modulesWithNewMessages: 2,
    });
    expect(courses.find((c) => c.id === quiet.id)).toMatchObject({
      name: 'Curso tranquilo',
      modules: 0,
      students: 0,
      awaitingCorrection: 0,
      modulesWithNewMessages: 0,
    });

    // An admin opens a forum: one module with new messages less.
    expect((await call(t.app, { method: 'POST', url: `/api/modules/${m1.id}/messages/read`, cookie: adminCookie })).statusCode).toBe(204);
    const after = (await overview()).json().courses as Array<{ id: string; modulesWithNewMessages: number }>;
    expect(after.find((c) => c.id === course.id)?.modulesWithNewMessages).toBe(1);
  });

  it('answers 401 without a session and 403 to a student', async () => {
    expect((await call(t.app, { url: '/api/courses/overview' })).statusCode).toBe(401);
    const student = await signedIn(t.app, t.ctx, 'student');
    const refused = await overview(student.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/permiso/);
  });
});

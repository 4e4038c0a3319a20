// The pages a student opens most, each in one request: the same data as the separate routes,
// at most two database round trips counting the session check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildModule, correctActivity, enableModule, signedIn, submitAnswers } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { messages } from '../../src/shared/messages.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let student: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
const f = { courseId: '', moduleIds: [] as string[] };

beforeAll(async () => {
  t = await createTestApp();
  const course = await buildCourse(t.ctx);
  f.courseId = course.id;
  for (let i = 0; i < 4; i++) f.moduleIds.push((await buildModule(t.ctx, course.id)).id);
  student = await signedIn(t.app, t.ctx, 'student');
  admin = await signedIn(t.app, t.ctx, 'admin');
  // Modules 1–3 enabled, in different states: submitted, corrected with mistakes, untouched.
  for (const id of f.moduleIds.slice(0, 3)) await enableModule(t.ctx, student.id, id);
  await submitAnswers(t.ctx, student.id, f.moduleIds[0]!);
  await submitAnswers(t.ctx, student.id, f.moduleIds[1]!);
  await correctActivity(t.ctx, student.id, f.moduleIds[1]!, [true, false]);
  // The fourth had been enabled and was blocked again: its state must not show.
  await enableModule(t.ctx, student.id, f.moduleIds[3]!);
  await enableModule(t.ctx, student.id, f.moduleIds[3]!, false);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, cookie: string) => {
  const response = await call(t.app, { url, cookie });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Record<string, unknown>;
};
const userOf = (u: typeof student) => ({ id: u.id, name: u.name, email: u.email, role: u.role });

describe('one request per page', () => {
  it('the module page: the user, the module with the state, and the course module list', async () => {
    for (const moduleId of f.moduleIds.slice(0, 3)) {
      const page = await get(`/api/pages/modules/${moduleId}`, student.cookie);
      expect(page).toEqual({
        user: userOf(student),
        module: (await get(`/api/modules/${moduleId}`, student.cookie)).module,
        modules: (await get(`/api/courses/${f.courseId}/my-modules`, student.cookie)).modules,
      });
    }
    const page = (await get(`/api/pages/modules/${f.moduleIds[1]}`, student.cookie)) as {
      module: { progress: string };
      modules: { enabled: boolean; progress: unknown }[];
    };
    expect(page.module.progress).toBe('con-correcciones');
    expect(page.modules.map((m) => [m.enabled, m.progress])).toEqual([
      [true, 'enviado'],
      [true, 'con-correcciones'],
      [true, 'sin-responder'],
      [false, null],
    ]);
  });

  it('the module page for an admin: the module with its questions', async () => {
    const moduleId = f.moduleIds[3]!;
    const page = await get(`/api/pages/modules/${moduleId}`, admin.cookie);
    expect(page).toEqual({
      user: userOf(admin),
      module: (await get(`/api/modules/${moduleId}`, admin.cookie)).module,
      modules: (await get(`/api/courses/${f.courseId}/my-modules`, admin.cookie)).modules,
    });
  });

  it('the course modules page, the activities page and /inicio', async () => {
    expect(await get(`/api/pages/courses/${f.courseId}/modulos`, student.cookie)).toEqual({
      user: userOf(student),
      modules: (await get(`/api/courses/${f.courseId}/my-modules`, student.cookie)).modules,
    });
    for (const moduleId of f.moduleIds.slice(0, 3)) {
      expect(await get(`/api/pages/modules/${moduleId}/actividades`, student.cookie)).toEqual({
        user: userOf(student),
        activity: (await get(`/api/modules/${moduleId}/activity`, student.cookie)).activity,
      });
    }
    for (const who of [student, admin]) {
      expect(await get('/api/pages/inicio', who.cookie)).toEqual({
        user: userOf(who),
        courses: (await get('/api/courses', who.cookie)).courses,
      });
    }
  });

  it('a blocked module is answered like its separate route: as if it did not exist', async () => {
    const blocked = await call(t.app, { url: `/api/pages/modules/${f.moduleIds[3]}`, cookie: student.cookie });
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });
    const activity = await call(t.app, { url: `/api/pages/modules/${f.moduleIds[3]}/actividades`, cookie: student.cookie });
    expect(activity.statusCode).toBe(404);
  });

  it('each page costs at most two database round trips, the session check included', async () => {
    const counter = countRoundTrips(t.ctx.database);
    const pages = [
      `/api/pages/modules/${f.moduleIds[0]}`,
      `/api/pages/courses/${f.courseId}/modulos`,
      `/api/pages/modules/${f.moduleIds[1]}/actividades`,
      '/api/pages/inicio',
    ];
    for (const url of pages) {
      const trips = await counter.during(() => get(url, student.cookie));
      expect(trips, url).toBeGreaterThan(0);
      expect(trips, url).toBeLessThanOrEqual(2);
    }
    // The counter counts: the three separate requests the module page used to make cost more.
    const separate = await counter.during(async () => {
      await get('/api/auth/session', student.cookie);
      await get(`/api/modules/${f.moduleIds[0]}`, student.cookie);
      await get(`/api/courses/${f.courseId}/my-modules`, student.cookie);
    });
    expect(separate).toBeGreaterThan(4);
  });
});

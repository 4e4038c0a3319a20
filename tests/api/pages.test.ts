// The pages a student opens most, each in one request: the same data as the other routes that
// show it, in one database round trip, the session check included.
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
const userOf = (u: typeof student) => ({ id: u.id, name: u.name, email: u.email, role: u.role, staff: false });

describe('one request per page', () => {
  it('the module page: the user, the module with the state, and the course module list', async () => {
    const list = (await get(`/api/pages/courses/${f.courseId}/modules`, student.cookie)).modules as Array<Record<string, unknown>>;
    for (const moduleId of f.moduleIds.slice(0, 3)) {
      const page = (await get(`/api/pages/modules/${moduleId}`, student.cookie)) as {
        user: unknown;
        module: Record<string, unknown>;
        modules: unknown;
      };
      expect(page.user).toEqual(userOf(student));
      expect(page.modules).toEqual(list);
      const listed = list.find((m) => m.id === moduleId)!;
      expect(page.module).toMatchObject({
        id: moduleId,
        courseId: f.courseId,
        name: listed.name,
        imageUrl: listed.imageUrl,
        position: listed.position,
      });
      expect(page.module).toMatchObject({ progress: listed.progress, jugadas: listed.jugadas, watched: null });
      expect(page.module).toMatchObject({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoFile: null });
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
    const edited = (await get(`/api/courses/${f.courseId}/modules`, admin.cookie)).modules as Array<{ id: string }>;
    expect(page).toEqual({
      user: userOf(admin),
      module: edited.find((m) => m.id === moduleId),
      modules: (await get(`/api/pages/courses/${f.courseId}/modules`, admin.cookie)).modules,
      exams: [],
    });
  });

  it('the course modules page, the activities page and /inicio', async () => {
    const modules = (await get(`/api/pages/courses/${f.courseId}/modules`, student.cookie)).modules as Array<{
      id: string;
      position: number;
    }>;
    expect(modules.map((m) => m.id)).toEqual(f.moduleIds);
    for (const moduleId of f.moduleIds.slice(0, 3)) {
      // What the student reads of their activity is what the admin reviews.
      expect(await get(`/api/pages/modules/${moduleId}/activity`, student.cookie)).toEqual({
        user: userOf(student),
        activity: (await get(`/api/users/${student.id}/modules/${moduleId}/activity`, admin.cookie)).activity,
      });
    }
    for (const who of [student, admin]) {
      expect(await get('/api/pages/home', who.cookie)).toEqual({
        user: userOf(who),
        courses: (await get('/api/courses', who.cookie)).courses,
      });
    }
  });

  it('a blocked module is answered like its separate route: as if it did not exist', async () => {
    const blocked = await call(t.app, { url: `/api/pages/modules/${f.moduleIds[3]}`, cookie: student.cookie });
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });
    const activity = await call(t.app, { url: `/api/pages/modules/${f.moduleIds[3]}/activity`, cookie: student.cookie });
    expect(activity.statusCode).toBe(404);
  });

  it('each page costs one database round trip, the session check included', async () => {
    const counter = countRoundTrips(t.ctx.database);
    const pages = [
      `/api/pages/modules/${f.moduleIds[0]}`,
      `/api/pages/courses/${f.courseId}/modules`,
      `/api/pages/modules/${f.moduleIds[1]}/activity`,
      '/api/pages/home',
    ];
    for (const url of pages) {
      const trips = await counter.during(() => get(url, student.cookie));
      expect(trips, url).toBe(1);
    }
    // The counter counts: separate requests cost one each at least.
    const separate = await counter.during(async () => {
      await get('/api/auth/session', student.cookie);
      await get('/api/courses', student.cookie);
      await get(`/api/courses/${f.courseId}/documents`, student.cookie);
    });
    expect(separate).toBeGreaterThanOrEqual(4);
  });
});

// Archive instead of losing work: courses and modules archived (hidden from students, data kept)
// and restored; deleted only without student work; users deactivated (no sign-in, open
// sessions and streams end at once, data kept) and reactivated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { activityOf, buildCourse, buildMessage, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call, login, postLogin } from './helpers/http.ts';
import { listen, openEventStream, type EventStream } from './helpers/live.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let baseUrl: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const as = (cookie: string) => (url: string) => call(t.app, { url, cookie });
const admin = (method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url, cookie: adminCookie, ...(body === undefined ? {} : { body }) });
const closed = (stream: EventStream) =>
  stream
    .waitFor(() => false, 5000)
    .then(
      () => 'evento',
      (error: Error) => error.message,
    );

/** A student with a module of a new course enabled, who wrote a draft answer in it. */
async function studentAtWork() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const { items } = await activityOf(t.ctx, student.id, module.id);
  const draft = await call(t.app, {
    method: 'PUT',
    url: `/api/modules/${module.id}/activity/answers`,
    cookie: student.cookie,
    body: { answers: [{ itemId: items[0]!.id, answer: 'Mi borrador' }] },
  });
  expect(draft.statusCode).toBe(200);
  return { course, module, student };
}

describe('archiving a course', () => {
  it('hides it from students everywhere and keeps their work for when it is restored', async () => {
    const { course, module, student } = await studentAtWork();
    const get = as(student.cookie);
    const archived = await admin('PUT', `/api/courses/${course.id}/archived`, { archived: true });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().course.archivedAt).toEqual(expect.any(String));

    expect((await get('/api/courses')).json().courses.map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect((await get('/api/pages/home')).body).not.toContain(course.id);
    for (const url of [
      `/api/courses/${course.id}`,
      `/api/pages/courses/${course.id}/modules`,
      `/api/courses/${course.id}/documents`,
      `/api/pages/modules/${module.id}`,
      `/api/pages/modules/${module.id}/activity`,
      `/api/modules/${module.id}/messages`,
      `/api/pages/courses/${course.id}/modules`,
      `/api/pages/modules/${module.id}`,
      `/api/pages/modules/${module.id}/activity`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // Admins still see it, marked archived, and the student's work.
    const adminCourses = (await as(adminCookie)('/api/courses')).json().courses as { id: string; archivedAt?: string }[];
    expect(adminCourses.find((c) => c.id === course.id)?.archivedAt).toEqual(expect.any(String));
    const review = await as(adminCookie)(`/api/users/${student.id}/modules/${module.id}/activity`);
    expect(review.json().activity.items[0].answer).toBe('Mi borrador');

    const restored = await admin('PUT', `/api/courses/${course.id}/archived`, { archived: false });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().course).not.toHaveProperty('archivedAt');
    expect((await get('/api/courses')).json().courses.map((c: { id: string }) => c.id)).toContain(course.id);
    expect((await get(`/api/pages/modules/${module.id}/activity`)).json().activity.items[0].answer).toBe('Mi borrador');
  });

  it('ends the students’ open forum streams of the course at once', async () => {
    const { course, module, student } = await studentAtWork();
    const stream = await openEventStream(baseUrl, `/api/modules/${module.id}/events`, student.cookie);
    expect(stream.status).toBe(200);
    await admin('PUT', `/api/courses/${course.id}/archived`, { archived: true });
    expect(await closed(stream)).toBe('el servidor cerró el stream');
  });

  it('answers bad input with a Spanish 400 and an unknown course with 404', async () => {
    const course = await buildCourse(t.ctx);
    const bad = await admin('PUT', `/api/courses/${course.id}/archived`, { archived: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.archiveChoice);
    expect((await admin('PUT', '/api/courses/no-existe/archived', { archived: true })).statusCode).toBe(404);
  });
});

describe('archiving a module', () => {
  it('takes it out of the students’ list and pages, and restores it with their answers', async () => {
    const { course, module, student } = await studentAtWork();
    const get = as(student.cookie);
    const other = await buildModule(t.ctx, course.id);
    expect((await admin('PUT', `/api/modules/${module.id}/archived`, { archived: true })).json().module.archivedAt).toEqual(
      expect.any(String),
    );
    // The student worked in it: it stays on their list as archived, its activity readable and nothing else.
    const page = (await get(`/api/pages/courses/${course.id}/modules`)).json().modules as Array<{
      id: string;
      archived: boolean;
      enabled: boolean;
    }>;
    expect(page.find((m) => m.id === module.id)).toMatchObject({ archived: true, enabled: false });
    expect(page.filter((m) => !m.archived).map((m) => m.id)).toEqual([other.id]);
    const readable = await get(`/api/pages/modules/${module.id}/activity`);
    expect(readable.statusCode, readable.body).toBe(200);
    expect(readable.json().activity).toMatchObject({
      moduleArchived: true,
      items: [{ answer: 'Mi borrador', editable: false }, { editable: false }],
    });
    expect((await get(`/api/pages/modules/${module.id}`)).statusCode).toBe(404);
    const draft = await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/activity/answers`,
      cookie: student.cookie,
      body: { answers: [] },
    });
    expect(draft.statusCode).toBe(404);
    // Still in the admin's list of the course, marked.
    const adminList = (await as(adminCookie)(`/api/courses/${course.id}/modules`)).json().modules as { id: string; archivedAt?: string }[];
    expect(adminList.find((m) => m.id === module.id)?.archivedAt).toEqual(expect.any(String));

    await admin('PUT', `/api/modules/${module.id}/archived`, { archived: false });
    expect((await get(`/api/pages/modules/${module.id}/activity`)).json().activity.items[0].answer).toBe('Mi borrador');
  });
});

describe('deleting', () => {
  it('refuses a course or module with student work (409, nothing deleted)', async () => {
    const { course, module } = await studentAtWork();
    const course409 = await admin('DELETE', `/api/courses/${course.id}`);
    expect(course409.statusCode).toBe(409);
    expect(course409.json().error.message).toBe(messages.courseHasWork);
    const module409 = await admin('DELETE', `/api/modules/${module.id}`);
    expect(module409.statusCode).toBe(409);
    expect(module409.json().error.message).toBe(messages.moduleHasWork);
    expect((await as(adminCookie)(`/api/courses/${course.id}/modules`)).json().modules).toHaveLength(1);
  });

  it('counts a student’s forum message as work', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const student = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, module.id);
    await buildMessage(t.ctx, module.id, student, '¿Cuándo empieza?');
    expect((await admin('DELETE', `/api/modules/${module.id}`)).statusCode).toBe(409);
  });

  it('deletes a module, then a course, no student worked in (even if enabled for students)', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const untouched = await buildModule(t.ctx, course.id);
    const student = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, untouched.id);
    // An admin's own forum message is not student work.
    await buildMessage(
      t.ctx,
      untouched.id,
      { id: (await as(adminCookie)('/api/auth/session')).json().user.id, name: 'Admin', email: ADMIN_EMAIL, role: 'admin' },
      'Bienvenidos',
    );
    expect((await admin('DELETE', `/api/modules/${module.id}`)).statusCode).toBe(204);
    expect((await as(adminCookie)(`/api/pages/modules/${module.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(204);
    expect((await as(adminCookie)(`/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await as(student.cookie)('/api/courses')).json().courses).toEqual([]);
  });
});

describe('deactivating a user', () => {
  it('stops their open session at once, refuses their sign-in, keeps their data; reactivating lets them in again', async () => {
    const { module, student } = await studentAtWork();
    const secondSession = await login(t.app, student.email, student.password);
    const stream = await openEventStream(baseUrl, `/api/modules/${module.id}/events`, student.cookie);
    expect(stream.status).toBe(200);

    const response = await admin('PUT', `/api/users/${student.id}/active`, { active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: student.id }, active: false });

    // The very next request of either open session is refused, and the live stream ends.
    for (const cookie of [student.cookie, secondSession]) {
      const refused = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie });
      expect(refused.statusCode).toBe(401);
      expect((await call(t.app, { url: '/api/auth/session', cookie })).json()).toEqual({ user: null, lapsed: true });
    }
    expect(await closed(stream)).toBe('el servidor cerró el stream');

    const signIn = await postLogin(t.app, student.email, student.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(messages.userDeactivated);
    expect((await postLogin(t.app, student.email, 'otra-clave')).json().error.message).toBe(messages.wrongLogin);

    // Data kept: the admin still reviews their work.
    const review = await as(adminCookie)(`/api/users/${student.id}/modules/${module.id}/activity`);
    expect(review.json().activity.items[0].answer).toBe('Mi borrador');
    expect((await as(adminCookie)(`/api/users/${student.id}`)).json().active).toBe(false);

    expect((await admin('PUT', `/api/users/${student.id}/active`, { active: true })).json().active).toBe(true);
    const back = await login(t.app, student.email, student.password);
    expect((await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: back })).json().activity.items[0].answer).toBe(
      'Mi borrador',
    );
  });

  it('ends a deactivated admin’s admin stream too, and an admin cannot deactivate themselves', async () => {
    const other = await signedIn(t.app, t.ctx, 'admin');
    const stream = await openEventStream(baseUrl, '/api/forum/events', other.cookie);
    expect(stream.status).toBe(200);
    await admin('PUT', `/api/users/${other.id}/active`, { active: false });
    expect(await closed(stream)).toBe('el servidor cerró el stream');

    const self = await call(t.app, { method: 'PUT', url: `/api/users/${other.id}/active`, cookie: adminCookie, body: { active: true } });
    expect(self.statusCode).toBe(200);
    const me = (await as(adminCookie)('/api/auth/session')).json().user.id as string;
    const refused = await admin('PUT', `/api/users/${me}/active`, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.cannotDeactivateSelf);
    expect((await as(adminCookie)('/api/auth/session')).json().user.id).toBe(me);
  });

  it('answers bad input with a Spanish 400', async () => {
    const student = await signedIn(t.app, t.ctx);
    const bad = await admin('PUT', `/api/users/${student.id}/active`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.activeChoice);
    expect((await call(t.app, { url: '/api/auth/session', cookie: student.cookie })).json().user.id).toBe(student.id);
  });
});

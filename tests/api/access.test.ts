// The admin's per-student toggles ('Habilitar' / 'Bloquear') and what the student then sees.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, courseAccess, moduleAccess } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { activityOf, buildCourse, buildMessage, buildModule, enableCourse, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let adminId: string;
let student: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = (await call(t.app, { url: '/api/auth/session', cookie: adminCookie })).json().user.id;
  student = await signedIn(t.app, t.ctx, 'student', { name: 'Lucía Fernández' });
});
afterAll(async () => {
  await t?.close();
});

const forbiddenBody = { error: { code: 'FORBIDDEN', message: messages.forbidden } };
/** What a student gets for a module they may not see: the same answer as for one that does not exist. */
const moduleHiddenBody = { error: { code: 'NOT_FOUND', message: messages.moduleNotFound } };
const put = (url: string, body: unknown, cookie?: string) => call(t.app, { method: 'PUT', url, body, ...(cookie ? { cookie } : {}) });
const courseAccessOf = async (userId: string, courseId: string) =>
  (
    await t.ctx.db
      .select()
      .from(courseAccess)
      .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId)))
  )[0]?.enabled;
const moduleAccessOf = async (userId: string, moduleId: string) =>
  (
    await t.ctx.db
      .select()
      .from(moduleAccess)
      .where(and(eq(moduleAccess.userId, userId), eq(moduleAccess.moduleId, moduleId)))
  )[0]?.enabled;
const activitiesOf = (userId: string) => t.ctx.db.select().from(activity).where(eq(activity.userId, userId));

describe('GET /api/users/:userId', () => {
  it('gives the admin the user, and answers 401, 403 (even about oneself) and 404', async () => {
    const url = `/api/users/${student.id}`;
    const response = await call(t.app, { url, cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: student.id, name: 'Lucía Fernández', email: student.email, role: 'student', staff: false },
      invitationPending: false,
      active: true,
    });
    expect((await call(t.app, { url })).statusCode).toBe(401);
    const self = await call(t.app, { url, cookie: student.cookie });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject(forbiddenBody);
    const unknown = await call(t.app, { url: `/api/users/${unknownId()}`, cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El usuario no existe.' });
    expect((await call(t.app, { url: '/api/users/a.b', cookie: adminCookie })).statusCode).toBe(400);
  });
});

describe('GET /api/users/:userId/courses and PUT …/courses/:courseId/access', () => {
  it('lists every course with whether it is enabled for the user, and toggles it', async () => {
    const course = await buildCourse(t.ctx, { name: 'Curso de reglas' });
    const user = await createUser(t.ctx);
    const list = async () => {
      const response = await call(t.app, { url: `/api/users/${user.id}/courses`, cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      return (response.json().courses as { id: string; enabled: boolean }[]).find((c) => c.id === course.id);
    };
    expect(await list()).toEqual({ id: course.id, name: 'Curso de reglas', imageUrl: `/api/images/${course.imageId}`, enabled: false });

    const url = `/api/users/${user.id}/courses/${course.id}/access`;
    expect((await put(url, { enabled: true }, adminCookie)).statusCode).toBe(204);
    expect(await list()).toMatchObject({ enabled: true });
    expect((await put(url, { enabled: false }, adminCookie)).statusCode).toBe(204);
    expect(await list()).toMatchObject({ enabled: false });
  });

  it('answers 401, 403 (a student cannot enable a course for themselves) and 404, changing nothing', async () => {
    const course = await buildCourse(t.ctx);
    const url = `/api/users/${student.id}/courses/${course.id}/access`;
    expect((await put(url, { enabled: true })).statusCode).toBe(401);
    const self = await put(url, { enabled: true }, student.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject(forbiddenBody);
    expect((await call(t.app, { url: `/api/users/${student.id}/courses`, cookie: student.cookie })).statusCode).toBe(403);
    expect(await courseAccessOf(student.id, course.id)).toBeUndefined();

    const unknownCourse = await put(`/api/users/${student.id}/courses/${unknownId()}/access`, { enabled: true }, adminCookie);
    expect(unknownCourse.statusCode).toBe(404);
    expect(unknownCourse.json().error.message).toBe('El curso no existe.');
    const unknownUser = await put(`/api/users/${unknownId()}/courses/${course.id}/access`, { enabled: true }, adminCookie);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error.message).toBe('El usuario no existe.');
    expect((await call(t.app, { url: `/api/users/${unknownId()}/courses`, cookie: adminCookie })).statusCode).toBe(404);
  });

  it.each([
    ['enabled as text', { enabled: 'true' }],
    ['enabled missing', {}],
    ['enabled null', { enabled: null }],
  ])('answers %s with 400 and a Spanish message, changing nothing', async (_case, body) => {
    const course = await buildCourse(t.ctx);
    const response = await put(`/api/users/${student.id}/courses/${course.id}/access`, body, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Indicá si se habilita o se bloquea',
      fields: { enabled: 'Indicá si se habilita o se bloquea' },
    });
    expect(await courseAccessOf(student.id, course.id)).toBeUndefined();
  });
});

describe('PUT /api/users/:userId/modules/:moduleId/access', () => {
  it('gives the student their own copy of the questions, unanswered and editable, and enables the course', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Qué es el pasivo?', '¿Cuándo hay 7 metros?'] });
    const learner = await signedIn(t.app, t.ctx);

    const response = await put(`/api/users/${learner.id}/modules/${module.id}/access`, { enabled: true }, adminCookie);
    expect(response.statusCode).toBe(204);
    expect(await courseAccessOf(learner.id, course.id)).toBe(true);

    const courses = await call(t.app, { url: '/api/courses', cookie: learner.cookie });
    expect(courses.json().courses.map((c: { id: string }) => c.id)).toEqual([course.id]);
    const own = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: learner.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json().activity).toMatchObject({
      userId: learner.id,
      moduleId: module.id,
      courseId: course.id,
      submitted: false,
      progress: 'sin-responder',
      items: [
        { question: '¿Qué es el pasivo?', answer: null, correction: null, feedback: null, editable: true },
        { question: '¿Cuándo hay 7 metros?', answer: null, correction: null, feedback: null, editable: true },
      ],
    });

    // Enabling again does not make a second copy.
    expect((await put(`/api/users/${learner.id}/modules/${module.id}/access`, { enabled: true }, adminCookie)).statusCode).toBe(204);
    expect(await activitiesOf(learner.id)).toHaveLength(1);

    const modules = await call(t.app, { url: `/api/users/${learner.id}/courses/${course.id}/modules`, cookie: adminCookie });
    expect(modules.statusCode).toBe(200);
    expect(modules.json().modules).toEqual([
      {
        id: module.id,
        name: module.name,
        imageUrl: module.imageUrl,
        position: 0,
        archived: false,
        enabled: true,
        progress: 'sin-responder',
        jugadas: null,
        watchedPercent: null,
        exams: [],
      },
    ]);
  });

  it('blocking takes the module and its activity away, but keeps the answers and corrections for when it comes back', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Uno?', '¿Dos?'] });
    const learner = await signedIn(t.app, t.ctx);
    const url = `/api/users/${learner.id}/modules/${module.id}/access`;
    await put(url, { enabled: true }, adminCookie);
    const { items } = await activityOf(t.ctx, learner.id, module.id);

    // The student answers and submits; the admin marks one answer wrong.
    const submit = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${module.id}/activity/submit`,
      cookie: learner.cookie,
      body: {
        answers: [
          { itemId: items[0]!.id, answer: 'Juego pasivo' },
          { itemId: items[1]!.id, answer: 'Nunca' },
        ],
      },
    });
    expect(submit.statusCode).toBe(200);
    const correction = await call(t.app, {
      method: 'POST',
      url: `/api/activities/${submit.json().activity.id}/correction`,
      cookie: adminCookie,
      body: {
        version: submit.json().activity.version,
        items: [
          { itemId: items[0]!.id, correct: true, feedback: null },
          { itemId: items[1]!.id, correct: false, feedback: 'Mirá la regla 14' },
        ],
      },
    });
    expect(correction.statusCode).toBe(200);
    const before = correction.json().activity;

    expect((await put(url, { enabled: false }, adminCookie)).statusCode).toBe(204);
    for (const path of [
      `/api/pages/modules/${module.id}`,
      `/api/pages/modules/${module.id}/activity`,
      `/api/modules/${module.id}/messages`,
    ]) {
      const response = await call(t.app, { url: path, cookie: learner.cookie });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject(moduleHiddenBody);
    }
    const write = await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/activity/answers`,
      cookie: learner.cookie,
      body: { answers: [{ itemId: items[1]!.id, answer: 'Cambiada mientras estaba bloqueado' }] },
    });
    expect(write.statusCode).toBe(404);
    const mine = await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: learner.cookie });
    expect(mine.json().modules).toEqual([expect.objectContaining({ id: module.id, enabled: false, progress: null })]);
    // The admin still sees the student's work, and their state in the blocked module.
    const adminView = await call(t.app, { url: `/api/users/${learner.id}/modules/${module.id}/activity`, cookie: adminCookie });
    expect(adminView.json().activity.items).toEqual(before.items);
    const adminList = await call(t.app, { url: `/api/users/${learner.id}/courses/${course.id}/modules`, cookie: adminCookie });
    expect(adminList.json().modules).toEqual([expect.objectContaining({ id: module.id, enabled: false, progress: 'con-correcciones' })]);

    expect((await put(url, { enabled: true }, adminCookie)).statusCode).toBe(204);
    const back = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: learner.cookie });
    expect(back.statusCode).toBe(200);
    expect(back.json().activity).toMatchObject({ id: before.id, progress: 'con-correcciones', items: before.items });
    expect(back.json().activity.items).toMatchObject([
      { answer: 'Juego pasivo', correction: true, editable: false },
      { answer: 'Nunca', correction: false, feedback: 'Mirá la regla 14', editable: true },
    ]);
  });

  it('blocking the course hides its modules too, and enabling it again brings them back', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const learner = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, learner.id, module.id);
    await buildMessage(t.ctx, module.id, learner, 'Mi pregunta');

    expect((await put(`/api/users/${learner.id}/courses/${course.id}/access`, { enabled: false }, adminCookie)).statusCode).toBe(204);
    expect(await moduleAccessOf(learner.id, module.id)).toBe(true); // the module toggle itself is untouched
    const courses = await call(t.app, { url: '/api/courses', cookie: learner.cookie });
    expect(courses.json().courses).toEqual([]);
    for (const path of [
      `/api/courses/${course.id}`,
      `/api/pages/courses/${course.id}/modules`,
      `/api/pages/modules/${module.id}`,
      `/api/pages/modules/${module.id}/activity`,
      `/api/modules/${module.id}/messages`,
      `/api/courses/${course.id}/documents`,
    ]) {
      expect((await call(t.app, { url: path, cookie: learner.cookie })).statusCode, path).toBe(404);
    }

    await put(`/api/users/${learner.id}/courses/${course.id}/access`, { enabled: true }, adminCookie);
    expect((await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: learner.cookie })).statusCode).toBe(200);
    const messagesBack = await call(t.app, { url: `/api/modules/${module.id}/messages`, cookie: learner.cookie });
    expect(messagesBack.json().messages).toMatchObject([{ body: 'Mi pregunta', mine: true }]);
  });

  it('answers 401, 403 (a student cannot enable a module for themselves) and 404, changing nothing', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const url = `/api/users/${student.id}/modules/${module.id}/access`;
    expect((await put(url, { enabled: true })).statusCode).toBe(401);
    const self = await put(url, { enabled: true }, student.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject(forbiddenBody);
    expect((await call(t.app, { url: `/api/users/${student.id}/courses/${course.id}/modules`, cookie: student.cookie })).statusCode).toBe(
      403,
    );
    expect(await moduleAccessOf(student.id, module.id)).toBeUndefined();

    const unknownModule = await put(`/api/users/${student.id}/modules/${unknownId()}/access`, { enabled: true }, adminCookie);
    expect(unknownModule.statusCode).toBe(404);
    expect(unknownModule.json().error.message).toBe('El módulo no existe.');
    const unknownUser = await put(`/api/users/${unknownId()}/modules/${module.id}/access`, { enabled: true }, adminCookie);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error.message).toBe('El usuario no existe.');
    expect((await call(t.app, { url: `/api/users/${student.id}/courses/${unknownId()}/modules`, cookie: adminCookie })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, { url: `/api/users/${unknownId()}/courses/${course.id}/modules`, cookie: adminCookie })).statusCode).toBe(
      404,
    );
    expect(await courseAccessOf(student.id, course.id)).toBeUndefined();
  });

  it('answers a malformed body with 400, creating no access and no activity', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const url = `/api/users/${student.id}/modules/${module.id}/access`;
    const before = (await activitiesOf(student.id)).length;
    for (const body of [{ enabled: 1 }, { enabled: 'sí' }]) {
      const response = await put(url, body, adminCookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Indicá si se habilita o se bloquea');
    }
    const broken = await call(t.app, {
      method: 'PUT',
      url,
      body: '{"enabled":',
      headers: { 'content-type': 'application/json' },
      cookie: adminCookie,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(messages.invalidJson);
    expect(await moduleAccessOf(student.id, module.id)).toBeUndefined();
    expect(await activitiesOf(student.id)).toHaveLength(before);
  });
});

describe('PUT /api/modules/:moduleId/access (everyone in the course)', () => {
  it('enables the module for every student with the course enabled, and no one else; blocking keeps their work', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Una?'] });
    const first = await createUser(t.ctx);
    const second = await createUser(t.ctx);
    const courseBlocked = await createUser(t.ctx);
    const otherCourse = await createUser(t.ctx);
    const otherAdmin = await createUser(t.ctx, { role: 'admin' });
    await enableCourse(t.ctx, first.id, course.id);
    await enableCourse(t.ctx, second.id, course.id);
    await enableCourse(t.ctx, courseBlocked.id, course.id);
    await enableCourse(t.ctx, courseBlocked.id, course.id, false);
    await enableCourse(t.ctx, otherCourse.id, (await buildCourse(t.ctx)).id);
    await enableCourse(t.ctx, otherAdmin.id, course.id);
    // The second student already had it once, and answered.
    await enableModule(t.ctx, second.id, module.id);
    const { row, items } = await activityOf(t.ctx, second.id, module.id);
    await enableModule(t.ctx, second.id, module.id, false);
    const secondCookie = await login(t.app, second.email, second.password);

    const response = await put(`/api/modules/${module.id}/access`, { enabled: true }, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    expect(await moduleAccessOf(first.id, module.id)).toBe(true);
    expect(await moduleAccessOf(second.id, module.id)).toBe(true);
    for (const untouched of [courseBlocked, otherCourse, otherAdmin]) {
      expect(await moduleAccessOf(untouched.id, module.id)).toBeUndefined();
      expect(await activitiesOf(untouched.id)).toEqual([]);
    }
    expect(await moduleAccessOf(adminId, module.id)).toBeUndefined();
    expect((await activityOf(t.ctx, first.id, module.id)).items).toMatchObject([{ question: '¿Una?', answer: null, editable: true }]);
    expect((await activityOf(t.ctx, second.id, module.id)).row.id).toBe(row.id);

    await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/activity/answers`,
      cookie: secondCookie,
      body: { answers: [{ itemId: items[0]!.id, answer: 'Guardada' }] },
    });

    const blocked = await put(`/api/modules/${module.id}/access`, { enabled: false }, adminCookie);
    expect(blocked.json()).toEqual({ affected: 2 });
    expect(await moduleAccessOf(first.id, module.id)).toBe(false);
    expect((await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: secondCookie })).statusCode).toBe(404);
    expect((await activityOf(t.ctx, second.id, module.id)).items[0]?.answer).toBe('Guardada');
  });

  it('answers 401, 403 and 404, and 400 for a malformed body, changing nothing', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    await enableCourse(t.ctx, student.id, course.id);
    const url = `/api/modules/${module.id}/access`;
    expect((await put(url, { enabled: true })).statusCode).toBe(401);
    expect((await put(url, { enabled: true }, student.cookie)).statusCode).toBe(403);
    expect((await put(`/api/modules/${unknownId()}/access`, { enabled: true }, adminCookie)).statusCode).toBe(404);
    const bad = await put(url, { enabled: 'todos' }, adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Indicá si se habilita o se bloquea');
    expect(await moduleAccessOf(student.id, module.id)).toBeUndefined();
  });
});

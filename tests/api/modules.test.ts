import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModule, moduleQuestion } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { invalidVideo } from '../../src/shared/schemas/content.ts';
import {
  activityOf,
  buildCourse,
  buildModule,
  correctActivity,
  createImage,
  enableCourse,
  enableModule,
  signedIn,
  submitAnswers,
  unknownId,
} from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let imageId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = await signedIn(t.app, t.ctx);
  outsider = await signedIn(t.app, t.ctx);
  imageId = await createImage(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

const modulesOf = (courseId: string) =>
  t.ctx.db.select().from(courseModule).where(eq(courseModule.courseId, courseId)).orderBy(asc(courseModule.position));
const moduleRow = async (id: string) => (await t.ctx.db.select().from(courseModule).where(eq(courseModule.id, id)))[0];
const questionsOf = async (moduleId: string) =>
  (await t.ctx.db.select().from(moduleQuestion).where(eq(moduleQuestion.moduleId, moduleId)).orderBy(asc(moduleQuestion.position))).map(
    (q) => q.text,
  );

describe('GET /api/courses/:courseId/modules (admin)', () => {
  it('lists the modules in order with their questions', async () => {
    const course = await buildCourse(t.ctx);
    const first = await buildModule(t.ctx, course.id, { name: 'Reglas', questions: ['¿Qué es un pasivo?'] });
    const second = await buildModule(t.ctx, course.id, { name: 'Mecánica', questions: [] });
    const response = await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().modules).toEqual([
      { ...first, position: 0, questions: [{ id: expect.any(String), text: '¿Qué es un pasivo?' }] },
      { ...second, position: 1, questions: [] },
    ]);
  });

  it('answers 401, 403 to a student even with the course enabled, and 404 for an unknown course', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, module.id);
    const url = `/api/courses/${course.id}/modules`;
    expect((await call(t.app, { url })).statusCode).toBe(401);
    expect((await call(t.app, { url, cookie: student.cookie })).statusCode).toBe(403);
    const unknown = await call(t.app, { url: `/api/courses/${unknownId()}/modules`, cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('El curso no existe.');
  });
});

describe('GET /api/pages/courses/:courseId/modules (student)', () => {
  it('shows every module with whether it is enabled and, for enabled ones, the progress', async () => {
    const course = await buildCourse(t.ctx);
    const open = await buildModule(t.ctx, course.id, { name: 'Abierto', questions: ['¿Uno?'] });
    const sent = await buildModule(t.ctx, course.id, { name: 'Enviado', questions: ['¿Dos?'] });
    const approved = await buildModule(t.ctx, course.id, { name: 'Aprobado', questions: ['¿Tres?'] });
    const upcoming = await buildModule(t.ctx, course.id, { name: 'Próximo' });
    const reader = await signedIn(t.app, t.ctx);
    for (const m of [open, sent, approved]) await enableModule(t.ctx, reader.id, m.id);
    await submitAnswers(t.ctx, reader.id, sent.id);
    await submitAnswers(t.ctx, reader.id, approved.id);
    await correctActivity(t.ctx, reader.id, approved.id, [true]);

    const response = await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().modules).toEqual([
      {
        id: open.id,
        name: 'Abierto',
        imageUrl: open.imageUrl,
        position: 0,
        archived: false,
        enabled: true,
        progress: 'sin-responder',
        jugadas: null,
        watchedPercent: null,
        exams: [],
      },
      {
        id: sent.id,
        name: 'Enviado',
        imageUrl: sent.imageUrl,
        position: 1,
        archived: false,
        enabled: true,
        progress: 'enviado',
        jugadas: null,
        watchedPercent: null,
        exams: [],
      },
      {
        id: approved.id,
        name: 'Aprobado',
        imageUrl: approved.imageUrl,
        position: 2,
        archived: false,
        enabled: true,
        progress: 'aprobado',
        jugadas: null,
        watchedPercent: null,
        exams: [],
      },
      {
        id: upcoming.id,
        name: 'Próximo',
        imageUrl: upcoming.imageUrl,
        position: 3,
        archived: false,
        enabled: false,
        progress: null,
        jugadas: null,
        watchedPercent: null,
        exams: [],
      },
    ]);

    // Blocked again: shown as upcoming, with no progress, although the answers are kept.
    await enableModule(t.ctx, reader.id, sent.id, false);
    const after = await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: reader.cookie });
    expect(after.json().modules[1]).toMatchObject({ id: sent.id, enabled: false, progress: null });
  });

  it('answers 401, and 404 without the course (or with it blocked) as for an unknown course', async () => {
    const course = await buildCourse(t.ctx);
    await buildModule(t.ctx, course.id);
    const url = `/api/pages/courses/${course.id}/modules`;
    expect((await call(t.app, { url })).statusCode).toBe(401);
    expect((await call(t.app, { url, cookie: outsider.cookie })).statusCode).toBe(404);
    await enableCourse(t.ctx, outsider.id, course.id);
    expect((await call(t.app, { url, cookie: outsider.cookie })).statusCode).toBe(200);
    await enableCourse(t.ctx, outsider.id, course.id, false);
    expect((await call(t.app, { url, cookie: outsider.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/pages/courses/${unknownId()}/modules`, cookie: outsider.cookie })).statusCode).toBe(404);
  });
});

describe('POST /api/modules', () => {
  let courseId: string;
  beforeAll(async () => {
    courseId = (await buildCourse(t.ctx)).id;
  });
  const body = (overrides: Record<string, unknown> = {}) =>
    JSON.parse(
      JSON.stringify({
        courseId,
        name: 'Reglas de juego',
        imageId,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        questions: ['¿Cuántos jugadores?', '¿Cuánto dura?'],
        ...overrides,
      }),
    ) as Record<string, unknown>;
  const post = (payload: unknown, cookie?: string) =>
    call(t.app, { method: 'POST', url: '/api/modules', body: payload, ...(cookie ? { cookie } : {}) });

  it('answers 401 and 403 and creates nothing', async () => {
    const before = (await modulesOf(courseId)).length;
    expect((await post(body())).statusCode).toBe(401);
    await enableCourse(t.ctx, student.id, courseId);
    expect((await post(body(), student.cookie)).statusCode).toBe(403);
    expect((await modulesOf(courseId)).length).toBe(before);
  });

  it('answers 404 for an unknown course', async () => {
    const response = await post(body({ courseId: unknownId() }), adminCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El curso no existe.' });
  });

  it.each([
    ['no course', { courseId: undefined }, messages.selectCourse],
    ['a blank name', { name: ' ' }, messages.requiredField],
    ['no image', { imageId: undefined }, messages.incomplete],
    ['an image that does not exist', { imageId: unknownId() }, messages.incomplete],
    ['a video address that is not one', { videoUrl: 'javascript:alert(1)' }, invalidVideo],
    ['a blank question', { questions: ['¿Uno?', '   '] }, 'La pregunta no puede estar vacía'],
    [
      '101 questions',
      { questions: Array.from({ length: 101 }, (_, i) => `¿Pregunta ${i}?`) },
      'Un módulo puede tener como máximo 100 preguntas',
    ],
  ])('answers %s with 400 and a Spanish message, creating nothing', async (_case, overrides, message) => {
    const before = (await modulesOf(courseId)).length;
    const response = await post(body(overrides), adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message });
    expect((await modulesOf(courseId)).length).toBe(before);
  });

  it('creates modules at the end of the course, with their questions in order', async () => {
    const course = await buildCourse(t.ctx);
    const first = await post(body({ courseId: course.id, name: 'Primero' }), adminCookie);
    const second = await post(
      body({ courseId: course.id, name: 'Segundo', videoUrl: 'https://cdn.example.com/clase.mp4', questions: [] }),
      adminCookie,
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json().module).toEqual({
      id: expect.any(String),
      courseId: course.id,
      name: 'Primero',
      imageUrl: `/api/images/${imageId}`,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoFile: null,
      videoRenditions: [],
      posterUrl: null,
      captionsUrl: null,
      videoProcessing: null,
      videoDuration: null,
      position: 0,
      questions: [
        { id: expect.any(String), text: '¿Cuántos jugadores?' },
        { id: expect.any(String), text: '¿Cuánto dura?' },
      ],
      hasStudentWork: false,
      minPaid: null,
    });
    expect(second.json().module).toMatchObject({ name: 'Segundo', position: 1, questions: [] });
    expect((await modulesOf(course.id)).map((m) => m.name)).toEqual(['Primero', 'Segundo']);
  });
});

describe('GET /api/pages/modules/:moduleId', () => {
  it('shows a student the module only while both the module and its course are enabled', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Secreta?'] });
    const viewer = await signedIn(t.app, t.ctx);
    const get = () => call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: viewer.cookie });

    expect((await get()).statusCode).toBe(404);
    await enableCourse(t.ctx, viewer.id, course.id);
    expect((await get()).statusCode).toBe(404); // course only

    await enableModule(t.ctx, viewer.id, module.id);
    const allowed = await get();
    expect(allowed.statusCode).toBe(200);
    // Without the question list (the student gets the questions through their activity), with their state.
    expect(allowed.json().module).toEqual({
      id: module.id,
      courseId: course.id,
      name: module.name,
      imageUrl: module.imageUrl,
      videoUrl: module.videoUrl,
      videoFile: null,
      videoRenditions: [],
      posterUrl: null,
      captionsUrl: null,
      position: 0,
      progress: 'sin-responder',
      jugadas: null,
      watched: null,
    });

    await enableCourse(t.ctx, viewer.id, course.id, false);
    const courseBlocked = await get();
    expect(courseBlocked.statusCode).toBe(404);
    expect(courseBlocked.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });

    await enableCourse(t.ctx, viewer.id, course.id);
    await enableModule(t.ctx, viewer.id, module.id, false);
    expect((await get()).statusCode).toBe(404);
  });

  it('gives the admin the module with its questions, and answers 401 and 404', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Una?'] });
    const asAdmin = await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: adminCookie });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().module.questions).toEqual([{ id: expect.any(String), text: '¿Una?' }]);
    expect((await call(t.app, { url: `/api/pages/modules/${module.id}` })).statusCode).toBe(401);
    const unknown = await call(t.app, { url: `/api/pages/modules/${unknownId()}`, cookie: student.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El módulo no existe.' });
  });
});

describe('PATCH /api/modules/:moduleId', () => {
  const patch = (id: string, payload: unknown, cookie?: string) =>
    call(t.app, { method: 'PATCH', url: `/api/modules/${id}`, body: payload, ...(cookie ? { cookie } : {}) });

  it('answers 401, 403 to a student who has the module, and 404, changing nothing', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, module.id);
    const before = await moduleRow(module.id);
    expect((await patch(module.id, { name: 'Nuevo' })).statusCode).toBe(401);
    expect((await patch(module.id, { name: 'Nuevo' }, student.cookie)).statusCode).toBe(403);
    expect((await patch(unknownId(), { name: 'Nuevo' }, adminCookie)).statusCode).toBe(404);
    expect(await moduleRow(module.id)).toEqual(before);
  });

  it.each([
    ['a blank name', { name: '' }, messages.requiredField],
    ['a bad video address', { videoUrl: 'no es un video' }, invalidVideo],
    ['a blank question', { questions: [''] }, 'La pregunta no puede estar vacía'],
    ['an image that does not exist', { imageId: unknownId() }, messages.incomplete],
  ])('answers %s with 400 and leaves the module and its questions as they were', async (_case, payload, message) => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Original?'] });
    const before = await moduleRow(module.id);
    const response = await patch(module.id, { name: 'Cambiado', questions: ['¿Cambiada?'], ...payload }, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await moduleRow(module.id)).toEqual(before);
    expect(await questionsOf(module.id)).toEqual(['¿Original?']);
  });

  it('edits the module; students who already have it keep their copy of the questions and their answers', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: ['¿Vieja?'] });
    const holder = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, holder.id, module.id);
    const { items } = await activityOf(t.ctx, holder.id, module.id);
    await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/activity/answers`,
      cookie: holder.cookie,
      body: { answers: [{ itemId: items[0]!.id, answer: 'Mi respuesta' }] },
    });

    const response = await patch(module.id, { name: 'Renombrado', questions: ['¿Nueva 1?', '¿Nueva 2?'] }, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().module).toMatchObject({
      id: module.id,
      name: 'Renombrado',
      videoUrl: module.videoUrl,
      questions: [{ text: '¿Nueva 1?' }, { text: '¿Nueva 2?' }],
    });

    const kept = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: holder.cookie });
    expect(kept.json().activity.items).toMatchObject([{ question: '¿Vieja?', answer: 'Mi respuesta' }]);

    const newcomer = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, newcomer.id, module.id);
    const fresh = await call(t.app, { url: `/api/pages/modules/${module.id}/activity`, cookie: newcomer.cookie });
    expect(fresh.json().activity.items.map((i: { question: string }) => i.question)).toEqual(['¿Nueva 1?', '¿Nueva 2?']);
  });
});

describe('PUT /api/courses/:courseId/modules/order', () => {
  let courseId: string;
  let ids: string[];
  beforeAll(async () => {
    const course = await buildCourse(t.ctx);
    courseId = course.id;
    ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await buildModule(t.ctx, course.id, { name })).id);
  });
  const put = (moduleIds: unknown, cookie?: string, course = courseId) =>
    call(t.app, { method: 'PUT', url: `/api/courses/${course}/modules/order`, body: { moduleIds }, ...(cookie ? { cookie } : {}) });
  const order = async () => (await modulesOf(courseId)).map((m) => m.name);

  it('answers 401, 403 and 404, changing nothing', async () => {
    await enableModule(t.ctx, student.id, ids[0]!);
    expect((await put([ids[2], ids[1], ids[0]])).statusCode).toBe(401);
    expect((await put([ids[2], ids[1], ids[0]], student.cookie)).statusCode).toBe(403);
    const unknown = await put(ids, adminCookie, unknownId());
    expect(unknown.statusCode).toBe(404);
    expect(await order()).toEqual(['A', 'B', 'C']);
  });

  it.each([
    ['a module twice', () => [ids[0], ids[0], ids[1], ids[2]]],
    ['a module missing', () => [ids[1], ids[0]]],
    ['the same module replacing another', () => [ids[0], ids[1], ids[1]]],
    ['a module of another course', () => [ids[0], ids[1], unknownId()]],
  ])('answers a list with %s with 400 and keeps the order', async (_case, list) => {
    const response = await put(list(), adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'La lista debe incluir cada módulo del curso una sola vez.',
    });
    expect(await order()).toEqual(['A', 'B', 'C']);
  });

  it('answers an empty or malformed list with 400', async () => {
    expect((await put([], adminCookie)).statusCode).toBe(400);
    expect((await put('A,B,C', adminCookie)).statusCode).toBe(400);
    expect(await order()).toEqual(['A', 'B', 'C']);
  });

  it('applies the new order for the admin and the students', async () => {
    const response = await put([ids[2], ids[0], ids[1]], adminCookie);
    expect(response.statusCode).toBe(204);
    expect(await order()).toEqual(['C', 'A', 'B']);
    const mine = await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie: student.cookie });
    expect(mine.json().modules.map((m: { name: string; position: number }) => [m.name, m.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });
});

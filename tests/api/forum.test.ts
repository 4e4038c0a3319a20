// A module's forum: messages, admin deletes and the NUEVOS MENSAJES badge. Live events: live-events.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessage } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildMessage, buildModule, enableCourse, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let courseId: string;
let moduleId: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let classmate: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  student = await signedIn(t.app, t.ctx, 'student', { name: 'Sofía Ramírez' });
  classmate = await signedIn(t.app, t.ctx);
  outsider = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, moduleId);
  await enableModule(t.ctx, classmate.id, moduleId);
  // The outsider has the course, but not this module.
  await enableCourse(t.ctx, outsider.id, courseId);
});
afterAll(async () => {
  await t?.close();
});

const post = (body: unknown, cookie?: string, module = moduleId) =>
  call(t.app, { method: 'POST', url: `/api/modules/${module}/messages`, body, ...(cookie ? { cookie } : {}) });
const list = async (cookie: string, module = moduleId) => {
  const response = await call(t.app, { url: `/api/modules/${module}/messages`, cookie });
  expect(response.statusCode).toBe(200);
  return response.json().messages as { id: string; body: string; mine: boolean; isAdmin: boolean; authorName: string }[];
};
const storedCount = async (module = moduleId) =>
  (await t.ctx.db.select().from(forumMessage).where(eq(forumMessage.moduleId, module))).length;

describe('GET and POST /api/modules/:moduleId/messages', () => {
  it('lets students with the module and admins talk, oldest message first, each seeing which are theirs', async () => {
    const module = (await buildModule(t.ctx, courseId)).id;
    await enableModule(t.ctx, student.id, module);
    await enableModule(t.ctx, classmate.id, module);

    const asked = await post({ body: '  ¿El pasivo se avisa con el brazo?  ' }, student.cookie, module);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().message).toEqual({
      id: expect.any(String),
      moduleId: module,
      authorName: 'Sofía Ramírez',
      isAdmin: false,
      body: '¿El pasivo se avisa con el brazo?',
      createdAt: expect.any(String),
      mine: true,
    });
    const answered = await post({ body: 'Sí, levantando el brazo.' }, adminCookie, module);
    expect(answered.statusCode).toBe(201);
    expect(answered.json().message).toMatchObject({ authorName: 'Administrador', isAdmin: true, mine: true });

    const seenByClassmate = await list(classmate.cookie, module);
    expect(seenByClassmate.map((m) => [m.body, m.isAdmin, m.mine])).toEqual([
      ['¿El pasivo se avisa con el brazo?', false, false],
      ['Sí, levantando el brazo.', true, false],
    ]);
    expect((await list(student.cookie, module)).map((m) => m.mine)).toEqual([true, false]);
    expect((await list(adminCookie, module)).map((m) => m.mine)).toEqual([false, true]);
  });

  it('stores and returns markup as plain text, unchanged', async () => {
    const body = '<script>alert("hola")</script><img src=x onerror=alert(1)> & &amp;';
    const response = await post({ body }, student.cookie);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message.body).toBe(body);
    expect((await list(classmate.cookie)).at(-1)?.body).toBe(body);
    const [row] = await t.ctx.db.select().from(forumMessage).where(eq(forumMessage.id, response.json().message.id));
    expect(row?.body).toBe(body);
  });

  it('accepts 2,000 characters, counting an emoji as one', async () => {
    expect((await post({ body: 'a'.repeat(2000) }, student.cookie)).statusCode).toBe(201);
    const emoji = '🤾'.repeat(2000);
    const response = await post({ body: emoji }, student.cookie);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message.body).toBe(emoji);
  });

  it.each([
    ['an empty message', { body: '' }, 'Escribí un mensaje antes de enviarlo.'],
    ['a message of only spaces', { body: ' \n\t ' }, 'Escribí un mensaje antes de enviarlo.'],
    ['no message', {}, 'Escribí un mensaje.'],
    ['a message that is not text', { body: 42 }, 'Escribí un mensaje.'],
    ['2,001 characters', { body: 'a'.repeat(2001) }, 'El mensaje no puede tener más de 2.000 caracteres'],
    ['2,001 emoji', { body: '🤾'.repeat(2001) }, 'El mensaje no puede tener más de 2.000 caracteres'],
  ])('answers %s with 400 and a Spanish message, storing nothing', async (_case, body, message) => {
    const before = await storedCount();
    const response = await post(body, student.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message, fields: { body: message } });
    expect(await storedCount()).toBe(before);
  });

  it('answers 401 and 404 (no module; module blocked; course blocked; unknown), storing nothing', async () => {
    const before = await storedCount();
    expect((await post({ body: 'Hola' })).statusCode).toBe(401);
    expect((await call(t.app, { url: `/api/modules/${moduleId}/messages` })).statusCode).toBe(401);

    const hidden = await post({ body: 'Hola' }, outsider.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });
    expect((await call(t.app, { url: `/api/modules/${moduleId}/messages`, cookie: outsider.cookie })).statusCode).toBe(404);

    const leaving = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, leaving.id, moduleId);
    await enableModule(t.ctx, leaving.id, moduleId, false);
    expect((await post({ body: 'Hola' }, leaving.cookie)).statusCode).toBe(404);
    await enableModule(t.ctx, leaving.id, moduleId);
    await enableCourse(t.ctx, leaving.id, courseId, false);
    expect((await post({ body: 'Hola' }, leaving.cookie)).statusCode).toBe(404);
    expect(await storedCount()).toBe(before);

    const unknown = await post({ body: 'Hola' }, adminCookie, unknownId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('El módulo no existe.');
    expect((await call(t.app, { url: `/api/modules/${unknownId()}/messages`, cookie: student.cookie })).statusCode).toBe(404);
  });
});

describe('DELETE /api/messages/:messageId', () => {
  it('lets an admin delete any message', async () => {
    const message = await buildMessage(t.ctx, moduleId, student, 'Mensaje fuera de lugar');
    const response = await call(t.app, { method: 'DELETE', url: `/api/messages/${message.id}`, cookie: adminCookie });
    expect(response.statusCode).toBe(204);
    expect((await list(student.cookie)).map((m) => m.id)).not.toContain(message.id);
  });

  it('answers 401 and 403 (even to the author) and keeps the message; 404 for an unknown one', async () => {
    const message = await buildMessage(t.ctx, moduleId, student, 'Mío');
    const url = `/api/messages/${message.id}`;
    expect((await call(t.app, { method: 'DELETE', url })).statusCode).toBe(401);
    const own = await call(t.app, { method: 'DELETE', url, cookie: student.cookie });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
    expect((await list(student.cookie)).map((m) => m.id)).toContain(message.id);

    const unknown = await call(t.app, { method: 'DELETE', url: `/api/messages/${unknownId()}`, cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El mensaje no existe.' });
  });
});

describe('NUEVOS MENSAJES: GET /api/courses/:courseId/forum and POST /api/modules/:moduleId/messages/read', () => {
  it('raises the badge on a student message, clears it when an admin reads, and keeps it clear after an admin reply', async () => {
    const course = await buildCourse(t.ctx);
    const quiet = await buildModule(t.ctx, course.id, { name: 'Silencioso' });
    const busy = await buildModule(t.ctx, course.id, { name: 'Con preguntas' });
    await enableModule(t.ctx, student.id, busy.id);
    const badges = async () => {
      const response = await call(t.app, { url: `/api/courses/${course.id}/forum`, cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      return (response.json().modules as { name: string; newMessages: boolean }[]).map((m) => [m.name, m.newMessages]);
    };
    const read = () => call(t.app, { method: 'POST', url: `/api/modules/${busy.id}/messages/read`, cookie: adminCookie });

    expect(await badges()).toEqual([
      ['Silencioso', false],
      ['Con preguntas', false],
    ]);
    expect((await post({ body: '¿Alguien?' }, student.cookie, busy.id)).statusCode).toBe(201);
    expect(await badges()).toEqual([
      ['Silencioso', false],
      ['Con preguntas', true],
    ]);
    expect((await read()).statusCode).toBe(204);
    expect(await badges()).toEqual([
      ['Silencioso', false],
      ['Con preguntas', false],
    ]);
    expect((await post({ body: 'Acá estoy.' }, adminCookie, busy.id)).statusCode).toBe(201);
    expect((await badges())[1]).toEqual(['Con preguntas', false]);
    expect((await post({ body: 'Gracias' }, student.cookie, busy.id)).statusCode).toBe(201);
    expect((await badges())[1]).toEqual(['Con preguntas', true]);
    // Reading twice is harmless.
    expect((await read()).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(204);
    expect((await badges())[1]).toEqual(['Con preguntas', false]);
    void quiet;
  });

  it('answers 401, 403 to students and 404 for unknown ids', async () => {
    const forum = `/api/courses/${courseId}/forum`;
    const read = `/api/modules/${moduleId}/messages/read`;
    expect((await call(t.app, { url: forum })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: read })).statusCode).toBe(401);
    expect((await call(t.app, { url: forum, cookie: student.cookie })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: read, cookie: student.cookie })).statusCode).toBe(403);
    const unknownCourse = await call(t.app, { url: `/api/courses/${unknownId()}/forum`, cookie: adminCookie });
    expect(unknownCourse.statusCode).toBe(404);
    expect(unknownCourse.json().error.message).toBe('El curso no existe.');
    const unknownModule = await call(t.app, { method: 'POST', url: `/api/modules/${unknownId()}/messages/read`, cookie: adminCookie });
    expect(unknownModule.statusCode).toBe(404);
    expect(unknownModule.json().error.message).toBe('El módulo no existe.');
  });
});

describe("'Responder Preguntas' for every course: GET /api/forum/modules", () => {
  it('lists the forums of every course not archived, those with new messages first, the latest written first', async () => {
    const first = await buildCourse(t.ctx, { name: 'Curso A' });
    const second = await buildCourse(t.ctx, { name: 'Curso B' });
    const archived = await buildCourse(t.ctx, { name: 'Curso archivado' });
    const a1 = await buildModule(t.ctx, first.id, { name: 'A1' });
    const b1 = await buildModule(t.ctx, second.id, { name: 'B1' });
    const b2 = await buildModule(t.ctx, second.id, { name: 'B2' });
    const gone = await buildModule(t.ctx, archived.id, { name: 'Archivado' });
    for (const module of [a1, b1, b2, gone]) await enableModule(t.ctx, student.id, module.id);
    await post({ body: 'Primero en B2' }, student.cookie, b2.id);
    await post({ body: 'Después en A1' }, student.cookie, a1.id);
    await post({ body: 'En el archivado' }, student.cookie, gone.id);
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/courses/${archived.id}/archived`, body: { archived: true }, cookie: adminCookie }))
        .statusCode,
    ).toBe(200);

    const listed = async () => {
      const response = await call(t.app, { url: '/api/forum/modules', cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      const modules = response.json().modules as Array<{ name: string; courseName: string; newMessages: boolean }>;
      return modules
        .filter((m) => ['Curso A', 'Curso B', 'Curso archivado'].includes(m.courseName))
        .map((m) => [m.courseName, m.name, m.newMessages]);
    };
    expect(await listed()).toEqual([
      ['Curso A', 'A1', true],
      ['Curso B', 'B2', true],
      ['Curso B', 'B1', false],
    ]);
    // Read, it goes back among the rest, in its course's place.
    expect((await call(t.app, { method: 'POST', url: `/api/modules/${a1.id}/messages/read`, cookie: adminCookie })).statusCode).toBe(204);
    expect(await listed()).toEqual([
      ['Curso B', 'B2', true],
      ['Curso A', 'A1', false],
      ['Curso B', 'B1', false],
    ]);
    expect((await call(t.app, { url: '/api/forum/modules' })).statusCode).toBe(401);
    expect((await call(t.app, { url: '/api/forum/modules', cookie: student.cookie })).statusCode).toBe(403);
  });
});

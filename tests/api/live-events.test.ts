// Live forum events (Server-Sent Events): who may open a stream, and what arrives on it.
// Refusals are checked with inject; delivery over a real connection to a listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import type { LiveEvent } from '../../src/shared/schemas/forum.ts';
import { buildCourse, buildModule, enableCourse, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { listen, openEventStream, type EventStream, type ServerEvent } from './helpers/live.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let baseUrl: string;
let adminCookie: string;
let courseId: string;
let moduleId: string;
let otherModuleId: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let classmate: Awaited<ReturnType<typeof signedIn>>;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  otherModuleId = (await buildModule(t.ctx, courseId)).id;
  student = await signedIn(t.app, t.ctx, 'student', { name: 'Martina Gómez' });
  classmate = await signedIn(t.app, t.ctx);
  for (const id of [moduleId, otherModuleId]) {
    await enableModule(t.ctx, student.id, id);
    await enableModule(t.ctx, classmate.id, id);
  }
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

async function open(path: string, cookie: string) {
  const stream = await openEventStream(baseUrl, path, cookie);
  streams.push(stream);
  expect(stream.status, stream.body).toBe(200);
  return stream;
}
const post = (module: string, body: string, cookie: string) =>
  call(t.app, { method: 'POST', url: `/api/modules/${module}/messages`, body: { body }, cookie });
const parsed = (event: ServerEvent) => JSON.parse(event.data) as LiveEvent;
const isCreated = (messageId: string) => (event: ServerEvent) =>
  event.event === 'message.created' && (parsed(event) as { message?: { id: string } }).message?.id === messageId;

describe('GET /api/modules/:moduleId/events (refusals)', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const response = await call(t.app, { url: `/api/modules/${moduleId}/events` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
  });

  it('answers 403 to a student without the module, with it blocked, or with the course blocked', async () => {
    const other = await signedIn(t.app, t.ctx);
    const get = () => call(t.app, { url: `/api/modules/${moduleId}/events`, cookie: other.cookie });
    expect((await get()).statusCode).toBe(403);
    await enableCourse(t.ctx, other.id, courseId);
    expect((await get()).statusCode).toBe(403);
    await enableModule(t.ctx, other.id, moduleId);
    await enableModule(t.ctx, other.id, moduleId, false);
    expect((await get()).statusCode).toBe(403);
    await enableModule(t.ctx, other.id, moduleId);
    await enableCourse(t.ctx, other.id, courseId, false);
    const response = await get();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
  });

  it('answers 404 for an unknown module', async () => {
    const response = await call(t.app, { url: `/api/modules/${unknownId()}/events`, cookie: student.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('El módulo no existe.');
  });
});

describe('GET /api/forum/events (refusals)', () => {
  it('answers 401 to an anonymous visitor and 403 to a student', async () => {
    expect((await call(t.app, { url: '/api/forum/events' })).statusCode).toBe(401);
    const response = await call(t.app, { url: '/api/forum/events', cookie: student.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
  });
});

describe('live delivery', () => {
  it("streams a new message of the module to a student who has it, and nothing of other modules' forums", async () => {
    const stream = await open(`/api/modules/${moduleId}/events`, student.cookie);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');

    const elsewhere = await post(otherModuleId, 'En otro módulo', classmate.cookie);
    const here = await post(moduleId, '¿Cuándo se muestra la tarjeta amarilla? <b>urgente</b>', classmate.cookie);
    expect(here.statusCode).toBe(201);
    const message = here.json().message;

    const event = await stream.waitFor((e) => e.event === 'message.created');
    expect(parsed(event)).toEqual({
      type: 'message.created',
      courseId,
      moduleId,
      message: {
        id: message.id,
        moduleId,
        userId: classmate.id,
        authorName: classmate.name,
        isAdmin: false,
        body: '¿Cuándo se muestra la tarjeta amarilla? <b>urgente</b>',
        createdAt: message.createdAt,
      },
    });
    expect(parsed(event)).not.toHaveProperty('message.id', elsewhere.json().message.id);
  });

  it('tells the student when an admin deletes a message, and never sends badges to students', async () => {
    const stream = await open(`/api/modules/${moduleId}/events`, student.cookie);
    const message = (await post(moduleId, 'Para borrar', classmate.cookie)).json().message;
    await stream.waitFor(isCreated(message.id));
    expect((await call(t.app, { method: 'DELETE', url: `/api/messages/${message.id}`, cookie: adminCookie })).statusCode).toBe(204);
    const deleted = await stream.waitFor((e) => e.event !== 'message.created');
    expect(deleted.event).toBe('message.deleted');
    expect(parsed(deleted)).toEqual({ type: 'message.deleted', courseId, moduleId, messageId: message.id });
  });

  it("gives admins every module's messages and the NUEVOS MENSAJES badge changes", async () => {
    const stream = await open('/api/forum/events', adminCookie);
    const message = (await post(otherModuleId, 'Pregunta para el admin', student.cookie)).json().message;
    await stream.waitFor(isCreated(message.id));
    const raised = await stream.waitFor((e) => e.event === 'forum.badge');
    expect(parsed(raised)).toEqual({ type: 'forum.badge', courseId, moduleId: otherModuleId, newMessages: true });

    await call(t.app, { method: 'POST', url: `/api/modules/${otherModuleId}/messages/read`, cookie: adminCookie });
    const cleared = await stream.waitFor((e) => e.event === 'forum.badge');
    expect(parsed(cleared)).toEqual({ type: 'forum.badge', courseId, moduleId: otherModuleId, newMessages: false });
  });

  // Known gap: access is checked when the stream opens only, so a student whose module (or course)
  // is blocked keeps receiving its messages until they reload.
  it("closes a student's module stream when the module, its course, or the module for everyone is blocked", async () => {
    const putAccess = (url: string, enabled: boolean) => call(t.app, { method: 'PUT', url, body: { enabled }, cookie: adminCookie });
    const closed = (stream: EventStream) => stream.waitFor(() => false, 5000).then(() => 'evento', (error: Error) => error.message);
    const blocked = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, blocked.id, moduleId);

    // One student's module.
    let stream = await open(`/api/modules/${moduleId}/events`, blocked.cookie);
    const watching = await open(`/api/modules/${moduleId}/events`, classmate.cookie);
    expect((await putAccess(`/api/users/${blocked.id}/modules/${moduleId}/access`, false)).statusCode).toBe(204);
    expect(await closed(stream)).toBe('el servidor cerró el stream');
    const message = (await post(moduleId, 'Sigue abierto para los demás', classmate.cookie)).json().message;
    await watching.waitFor(isCreated(message.id));

    // One student's course.
    expect((await putAccess(`/api/users/${blocked.id}/modules/${moduleId}/access`, true)).statusCode).toBe(204);
    stream = await open(`/api/modules/${moduleId}/events`, blocked.cookie);
    expect((await putAccess(`/api/users/${blocked.id}/courses/${courseId}/access`, false)).statusCode).toBe(204);
    expect(await closed(stream)).toBe('el servidor cerró el stream');
    expect((await call(t.app, { url: `/api/modules/${moduleId}/events`, cookie: blocked.cookie })).statusCode).toBe(403);

    // The module for every student of the course; admins keep their stream.
    const admin = await open(`/api/modules/${otherModuleId}/events`, adminCookie);
    stream = await open(`/api/modules/${otherModuleId}/events`, classmate.cookie);
    expect((await putAccess(`/api/modules/${otherModuleId}/access`, false)).statusCode).toBe(200);
    expect(await closed(stream)).toBe('el servidor cerró el stream');
    const adminMessage = (await post(otherModuleId, 'Los instructores siguen viendo', adminCookie)).json().message;
    await admin.waitFor(isCreated(adminMessage.id));
    expect((await putAccess(`/api/modules/${otherModuleId}/access`, true)).statusCode).toBe(200);
  });

  it('delivers a message to every open stream, the author included', async () => {
    const mine = await open(`/api/modules/${moduleId}/events`, student.cookie);
    const theirs = await open(`/api/modules/${moduleId}/events`, classmate.cookie);
    const admin = await open(`/api/modules/${moduleId}/events`, adminCookie);
    const message = (await post(moduleId, 'Para todos', student.cookie)).json().message;
    for (const stream of [mine, theirs, admin]) {
      expect(parsed(await stream.waitFor(isCreated(message.id)))).toMatchObject({ message: { body: 'Para todos' } });
    }
  });
});

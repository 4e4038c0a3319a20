// Live forum events (Server-Sent Events): who may open a stream, and what arrives on it.
// Refusals are checked with inject; delivery over a real connection to a listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { liveEventSchema, type LiveEvent } from '../../src/shared/schemas/forum.ts';
import { createUser } from './helpers/builders.ts';
import { extractToken } from './helpers/mail.ts';
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
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
  });

  it('answers 404 (as for an unknown module) to a student without the module, with it blocked, or with the course blocked', async () => {
    const other = await signedIn(t.app, t.ctx);
    const get = () => call(t.app, { url: `/api/modules/${moduleId}/events`, cookie: other.cookie });
    expect((await get()).statusCode).toBe(404);
    await enableCourse(t.ctx, other.id, courseId);
    expect((await get()).statusCode).toBe(404);
    await enableModule(t.ctx, other.id, moduleId);
    await enableModule(t.ctx, other.id, moduleId, false);
    expect((await get()).statusCode).toBe(404);
    await enableModule(t.ctx, other.id, moduleId);
    await enableCourse(t.ctx, other.id, courseId, false);
    const response = await get();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.moduleNotFound } });
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
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
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
    // The same presenter as HTTP: exactly what the student's GET answers for that message, no author id.
    const listed = (await call(t.app, { url: `/api/modules/${moduleId}/messages`, cookie: student.cookie })).json().messages as {
      id: string;
    }[];
    const asListed = listed.find((m) => m.id === message.id);
    expect(asListed).toMatchObject({ mine: false });
    expect(parsed(event)).toEqual({ type: 'message.created', courseId, moduleId, message: asListed });
    expect(liveEventSchema.parse(parsed(event))).toEqual(parsed(event));
    expect(event.data).not.toContain(classmate.id);
    expect(event.data).not.toContain('userId');
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
  it("closes a team member's streams when they leave the team; back in, they hear the course again", async () => {
    const closed = (stream: EventStream) =>
      stream
        .waitFor(() => false, 5000)
        .then(
          () => 'evento',
          (error: Error) => error.message,
        );
    const person = await createUser(t.ctx);
    const team = (method: 'POST' | 'DELETE', url: string, body?: object) =>
      call(t.app, { method, url, cookie: adminCookie, ...(body ? { body } : {}) });
    expect((await team('POST', `/api/courses/${courseId}/team`, { userId: person.id, roles: ['ayudante'] })).statusCode).toBe(201);
    // On another course's team too, so the list of every forum stays theirs to open.
    const elsewhere = (await buildCourse(t.ctx)).id;
    expect((await team('POST', `/api/courses/${elsewhere}/team`, { userId: person.id, roles: ['ayudante'] })).statusCode).toBe(201);
    const cookie = await login(t.app, person.email, person.password);
    const everyForum = await open('/api/forum/events', cookie);
    const oneForum = await open(`/api/modules/${moduleId}/events`, cookie);
    expect((await team('DELETE', `/api/courses/${courseId}/team/${person.id}`)).statusCode).toBe(204);
    expect(await closed(everyForum)).toBe('el servidor cerró el stream');
    expect(await closed(oneForum)).toBe('el servidor cerró el stream');
    // Reconnected, the course's messages no longer reach them; its module's stream is refused.
    const again = await open('/api/forum/events', cookie);
    const message = (await post(moduleId, 'Ya no es del equipo', student.cookie)).json().message;
    await expect(again.waitFor(isCreated(message.id), 1000)).rejects.toThrow(/no llegó/);
    expect((await call(t.app, { url: `/api/modules/${moduleId}/events`, cookie })).statusCode).toBe(404);
    // Added again: the open list reconnects with the course in it.
    expect((await team('POST', `/api/courses/${courseId}/team`, { userId: person.id, roles: ['ayudante'] })).statusCode).toBe(201);
    expect(await closed(again)).toBe('el servidor cerró el stream');
    const back = await open('/api/forum/events', cookie);
    const next = (await post(moduleId, 'Otra vez del equipo', student.cookie)).json().message;
    await back.waitFor(isCreated(next.id));
  });

  it("closes a student's module stream when the module, its course, or the module for everyone is blocked", async () => {
    const putAccess = (url: string, enabled: boolean) => call(t.app, { method: 'PUT', url, body: { enabled }, cookie: adminCookie });
    const closed = (stream: EventStream) =>
      stream
        .waitFor(() => false, 5000)
        .then(
          () => 'evento',
          (error: Error) => error.message,
        );
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
    expect((await call(t.app, { url: `/api/modules/${moduleId}/events`, cookie: blocked.cookie })).statusCode).toBe(404);

    // The module for every student of the course; admins keep their stream.
    const admin = await open(`/api/modules/${otherModuleId}/events`, adminCookie);
    stream = await open(`/api/modules/${otherModuleId}/events`, classmate.cookie);
    expect((await putAccess(`/api/modules/${otherModuleId}/access`, false)).statusCode).toBe(200);
    expect(await closed(stream)).toBe('el servidor cerró el stream');
    const adminMessage = (await post(otherModuleId, 'Los instructores siguen viendo', adminCookie)).json().message;
    await admin.waitFor(isCreated(adminMessage.id));
    expect((await putAccess(`/api/modules/${otherModuleId}/access`, true)).statusCode).toBe(200);
  });

  it('delivers a message to every open stream, the author included, each presented for its reader', async () => {
    const mine = await open(`/api/modules/${moduleId}/events`, student.cookie);
    const theirs = await open(`/api/modules/${moduleId}/events`, classmate.cookie);
    const admin = await open(`/api/modules/${moduleId}/events`, adminCookie);
    const posted = await post(moduleId, 'Para todos', student.cookie);
    const message = posted.json().message;
    expect(parsed(await mine.waitFor(isCreated(message.id)))).toMatchObject({ message: { ...message, mine: true } });
    for (const stream of [theirs, admin]) {
      expect(parsed(await stream.waitFor(isCreated(message.id)))).toMatchObject({ message: { ...message, mine: false } });
    }
  });

  it('saves and answers 201 when announcing the message fails: the failure is logged, not a 500', async () => {
    const failing = t.ctx.events.subscribe(() => {
      throw new Error('un suscriptor roto');
    });
    const pool = t.ctx.database.pool;
    const query = pool?.query.bind(pool);
    if (pool) {
      // NOTIFY itself fails on PostgreSQL.
      pool.query = ((text: unknown, ...rest: unknown[]) =>
        typeof text === 'string' && text.includes('pg_notify')
          ? Promise.reject(new Error('NOTIFY falló'))
          : (query as (...a: unknown[]) => unknown)(text, ...rest)) as typeof pool.query;
    }
    try {
      const posted = await post(moduleId, 'Guardado aunque el aviso falle', classmate.cookie);
      expect(posted.statusCode, posted.body).toBe(201);
      const listed = (await call(t.app, { url: `/api/modules/${moduleId}/messages`, cookie: classmate.cookie })).json().messages as {
        id: string;
      }[];
      expect(listed.map((m) => m.id)).toContain(posted.json().message.id);
    } finally {
      failing();
      if (pool && query) pool.query = query as typeof pool.query;
    }
  });
});

describe('streams end with their session', () => {
  const closed = (stream: EventStream) =>
    stream
      .waitFor(() => false, 5000)
      .then(
        () => 'evento',
        (error: Error) => error.message,
      );

  it('ends the stream of a session that signs out, and only that one', async () => {
    const someone = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, someone.id, moduleId);
    const otherDevice = await login(t.app, someone.email, someone.password);
    const stream = await open(`/api/modules/${moduleId}/events`, someone.cookie);
    const kept = await open(`/api/modules/${moduleId}/events`, otherDevice);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie: someone.cookie })).statusCode).toBe(204);
    expect(await closed(stream)).toBe('el servidor cerró el stream');
    const message = (await post(moduleId, 'Sigue abierto en el otro dispositivo', classmate.cookie)).json().message;
    await kept.waitFor(isCreated(message.id));
  });

  it("ends every stream of a user whose password is reset (an admin's too)", async () => {
    const someone = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, someone.id, moduleId);
    await enableModule(t.ctx, someone.id, otherModuleId);
    const streamsOfUser = [
      await open(`/api/modules/${moduleId}/events`, someone.cookie),
      await open(`/api/modules/${otherModuleId}/events`, someone.cookie),
    ];
    const admin = await signedIn(t.app, t.ctx, 'admin');
    const adminStream = await open('/api/forum/events', admin.cookie);
    const watching = await open(`/api/modules/${moduleId}/events`, classmate.cookie);

    for (const who of [someone, admin]) {
      const sent = t.mails.length;
      await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: who.email } });
      expect(t.mails).toHaveLength(sent + 1);
      const reset = await call(t.app, {
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: extractToken(t.mails.at(-1)!), password: 'otra-clave-1' },
      });
      expect(reset.statusCode).toBe(200);
    }
    for (const stream of [...streamsOfUser, adminStream]) expect(await closed(stream)).toBe('el servidor cerró el stream');
    expect((await call(t.app, { url: `/api/modules/${moduleId}/events`, cookie: someone.cookie })).statusCode).toBe(401);
    const message = (await post(moduleId, 'Los demás siguen', classmate.cookie)).json().message;
    await watching.waitFor(isCreated(message.id));
  });
});

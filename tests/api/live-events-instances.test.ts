// Several app instances behind one PostgreSQL database: a message posted on one instance
// reaches the event streams open on another (LISTEN/NOTIFY), however long it is.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent } from '../../src/shared/schemas/forum.ts';
import { buildCourse, buildModule, enableModule } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { call, login } from './helpers/http.ts';
import { listen, openEventStream, type EventStream, type ServerEvent } from './helpers/live.ts';
import { extractToken } from './helpers/mail.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

const onPostgres = inject('testDatabase').kind === 'postgres';
if (!onPostgres) console.warn('Skipping the two-instance live event tests: they need PostgreSQL (set TEST_DATABASE_URL).');

describe.skipIf(!onPostgres)('two app instances sharing PostgreSQL (skipped without TEST_DATABASE_URL: needs a PostgreSQL server)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;
  let moduleId: string;
  let courseId: string;
  let studentCookie: string;
  let adminCookie: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ database });
    b = await createTestApp({ database });
    baseUrlB = await listen(b.app);

    courseId = (await buildCourse(a.ctx)).id;
    moduleId = (await buildModule(a.ctx, courseId)).id;
    const student = await createUser(a.ctx);
    await enableModule(a.ctx, student.id, moduleId);
    // Sessions live in the database: signed in on A, recognised on B.
    studentCookie = await login(a.app, student.email, student.password);
    adminCookie = await login(b.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  async function openOnB(path: string, cookie: string) {
    const stream = await openEventStream(baseUrlB, path, cookie);
    streams.push(stream);
    expect(stream.status, stream.body).toBe(200);
    return stream;
  }
  const postOnA = (body: string) =>
    call(a.app, { method: 'POST', url: `/api/modules/${moduleId}/messages`, body: { body }, cookie: studentCookie });
  const isCreated = (id: string) => (event: ServerEvent) =>
    event.event === 'message.created' && (JSON.parse(event.data) as { message?: { id: string } }).message?.id === id;

  it('delivers a message posted on instance A to a stream open on instance B', async () => {
    const stream = await openOnB(`/api/modules/${moduleId}/events`, studentCookie);
    const posted = await postOnA('Desde la instancia A');
    expect(posted.statusCode).toBe(201);
    const event = await stream.waitFor(isCreated(posted.json().message.id));
    expect(JSON.parse(event.data)).toMatchObject({
      type: 'message.created',
      courseId,
      moduleId,
      message: { body: 'Desde la instancia A' },
    });
  });

  it('delivers the NUEVOS MENSAJES badge to an admin on the other instance', async () => {
    const stream = await openOnB('/api/forum/events', adminCookie);
    const posted = await postOnA('¿Me leen?');
    await stream.waitFor(isCreated(posted.json().message.id));
    const badge = await stream.waitFor((e) => e.event === 'forum.badge');
    expect(JSON.parse(badge.data) as LiveEvent).toEqual({ type: 'forum.badge', courseId, moduleId, newMessages: true });
  });

  it('delivers, complete, a message too long for a NOTIFY payload (2,000 four-byte emoji)', async () => {
    const body = '🤾'.repeat(2000);
    expect(Buffer.byteLength(body)).toBe(8000); // PostgreSQL refuses NOTIFY payloads of 8000 bytes or more
    const stream = await openOnB(`/api/modules/${moduleId}/events`, studentCookie);
    const posted = await postOnA(body);
    expect(posted.statusCode, posted.body).toBe(201);
    const event = await stream.waitFor(isCreated(posted.json().message.id));
    const delivered = JSON.parse(event.data) as Extract<LiveEvent, { type: 'message.created' }>;
    expect(delivered.message.body).toBe(body);
    // Presented for the stream's reader (the author here) by the HTTP presenter.
    expect(delivered.message).toEqual(posted.json().message);
  });

  it('ends, on instance B, the streams of a session signed out (or a password reset) on instance A', async () => {
    const closed = (stream: EventStream) =>
      stream
        .waitFor(() => false, 5000)
        .then(
          () => 'evento',
          (error: Error) => error.message,
        );
    const someone = await createUser(a.ctx);
    await enableModule(a.ctx, someone.id, moduleId);
    const first = await login(a.app, someone.email, someone.password);
    const second = await login(a.app, someone.email, someone.password);
    const signedOut = await openOnB(`/api/modules/${moduleId}/events`, first);
    const other = await openOnB(`/api/modules/${moduleId}/events`, second);
    expect((await call(a.app, { method: 'POST', url: '/api/auth/logout', cookie: first })).statusCode).toBe(204);
    expect(await closed(signedOut)).toBe('el servidor cerró el stream');

    const sent = a.mails.length;
    await call(a.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: someone.email } });
    expect(a.mails).toHaveLength(sent + 1);
    const reset = await call(a.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: extractToken(a.mails.at(-1)!), password: 'otra-clave-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await closed(other)).toBe('el servidor cerró el stream');
  });
});

// Several app instances behind one PostgreSQL database: a message posted on one instance
// reaches the event streams open on another (LISTEN/NOTIFY), however long it is.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent } from '../../src/shared/schemas/forum.ts';
import { buildCourse, buildModule, enableModule } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { call, login } from './helpers/http.ts';
import { listen, openEventStream, type EventStream, type ServerEvent } from './helpers/live.ts';
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
  const postOnA = (body: string) => call(a.app, { method: 'POST', url: `/api/modules/${moduleId}/messages`, body: { body }, cookie: studentCookie });
  const isCreated = (id: string) => (event: ServerEvent) =>
    event.event === 'message.created' && (JSON.parse(event.data) as { message?: { id: string } }).message?.id === id;

  it('delivers a message posted on instance A to a stream open on instance B', async () => {
    const stream = await openOnB(`/api/modules/${moduleId}/events`, studentCookie);
    const posted = await postOnA('Desde la instancia A');
    expect(posted.statusCode).toBe(201);
    const event = await stream.waitFor(isCreated(posted.json().message.id));
    expect(JSON.parse(event.data)).toMatchObject({ type: 'message.created', courseId, moduleId, message: { body: 'Desde la instancia A' } });
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
    expect(delivered.message).toEqual({ ...posted.json().message, userId: expect.any(String), mine: undefined });
  });
});

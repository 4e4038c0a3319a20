// The live forum after a PostgreSQL outage: each instance's LISTEN connection reconnects with
// backoff for as long as it takes, and replays what was written while it was away, so streams
// opened before the outage (and new ones) receive messages again. Runs its own throwaway
// PostgreSQL, which it stops for 8 seconds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { createUser } from '../api/helpers/builders.ts';
import { buildCourse, buildModule, enableModule } from '../api/helpers/content.ts';
import { call, login } from '../api/helpers/http.ts';
import { listen, openEventStream, type EventStream, type ServerEvent } from '../api/helpers/live.ts';
import { createTestApp, type TestApp } from '../api/helpers/test-app.ts';

// It runs its own server whatever the suite's database, so it runs once: with the suite on PostgreSQL.
const onPostgres = inject('testDatabase').kind === 'postgres';
const throwaway = onPostgres ? await startThrowawayPostgres().catch(() => null) : null;
if (onPostgres && !throwaway)
  console.warn('Skipping the live outage test: it needs root and PostgreSQL binaries to run a throwaway server.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!throwaway)('live events across a PostgreSQL outage (with the suite on PostgreSQL, and a throwaway server)', () => {
  const postgres = throwaway as ThrowawayPostgres;
  let dataDir: string;
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;
  let moduleId: string;
  let cookie: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aula-outage-'));
    const database = { dataDir, databaseUrl: postgres.url, drop: async () => undefined };
    a = await createTestApp({ database });
    b = await createTestApp({ database });
    baseUrlB = await listen(b.app);
    const courseId = (await buildCourse(a.ctx)).id;
    moduleId = (await buildModule(a.ctx, courseId)).id;
    const student = await createUser(a.ctx);
    await enableModule(a.ctx, student.id, moduleId);
    cookie = await login(a.app, student.email, student.password);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.close();
    await b?.close();
    postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (body: string) => call(a.app, { method: 'POST', url: `/api/modules/${moduleId}/messages`, body: { body }, cookie });
  const isCreated = (id: string) => (event: ServerEvent) =>
    event.event === 'message.created' && (JSON.parse(event.data) as { message?: { id: string } }).message?.id === id;
  async function openOnB() {
    const stream = await openEventStream(baseUrlB, `/api/modules/${moduleId}/events`, cookie);
    streams.push(stream);
    expect(stream.status, stream.body).toBe(200);
    return stream;
  }

  it('delivers again, to a stream opened before the outage and to a new one, and replays what was missed', async () => {
    const before = await openOnB();
    const first = await post('Antes del corte');
    await before.waitFor(isCreated(first.json().message.id));

    postgres.pause();
    await sleep(8000);
    postgres.resume();

    // Posted as soon as the database answers again: instance B may not be listening yet, and
    // gets it by replaying what it missed.
    let posted = await post('Apenas volvió la base');
    for (let i = 0; posted.statusCode !== 201 && i < 50; i += 1) {
      await sleep(200);
      posted = await post('Apenas volvió la base');
    }
    expect(posted.statusCode, posted.body).toBe(201);
    await before.waitFor(isCreated(posted.json().message.id), 20_000);

    const after = await openOnB();
    const later = await post('Después del corte');
    expect(later.statusCode).toBe(201);
    await after.waitFor(isCreated(later.json().message.id));
    await before.waitFor(isCreated(later.json().message.id));
  });
});

// What an operator relies on: request ids in logs and error bodies, the scheduled clean-up
// (one instance at a time), and a graceful shutdown of the real process.
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { courseModule, rateLimit, session, verification, video } from '../../src/server/db/schema.ts';
import { deleteModule } from '../../src/server/courses/archive.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { cleanUp, cleanUpOnce } from '../../src/server/maintenance/cleanup.ts';
import { buildCourse, buildModule, createImage } from '../api/helpers/content.ts';
import { multipart, pdfBytes, pngBytes, storedFiles, webmBytes } from '../api/helpers/files.ts';
import { call, login } from '../api/helpers/http.ts';
import { startAppProcess } from '../api/helpers/app-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, PUBLIC_URL, type TestApp } from '../api/helpers/test-app.ts';

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      beforeReady: (app) => {
        app.get('/api/test/falla', async () => {
          throw new Error('falla de prueba');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are in every error body and response header, and on the log lines of the request', async () => {
    const response = await call(t.app, { url: '/api/courses' });
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().error.requestId).toBe(id);
    // One line per request, at debug: what an operator asks for with LOG_LEVEL=debug.
    const lines = t.logs.filter((line) => line.reqId === id);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'pedido respondido',
        method: 'GET',
        url: '/api/courses',
        statusCode: 401,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('are on the error lines of a request that failed, at error level; nothing else of a request reaches info', async () => {
    const response = await call(t.app, { url: '/api/test/falla' });
    expect(response.statusCode).toBe(500);
    const id = response.json().error.requestId as string;
    const lines = t.logs.filter((line) => line.reqId === id);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'error inesperado'],
      [50, 'pedido respondido con error'],
    ]);
    expect(lines[0]).toMatchObject({ err: expect.objectContaining({ message: 'falla de prueba' }) });
    expect(t.logs.filter((line) => typeof line.reqId === 'string' && (line.level as number) === 30)).toEqual([]);
  });

  it('leave the secret of a link out of the line', async () => {
    const response = await call(t.app, { url: '/api/nada?token=secreto-del-enlace&x=1' });
    const line = t.logs.find((entry) => entry.reqId === response.headers['x-request-id']);
    expect(line).toMatchObject({ url: '/api/nada?token=…&x=1' });
  });

  it('keep the id the proxy in front set, when it is a sane one', async () => {
    const given = await call(t.app, { url: '/api/nada', headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(given.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    expect(given.json().error.requestId).toBe('nginx-0123456789abcdef');
    const odd = await call(t.app, { url: '/api/nada', headers: { 'x-request-id': 'x' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('scheduled clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes expired sessions and tokens, spent counters and orphaned uploads, and keeps what is in use', async () => {
    const cookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const inUse = await createImage(t.ctx);
    const orphan = await storeBuffer(t.ctx.storage, pdfBytes(), 'pdf', 'application/pdf');
    const now = new Date();
    await t.ctx.db
      .insert(verification)
      .values({ id: 'v-vieja', identifier: 'reset', value: 'x', expiresAt: new Date(now.getTime() - 1000) });
    await t.ctx.db
      .insert(verification)
      .values({ id: 'v-vigente', identifier: 'reset', value: 'y', expiresAt: new Date(now.getTime() + 3_600_000) });
    await t.ctx.db.insert(rateLimit).values({ key: 'login:viejo', count: 3, resetAt: new Date(now.getTime() - 2 * 86_400_000) });
    await t.ctx.db.insert(rateLimit).values({ key: 'login:vigente', count: 3, resetAt: new Date(now.getTime() + 60_000) });

    // Today: the orphan is too recent (an upload may still be writing its row); nothing in use goes.
    const today = await cleanUp(t.ctx.database, t.ctx.storage, now);
    expect(today).toMatchObject({ verifications: 1, rateLimits: 1, orphanedFiles: 0 });
    expect((await storedFiles(t.ctx)).objects).toContain(orphan);
    expect((await call(t.app, { url: '/api/auth/session', cookie })).json().user).not.toBeNull();
    expect((await t.ctx.db.select().from(verification).where(eq(verification.id, 'v-vigente'))).length).toBe(1);
    expect((await t.ctx.db.select().from(rateLimit).where(eq(rateLimit.key, 'login:vigente'))).length).toBe(1);

    // Two days later the orphan goes; a year later the session has expired too.
    const later = await cleanUp(t.ctx.database, t.ctx.storage, new Date(now.getTime() + 2 * 86_400_000));
    expect(later.orphanedFiles).toBe(1);
    const stored = (await storedFiles(t.ctx)).objects;
    expect(stored).not.toContain(orphan);
    const [image] = await t.ctx.db.query.image.findMany({ where: (row, { eq: equals }) => equals(row.id, inUse) });
    expect(stored).toContain(image!.storageKey);

    const sessionsBefore = (await t.ctx.db.select().from(session)).length;
    const yearLater = await cleanUp(t.ctx.database, t.ctx.storage, new Date(now.getTime() + 365 * 86_400_000));
    expect(yearLater.sessions).toBe(sessionsBefore);
    expect((await call(t.app, { url: '/api/auth/session', cookie })).json().user).toBeNull();
  });

  it('vacuums and analyzes the embedded database, which has no autovacuum; a server database vacuums itself', async () => {
    const tuples = async () => {
      const result = await t.ctx.db.execute(sql`select reltuples::float8 as tuples from pg_class where relname = 'verification'`);
      return (result as unknown as { rows: Array<{ tuples: number }> }).rows[0]!.tuples;
    };
    const expiresAt = new Date(Date.now() + 3_600_000);
    await t.ctx.db
      .insert(verification)
      .values(Array.from({ length: 60 }, (_, i) => ({ id: `v-vacuum-${i}`, identifier: 'reset', value: 'x', expiresAt })));
    const before = await tuples();
    const report = await cleanUp(t.ctx.database, t.ctx.storage);
    if (t.ctx.database.pglite) {
      expect(report.vacuumMs).toBeGreaterThanOrEqual(0);
      // The statistics now count the rows just written.
      expect(before).toBeLessThan(60);
      expect(await tuples()).toBeGreaterThanOrEqual(60);
    } else {
      expect(report.vacuumMs).toBeNull();
    }
  });

  it('removes uploaded videos nothing uses (a form left after its upload, a deleted module) with their bytes, and keeps used ones', async () => {
    const upload = async () => {
      const key = await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm');
      return { key, id: await insertVideo(t.ctx.db, { key, mime: 'video/webm', size: webmBytes().length }) };
    };
    const course = await buildCourse(t.ctx);
    const left = await upload(); // uploaded, then the form was closed without saving
    const kept = await upload();
    const deleted = await upload();
    const keptModule = await buildModule(t.ctx, course.id);
    const goneModule = await buildModule(t.ctx, course.id);
    await t.ctx.db.update(courseModule).set({ videoUrl: null, videoId: kept.id }).where(eq(courseModule.id, keptModule.id));
    await t.ctx.db.update(courseModule).set({ videoUrl: null, videoId: deleted.id }).where(eq(courseModule.id, goneModule.id));
    await deleteModule(t.ctx.db, goneModule.id);

    const videoIds = async () => (await t.ctx.db.select({ id: video.id }).from(video)).map((row) => row.id);
    // Within a day nothing goes: an admin may still be filling the form the upload was for.
    const today = await cleanUp(t.ctx.database, t.ctx.storage);
    expect(today.unusedVideos).toBe(0);
    expect(await videoIds()).toEqual(expect.arrayContaining([left.id, kept.id, deleted.id]));

    const later = await cleanUp(t.ctx.database, t.ctx.storage, new Date(Date.now() + 2 * 86_400_000));
    expect(later.unusedVideos).toBeGreaterThanOrEqual(2);
    const remaining = await videoIds();
    expect(remaining).toContain(kept.id);
    expect(remaining).not.toContain(left.id);
    expect(remaining).not.toContain(deleted.id);
    const stored = (await storedFiles(t.ctx)).objects;
    expect(stored).toContain(kept.key);
    expect(stored).not.toContain(left.key);
    expect(stored).not.toContain(deleted.key);
  });

  it('runs on one instance at a time: another one holding the lock makes it skip (PostgreSQL)', async (context) => {
    const pool = t.ctx.database.pool;
    if (!pool) return context.skip();
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock(726351002)');
      expect(await cleanUpOnce(t.ctx.database, t.ctx.storage)).toBeNull();
    } finally {
      await holder.query('select pg_advisory_unlock(726351002)');
      holder.release();
    }
    expect(await cleanUpOnce(t.ctx.database, t.ctx.storage)).not.toBeNull();
  });
});

describe('graceful shutdown (a real process and SIGTERM)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aula-shutdown-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes the upload in flight, ends event streams with a retry hint, refuses new work, closes the database and exits 0',
    { timeout: 120_000 },
    async () => {
      const app = await startAppProcess({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL });
      try {
        const loginResponse = await fetch(`${app.url}/api/auth/login`, {
          method: 'POST',
          headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        });
        expect(loginResponse.status).toBe(200);
        const cookie = loginResponse.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const courses = await fetch(`${app.url}/api/courses`, { headers: { cookie } });
        expect(courses.status).toBe(200);

        // A live event stream, open.
        const stream = await fetch(`${app.url}/api/forum/events`, { headers: { cookie, accept: 'text/event-stream' } });
        expect(stream.status).toBe(200);
        const streamText = stream.text();

        // An upload of a document, sent slowly: SIGTERM arrives in the middle of it.
        const { body, headers } = multipart([
          { name: 'name', value: 'Subido durante el cierre' },
          {
            name: 'file',
            filename: 'cierre.pdf',
            content: Buffer.concat([pdfBytes(), Buffer.alloc(256 * 1024)]),
            contentType: 'application/pdf',
          },
        ]);
        const picture = multipart([{ name: 'file', filename: 'foto.png', content: pngBytes(), contentType: 'image/png' }]);
        const imageResponse = await fetch(`${app.url}/api/images`, {
          method: 'POST',
          headers: { ...picture.headers, cookie, origin: PUBLIC_URL },
          body: picture.body,
        });
        const imageId = ((await imageResponse.json()) as { id: string }).id;
        const courseResponse = await fetch(`${app.url}/api/courses`, {
          method: 'POST',
          headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Curso del cierre', description: 'Un curso', imageId }),
        });
        expect(courseResponse.status).toBe(201);
        const courseId = ((await courseResponse.json()) as { course: { id: string } }).course.id;
        const target = `/api/courses/${courseId}/documents`;
        const upload = new Promise<{ status: number; text: string }>((resolve, reject) => {
          const req = httpRequest(
            `${app.url}${target}`,
            { method: 'POST', headers: { ...headers, cookie, origin: PUBLIC_URL, 'content-length': body.length } },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            },
          );
          req.on('error', reject);
          const pieces = 8;
          const size = Math.ceil(body.length / pieces);
          let sent = 0;
          const sendNext = () => {
            req.write(body.subarray(sent * size, (sent + 1) * size));
            sent += 1;
            if (sent === 3) app.kill('SIGTERM');
            if (sent < pieces) setTimeout(sendNext, 150);
            else req.end();
          };
          sendNext();
        });

        const done = await upload;
        expect(done.status, done.text).toBe(201);
        const text = await streamText;
        expect(text).toContain('retry: 250');
        expect(await app.exited).toBe(0);
        expect(app.logs.map((line) => line.msg)).toEqual(expect.arrayContaining(['servidor cerrado']));
        // Nothing answers any more.
        await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
      } finally {
        app.kill('SIGKILL');
      }
    },
  );
});

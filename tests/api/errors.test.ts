import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET_DETAIL = 'conexión a db-interna:5432 rechazada (clave=hunter2)';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Logging on, to check that the cause of a 500 is logged while the answer hides it.
    env: { LOG_LEVEL: 'error' },
    beforeReady(app) {
      app.get('/api/test/boom', async () => {
        throw new Error(SECRET_DETAIL);
      });
      // Linux's /dev/full answers every write with ENOSPC, as a full disk does.
      app.get('/api/test/disk-full', async () => {
        await writeFile('/dev/full', 'x'.repeat(1024));
        return { ok: true };
      });
      // Queries that fail carrying the caller's session token and a password hash, as the answer's
      // `seq` past a 32-bit integer once did: out of range, refused as an integer, a duplicate key.
      app.get('/api/test/query-fails/:kind', async (request) => {
        const { db } = t.ctx;
        const token = t.ctx.guards.tokenOf(request)!;
        const [{ hash }] = (await db.select({ hash: account.password }).from(account).where(isNotNull(account.password)).limit(1)) as [
          { hash: string },
        ];
        const kind = (request.params as { kind: string }).kind;
        if (kind === 'overflow') await db.execute(sql`select ${token}::text, ${hash}::text, ${2147483648}::int4`);
        if (kind === 'syntax') await db.execute(sql`select ${`${token}|${hash}`}::int`);
        if (kind === 'unique') {
          for (let i = 0; i < 2; i++)
            await db.execute(sql`insert into rate_limit (key, count, reset_at) values (${`${token}|${hash}`}, 1, now())`);
        }
        return { ok: true };
      });
      app.get('/api/test/boom-with-status', async () => {
        throw Object.assign(new Error(SECRET_DETAIL), { statusCode: 503 });
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('error answers', () => {
  it('the log line of a failed query keeps no secret: neither the session token nor a password hash, whatever the database says', async () => {
    const cookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = decodeURIComponent(/aula\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    const [{ hash }] = (await t.ctx.db.select({ hash: account.password }).from(account).where(isNotNull(account.password)).limit(1)) as [
      { hash: string },
    ];
    const before = t.logs.length;
    for (const kind of ['overflow', 'syntax', 'unique']) {
      const response = await call(t.app, { url: `/api/test/query-fails/${kind}`, cookie });
      expect(response.statusCode, kind).toBe(500);
      expect(response.body).not.toContain(token);
    }
    const logged = t.logs.slice(before).map((line) => JSON.stringify(line));
    // Each request's line, and the error's own.
    const lines = logged.filter((line) => line.includes('error inesperado'));
    expect(lines).toHaveLength(3);
    for (const line of logged) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(hash);
      expect(line).not.toContain(hash.slice(-32));
    }
    // What an operator needs stays: the query (its values are placeholders) and the database's code.
    expect(lines[0]).toContain('22003');
    expect(lines[0]).toContain('select $1::text');
    expect(lines[1]).toContain('22P02');
    expect(lines[2]).toContain('23505');
    expect(lines[2]).toContain('Key (key)=(…)');
  });

  it.skipIf(!existsSync('/dev/full'))('answers a full disk with a Spanish 503 that says so', async () => {
    const response = await call(t.app, { url: '/api/test/disk-full' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'UNAVAILABLE', message: messages.diskFull } });
  });

  it.each([
    ['GET', '/api/no-existe'],
    ['POST', '/api/no-existe'],
    ['GET', '/api'],
    ['DELETE', '/api/users'],
  ] as const)('%s %s → 404 in the JSON error shape', async (method, url) => {
    const response = await call(t.app, { method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.routeNotFound } });
  });

  it('refuses a state-changing call from a foreign origin with 403, even with a valid session', async () => {
    const cookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie,
      body: { name: 'Intrusa', email: 'intrusa@example.com', password: 'clave-segura' },
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });

    const login2 = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { origin: 'http://localhost:3000.evil.example.com' },
    });
    expect(login2.statusCode).toBe(403);
    expect(login2.headers['set-cookie']).toBeUndefined();

    // Our own origin goes through.
    const own = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie,
      body: { name: 'Legítima', email: 'legitima@example.com', password: 'clave-segura' },
    });
    expect(own.statusCode).toBe(201);
  });

  it('answers an unexpected error with 500 INTERNAL, hiding the cause from the client and logging it', async () => {
    const response = await call(t.app, { url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL', message: messages.internal } });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/stack|at .*\.ts/);

    const logged = t.logs.find((line) => (line.err as { message?: string } | undefined)?.message === SECRET_DETAIL);
    expect(logged).toBeDefined();
    expect(logged?.level).toBe(50);
  });

  it('hides the cause of a server error that carries its own 5xx status too', async () => {
    const response = await call(t.app, { url: '/api/test/boom-with-status' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL', message: messages.internal } });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge } });
  });

  it('sends security headers on API answers', async () => {
    const response = await call(t.app, { url: '/api/auth/session' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
  });
});

// A dropped connection or a database outage costs requests, never the process: the server
// answers a Spanish 503 while PostgreSQL is away (/api/health included) and recovers by itself.
// Runs its own throwaway PostgreSQL (it is stopped and restarted), as the server's own process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { messages } from '../../src/shared/messages.ts';
import { httpLogin, runServerProcess } from '../api/helpers/process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../api/helpers/test-app.ts';

// It runs its own server whatever the suite's database, so it runs once: with the suite on PostgreSQL.
const onPostgres = inject('testDatabase').kind === 'postgres';
const throwaway = onPostgres
  ? await startThrowawayPostgres().catch((error: unknown) => {
      console.warn(`Sin PostgreSQL propio para la prueba de cortes: ${(error as Error).message}`);
      return null;
    })
  : null;
if (onPostgres && !throwaway)
  console.warn('Skipping the database outage tests: they need root and PostgreSQL binaries to run a throwaway server.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

describe.skipIf(!throwaway)('the server process through database outages (with the suite on PostgreSQL, and a throwaway server)', () => {
  const postgres = throwaway as ThrowawayPostgres;
  let server: Awaited<ReturnType<typeof runServerProcess>>;
  let cookie: string;

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await runServerProcess({ DATABASE_URL: postgres.url });
    cookie = await httpLogin(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    postgres.stop();
  });

  it('survives the server terminating its idle connections', async () => {
    // Warm the pool so that it holds idle connections.
    await Promise.all(Array.from({ length: 5 }, () => get('/api/courses')));
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const { rows } = await admin.query<{ terminated: boolean }>(
      "select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and query not like 'LISTEN%'",
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await sleep(2000);
    expect(server.exited(), server.stderr()).toBe(false);
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/courses')).status).toBe(200);
  });

  it('answers a Spanish 503 while PostgreSQL is stopped, and recovers without a restart', async () => {
    postgres.pause();
    try {
      const health = await get('/api/health');
      expect(health).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', message: messages.databaseUnavailable } } });
      const courses = await get('/api/courses');
      expect(courses).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', message: messages.databaseUnavailable } } });
      await sleep(1500);
      expect(server.exited(), server.stderr()).toBe(false);
    } finally {
      postgres.resume();
    }
    const health = await until(
      () => get('/api/health'),
      (r) => r.status === 200,
      15_000,
    );
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get('/api/courses')).status).toBe(200);
    expect(server.exited(), server.stderr()).toBe(false);
  });
});

describe('the server process when the database cannot be reached at start', () => {
  it('prints one Spanish line naming DATABASE_URL, without a stack trace, and exits', async () => {
    const server = await runServerProcess({ DATABASE_URL: 'postgres://aula:secreta@127.0.0.1:1/aula' }, { waitReady: false });
    try {
      const code = await server.exit;
      expect(code).toBe(1);
      const lines = server.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('DATABASE_URL');
      expect(lines[0]).toContain('postgres://aula:***@127.0.0.1:1/aula');
      expect(lines[0]).toMatch(/^No se pudo iniciar: la base de datos .* no responde/);
      expect(server.stderr()).not.toContain('secreta');
    } finally {
      await server.stop();
    }
  });
});

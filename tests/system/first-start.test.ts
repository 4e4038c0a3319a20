// What an operator sees on the console: `npm start` on an empty DATA_DIR, as the README says to
// run it, at the default log level. The first start says what it is doing (it takes a while),
// requests do not fill the screen, nothing is in English, and SIGTERM to npm (what a supervisor
// or a container sends) stops the server instead of leaving it running without its parent.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Every process started under `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether a process is still running (a zombie waiting for its parent counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// Words that only an English line has (a Spanish line may say "error"): Fastify's 'Server
// listening at …', 'incoming request', 'request completed', better-auth's 'Invalid password'.
const english = /\b(the|at|is|was|not|found|invalid|password|server|listening|incoming|request|completed|user|stream|closed|failed)\b/i;

type LogLine = Record<string, unknown> & { level: number; msg?: string };

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || process.env.TEST_STORAGE === 's3')('npm start on an empty DATA_DIR', () => {
  let dataDir: string;
  let port: number;
  let npm: ChildProcess;
  /** The processes npm started (the server among them), taken once it answers. */
  let started: number[] = [];
  let output = '';
  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  const url = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'aula-first-start-')), 'datos');
    port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      // The defaults an operator gets: LOG_LEVEL unset (info), the sample course (SEED_DEMO unset).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start terminó al arrancar (${npm.exitCode}): ${output}`);
      if (
        await fetch(`${url()}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`npm start no respondió en 150 s: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    started = descendants(npm.pid!);
  }, 180_000);
  afterAll(async () => {
    // Taken before the signal too: a server left without its parent is no longer under npm.
    for (const pid of [...started, ...descendants(npm.pid!), npm.pid!]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('says, in Spanish, what the first start is doing, and where it is ready', () => {
    const said = lines().map((line) => line.msg);
    expect(said).toEqual(
      expect.arrayContaining([
        'Creando la base de datos (la primera vez tarda un poco)…',
        expect.stringMatching(/^Aplicando \d+ migraciones a la base de datos…$/),
        'Creando el curso de ejemplo…',
        `Listo en ${url()}`,
      ]),
    );
    // In that order, and the accounts printed once before the server is ready.
    const order = ['Creando la base de datos', 'Aplicando', 'Creando el curso de ejemplo', 'Cuentas creadas', 'Listo en'].map((text) =>
      output.indexOf(text),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('writes at most one line at the default level per request, and nothing in English for a failed login', async () => {
    const before = lines().length;
    const health = await fetch(`${url()}/api/health`);
    const reqId = health.headers.get('x-request-id');
    const login = await fetch(`${url()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url() },
      body: JSON.stringify({ email: 'admin@aula-virtual.local', password: 'no-es-la-clave' }),
    });
    expect(login.status).toBe(401);
    const loginId = login.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const atInfo = lines().filter((line) => line.level >= 30);
    expect(atInfo.filter((line) => line.reqId === reqId).length).toBeLessThanOrEqual(1);
    expect(atInfo.filter((line) => line.reqId === loginId).length).toBeLessThanOrEqual(1);
    expect(
      lines()
        .slice(before)
        .filter((line) => line.level >= 30).length,
    ).toBeLessThanOrEqual(2);
  });

  it('writes no English line at the default level, from the start to now', () => {
    const englishLines = lines()
      .filter((line) => line.level >= 30 && english.test(line.msg ?? ''))
      .map((line) => line.msg);
    expect(englishLines).toEqual([]);
  });

  it('stops the server when npm gets SIGTERM: no process left, the port free', { timeout: 30_000 }, async () => {
    const server = started;
    expect(server.length).toBeGreaterThan(0);
    const npmExited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await npmExited;
    const deadline = Date.now() + 10_000;
    while (server.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.filter(running)).toEqual([]);
    expect(
      await fetch(`${url()}/api/health`).then(
        () => 'responde',
        () => 'libre',
      ),
    ).toBe('libre');
    expect(output).toContain('servidor cerrado');
  });
});

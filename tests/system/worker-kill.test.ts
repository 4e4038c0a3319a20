// The worker role, as operators run it: a job interrupted by kill -9 (the process and its ffmpeg
// gone at once, a crash) is done once, by another worker. On PostgreSQL two `npm run worker`
// processes share the jobs beside a web instance that only sends them (WORKER=false); on the
// embedded database the worker lives in the server's one process, so "another worker" is the
// server started again. The job here is a module video's renditions, the real work.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { video, videoRendition } from '../../src/server/db/schema.ts';
import type { ModuleWithQuestions } from '../../src/shared/schemas/content.ts';
import { startAppProcess, type AppProcess } from '../api/helpers/app-process.ts';
import { buildCourse, createImage } from '../api/helpers/content.ts';
import { createTestDatabase, type TestDatabase } from '../api/helpers/database.ts';
import { multipart } from '../api/helpers/files.ts';
import { call, login } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const withFfmpeg = hasFfmpeg ? describe : describe.skip;
if (!hasFfmpeg) console.warn('worker-kill.test.ts: ffmpeg no está instalado: se saltean las pruebas del trabajador');

let work: string;
let paced: string;
let clip: Buffer;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'aula-worker-kill-'));
  if (!hasFfmpeg) return;
  // Eight seconds of 640×360 with sound; converted by an ffmpeg that reads at the video's own pace
  // (-re), so the conversion takes about as long and can be interrupted mid-way.
  const file = path.join(work, 'partido.mp4');
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=8:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-shortest', '-y', file],
  ]);
  clip = await readFile(file);
  paced = path.join(work, 'paced-ffmpeg');
  await writeFile(paced, '#!/bin/sh\nexec ffmpeg -re "$@"\n', { mode: 0o755 });
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** A module whose video waits for its renditions: the module's save sent the video's job. */
async function moduleWithVideo(t: TestApp) {
  const admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { body, headers } = multipart([{ name: 'file', filename: 'partido.mp4', content: clip, contentType: 'video/mp4' }]);
  const uploaded = await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const videoId = uploaded.json().id as string;
  const course = await buildCourse(t.ctx);
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/modules',
    cookie: admin,
    body: { courseId: course.id, name: 'Sanción progresiva', imageId: await createImage(t.ctx), videoId, questions: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { videoId, module: created.json().module as ModuleWithQuestions };
}

/** The pid of the process among `pids` whose ffmpeg is converting now (not reading the file), if any. */
function converting(pids: number[]): number | undefined {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }));
  const parent = new Map(table.map((row) => [row.pid, row.ppid]));
  for (const row of table) {
    if (!/ffmpeg -re .*\/240\.mp4/.test(row.args)) continue;
    for (let pid: number | undefined = row.ppid; pid && pid > 1; pid = parent.get(pid)) if (pids.includes(pid)) return pid;
  }
  return undefined;
}

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`no pasó en ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills a process and everything it started (its ffmpeg) at once, as a crash would: no signal handler runs. */
function crash(child: ChildProcess) {
  process.kill(-child.pid!, 'SIGKILL');
}

/** What the job queue and the tables say once the video is made. */
async function outcome(database: Database, videoId: string) {
  const jobs = await database.db.execute(
    sql`select state, retry_count as "retryCount" from pgboss.job where name = 'videos.renditions' and singleton_key = ${videoId}`,
  );
  const [row] = await database.db.select().from(video).where(eq(video.id, videoId));
  const renditions = await database.db.select().from(videoRendition).where(eq(videoRendition.videoId, videoId));
  return {
    jobs: (jobs as unknown as { rows: Array<{ state: string; retryCount: number }> }).rows,
    state: row?.renditionState,
    heights: renditions.map((r) => r.height).sort((a, b) => a - b),
  };
}

const made = (logs: Array<Record<string, unknown>>, videoId: string) =>
  logs.filter((line) => line.msg === 'versiones de un video listas' && line.videoId === videoId).length;

describe('npm run worker', () => {
  it('needs PostgreSQL: on the embedded database it says so in Spanish and exits', async () => {
    const child = spawn(process.execPath, ['src/server/worker.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(work, 'embebida') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(stderr.trim()).toBe(
      'npm run worker necesita DATABASE_URL: con la base embebida los trabajos en segundo plano los hace el servidor (npm start).',
    );
  }, 30_000);
});

withFfmpeg('a job interrupted by kill -9', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is done once, by another worker', async () => {
    if (db.databaseUrl) await onPostgres(db);
    else await onEmbedded(db);
  }, 180_000);
});

/** Two worker processes beside a web instance that only sends jobs; the one converting is killed. */
async function onPostgres(db: TestDatabase) {
  const t = await createTestApp({ database: db, storage: 'local', env: { WORKER: 'false' } });
  const workers: Array<{ child: ChildProcess; logs: Array<Record<string, unknown>> }> = [];
  try {
    const { videoId } = await moduleWithVideo(t);
    for (let i = 0; i < 2; i++) workers.push(startWorker(db));
    const pids = workers.map((w) => w.child.pid!);
    const busy = await waitFor('un trabajador convierte el video', () => converting(pids));
    const [killed, other] = busy === pids[0] ? [workers[0]!, workers[1]!] : [workers[1]!, workers[0]!];
    expect((await outcome(t.ctx.database, videoId)).state).toBe('en-curso');
    crash(killed.child);
    await waitFor(
      'el otro trabajador termina el video',
      async () => (await outcome(t.ctx.database, videoId)).state === 'lista' || undefined,
      90_000,
    );
    expect(await outcome(t.ctx.database, videoId)).toEqual({
      // One job, handed out twice: the killed worker's try, and the other's, which finished it.
      jobs: [{ state: 'completed', retryCount: 1 }],
      state: 'lista',
      heights: [240, 360],
    });
    expect(made(other.logs, videoId)).toBe(1);
    expect(made(killed.logs, videoId)).toBe(0);
    // The survivor stops cleanly on SIGTERM.
    other.child.kill('SIGTERM');
    expect(await new Promise((resolve) => other.child.once('exit', resolve))).toBe(0);
  } finally {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) crash(w.child);
    await t.close();
  }
}

/** `npm run worker` on the test's database and data folder (its stored files). */
function startWorker(db: TestDatabase) {
  const child = spawn(process.execPath, ['src/server/worker.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: db.databaseUrl!,
      DATA_DIR: db.dataDir,
      FFMPEG_PATH: paced,
      FFMPEG_PRIORITY: 'normal',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the crash takes its ffmpeg with it.
    detached: true,
  });
  const logs: Array<Record<string, unknown>> = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  });
  child.stderr!.resume();
  return { child, logs };
}

/** The server takes its own jobs: killed mid-way, the server started again finishes the video. */
async function onEmbedded(db: TestDatabase) {
  const t = await createTestApp({ database: db, storage: 'local' });
  const { videoId } = await moduleWithVideo(t);
  // The embedded database belongs to one process at a time.
  await t.close();
  const env = { DATA_DIR: db.dataDir, FFMPEG_PATH: paced, FFMPEG_PRIORITY: 'normal', VIDEO_RENDITIONS: 'true', LOG_LEVEL: 'info' };
  let first: AppProcess | undefined;
  let second: AppProcess | undefined;
  try {
    first = await startAppProcess(env, { detached: true });
    await waitFor('el servidor convierte el video', () => converting([first!.child.pid!]));
    crash(first.child);
    await first.exited;
    second = await startAppProcess(env, { detached: true });
    await waitFor('el servidor, de nuevo en marcha, termina el video', () => made(second!.logs, videoId) > 0 || undefined, 90_000);
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    for (const app of [first, second]) if (app && app.child.exitCode === null && app.child.signalCode === null) crash(app.child);
  }
  expect(made(first.logs, videoId)).toBe(0);
  expect(made(second.logs, videoId)).toBe(1);
  const database = await openDatabase({ dataDir: db.dataDir });
  try {
    expect(await outcome(database, videoId)).toEqual({
      jobs: [{ state: 'completed', retryCount: 1 }],
      state: 'lista',
      heights: [240, 360],
    });
  } finally {
    await database.close();
  }
}

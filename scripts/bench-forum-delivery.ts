// Measures how long a forum message takes to reach 200 open event streams.
// Starts the app in-process on 127.0.0.1 with a fresh embedded database (or the PostgreSQL
// server in BENCH_DATABASE_URL), opens the streams as the sample student, posts messages and
// times each delivery. Prints median, p95 and worst case over all deliveries.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/server.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const MESSAGES = 10;

const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-bench-sse-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  ADMIN_EMAIL: 'admin@bench.test',
  ADMIN_PASSWORD: 'bench-admin',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
});
const server = await startServer(config, { logger: pino({ level: 'silent' }) });
const base = server.url;
const origin = { origin: config.publicUrl };

async function json<T>(method: string, url: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(base + url, {
    method,
    headers: { cookie, ...origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function login(email: string, password: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

try {
  const admin = await login('admin@bench.test', 'bench-admin');
  // A 1×1 PNG for the course and module images.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'x.png');
  const image = (await (
    await fetch(`${base}/api/images`, { method: 'POST', headers: { cookie: admin, ...origin }, body: form })
  ).json()) as { id: string };
  const { course } = await json<{ course: { id: string } }>('POST', '/api/courses', admin, {
    name: 'Curso',
    description: 'Curso',
    imageId: image.id,
  });
  const { module } = await json<{ module: { id: string } }>('POST', '/api/modules', admin, {
    courseId: course.id,
    name: 'Módulo',
    imageId: image.id,
    videoUrl: 'jNQXAC9IVRw',
    questions: ['¿?'],
  });
  const { user } = await json<{ user: { id: string } }>('POST', '/api/users', admin, {
    name: 'Alumno',
    email: 'alumno@bench.test',
    password: 'bench-alumno',
    role: 'student',
  });
  await json('PUT', `/api/users/${user.id}/modules/${module.id}/access`, admin, { enabled: true });
  const student = await login('alumno@bench.test', 'bench-alumno');

  // Open the streams; each resolves a waiter when it sees a message id it is told to expect.
  const waiters = new Map<string, Array<(at: number) => void>>();
  const controllers: AbortController[] = [];
  await Promise.all(
    Array.from({ length: STREAMS }, async () => {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${base}/api/modules/${module.id}/events`, { headers: { cookie: student }, signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      await reader.read(); // the stream's first comment: connected
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = chunk.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            const event = JSON.parse(data.slice(6));
            if (event.type === 'message.created') waiters.get(event.message.body)?.shift()?.(performance.now());
          }
        }
      })();
    }),
  );

  const delays: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const body = `mensaje ${i}`;
    const arrivals = Array.from(
      { length: STREAMS },
      () =>
        new Promise<number>((resolve) => {
          const list = waiters.get(body) ?? [];
          list.push(resolve);
          waiters.set(body, list);
        }),
    );
    const sent = performance.now();
    await json('POST', `/api/modules/${module.id}/messages`, student, { body });
    const times = await Promise.all(arrivals);
    delays.push(...times.map((t) => t - sent));
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * q))]!.toFixed(1);
  console.log(`Base de datos: ${config.databaseUrl ? 'postgres' : 'pglite'}; ${STREAMS} streams abiertos, ${MESSAGES} mensajes`);
  console.log(
    `Entrega (desde que se envía el POST hasta que llega a cada stream): mediana ${at(0.5)} ms, p95 ${at(0.95)} ms, peor ${at(1)} ms`,
  );
  for (const controller of controllers) controller.abort();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

// Measures what the student's module page asks the server for (the session, the module, the
// course's module list), with 100 students requesting at once for 15 seconds.
// The app runs in its own process on 127.0.0.1 with a fresh embedded database (or the
// PostgreSQL server in BENCH_DATABASE_URL); this process is the load. Prints p50/p99 and rate.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-bench-module-'));
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    PUBLIC_URL: base,
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'bench-admin',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = { origin: base };

async function request(method: string, url: string, cookie = '', body?: unknown) {
  const response = await fetch(base + url, {
    method,
    headers: { cookie, ...origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { response, json: text ? JSON.parse(text) : undefined };
}
const login = async (email: string, password: string) =>
  (await request('POST', '/api/auth/login', '', { email, password })).response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

try {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      if (i > 120) throw new Error('el servidor no arrancó');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const admin = await login('admin@bench.test', 'bench-admin');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'x.png');
  const image = (await (await fetch(`${base}/api/images`, { method: 'POST', headers: { cookie: admin, ...origin }, body: form })).json()) as { id: string };
  const course = (await request('POST', '/api/courses', admin, { name: 'Curso', description: 'Curso', imageId: image.id })).json.course;
  const modules: Array<{ id: string }> = [];
  for (let m = 0; m < 5; m++) {
    modules.push((await request('POST', '/api/modules', admin, { courseId: course.id, name: `Módulo ${m + 1}`, imageId: image.id, videoUrl: 'jNQXAC9IVRw', questions: ['¿Uno?', '¿Dos?', '¿Tres?'] })).json.module);
  }
  const cookies: string[] = [];
  for (let s = 0; s < STUDENTS; s++) {
    const email = `alumno${s}@bench.test`;
    const { user } = (await request('POST', '/api/users', admin, { name: `Alumno ${s}`, email, password: 'bench-alumno', role: 'student' })).json;
    for (const module of modules.slice(0, 3)) await request('PUT', `/api/users/${user.id}/modules/${module.id}/access`, admin, { enabled: true });
    cookies.push(await login(email, 'bench-alumno'));
  }

  // Everything the module page needs, as the page asks for it.
  const pageRequests = (moduleId: string) => ['/api/auth/session', `/api/modules/${moduleId}`, `/api/courses/${course.id}/my-modules`];
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let pages = 0;
  await Promise.all(
    cookies.map(async (cookie, s) => {
      const moduleId = modules[s % 3]!.id;
      while (performance.now() < deadline) {
        for (const url of pageRequests(moduleId)) {
          const t0 = performance.now();
          await request('GET', url, cookie);
          latencies.push(performance.now() - t0);
        }
        pages++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
  console.log(`Base de datos: ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'}; ${STUDENTS} alumnos a la vez durante ${SECONDS} s`);
  console.log(`Pedidos de la página del módulo: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; ${(latencies.length / SECONDS).toFixed(0)} pedidos/s, ${(pages / SECONDS).toFixed(0)} páginas/s`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}

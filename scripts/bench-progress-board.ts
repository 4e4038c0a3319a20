// Seeds a course of 5 modules with 1,000 students (answers in every state) and measures the
// class progress board as the admin's browser asks for it: GET /api/courses/:id/progress
// (first page, a later page, filtered) and the CSV of the whole class, through the whole app
// (session check, queries, response schema). Prints medians and p95.
//   node scripts/bench-progress-board.ts                 embedded database (PGlite) in a temp folder
//   BENCH_DATABASE_URL=postgres://... node scripts/bench-progress-board.ts   an empty PostgreSQL database
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { activity, activityItem, course, courseAccess, courseModule, image, moduleAccess, user } from '../src/server/db/schema.ts';
import type { Mailer } from '../src/server/mail/mailer.ts';
import { bootstrap } from '../src/server/seed/bootstrap.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000);
const MODULES = 5;
const QUESTIONS = 3;
const RUNS = 30;
const ADMIN = { email: 'admin@bench.test', password: 'clave-del-bench' };

const firstNames = ['Juan', 'María', 'Lucía', 'Martín', 'Sofía', 'Diego', 'Valentina', 'Santiago', 'Camila', 'Mateo'];
const lastNames = ['González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García', 'Sánchez'];

const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-bench-board-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
const { db } = database;
const mailer: Mailer = { send: async () => undefined };
const { app, ctx } = await buildApp({
  config,
  database,
  mailer,
  logger: pino({ level: 'silent' }),
  authSecret: 'bench-secret-bench-secret-bench-secret-01',
});

try {
  await app.ready();
  await bootstrap(ctx);
  console.log(`Base de datos: ${database.kind}; sembrando ${STUDENTS.toLocaleString('es-AR')} alumnos × ${MODULES} módulos...`);
  const started = performance.now();
  const imageId = randomUUID();
  await db.insert(image).values({ id: imageId, storageKey: 'x.png', mimeType: 'image/png', size: 1 });
  const courseId = randomUUID();
  await db.insert(course).values({ id: courseId, name: 'Curso de árbitros', description: 'Curso', imageId });
  const moduleIds = Array.from({ length: MODULES }, () => randomUUID());
  await db.insert(courseModule).values(
    moduleIds.map((id, position) => ({
      id,
      courseId,
      name: `Módulo ${position + 1}`,
      imageId,
      videoUrl: 'https://youtu.be/jNQXAC9IVRw',
      position,
    })),
  );
  const users = Array.from({ length: STUDENTS }, (_, i) => ({
    id: randomUUID(),
    name: `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / firstNames.length) % lastNames.length]} ${i}`,
    email: `alumno${i}@ejemplo.com.ar`,
    role: 'student',
  }));
  for (let offset = 0; offset < users.length; offset += 1_000) {
    const batch = users.slice(offset, offset + 1_000);
    await db.insert(user).values(batch);
    await db.insert(courseAccess).values(batch.map((u) => ({ userId: u.id, courseId, enabled: true })));
    // Student i has the first (i % 6) modules enabled, in every state: sin responder, enviado, con correcciones, aprobado.
    const access = batch.flatMap((u, j) =>
      moduleIds.slice(0, (offset + j) % (MODULES + 1)).map((moduleId) => ({ userId: u.id, moduleId, enabled: true })),
    );
    if (access.length) await db.insert(moduleAccess).values(access);
    const activities = access.map((a, k) => ({ id: randomUUID(), userId: a.userId, moduleId: a.moduleId, kind: k % 4 }));
    if (activities.length) {
      await db
        .insert(activity)
        .values(activities.map(({ kind, ...a }) => ({ ...a, submitted: kind === 1, submittedAt: kind === 1 ? new Date() : null })));
      await db.insert(activityItem).values(
        activities.flatMap((a) =>
          Array.from({ length: QUESTIONS }, (_, position) => ({
            id: randomUUID(),
            activityId: a.id,
            position,
            question: `Pregunta ${position + 1}`,
            answer: a.kind === 0 ? null : 'Respuesta',
            correction: a.kind === 2 ? position !== 0 : a.kind === 3 ? true : null,
            editable: a.kind !== 3,
          })),
        ),
      );
    }
  }
  await db.execute('analyze');
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: config.publicUrl }, payload: ADMIN });
  const cookie = [login.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');

  const cases: Array<[string, string]> = [
    ['tablero, página 1 (50 alumnos)', `/api/courses/${courseId}/progress`],
    ['tablero, página 20', `/api/courses/${courseId}/progress?page=20`],
    ['tablero filtrado "gonzález"', `/api/courses/${courseId}/progress?search=${encodeURIComponent('gonzález')}`],
    ['CSV de toda la clase', `/api/courses/${courseId}/progress.csv`],
  ];
  console.log('caso'.padEnd(36), 'mediana', '    p95', '     bytes');
  for (const [label, url] of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const t0 = performance.now();
      const response = await app.inject({ url, headers: { cookie } });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${url} respondió ${response.statusCode}: ${response.body}`);
      bytes = response.rawPayload.length;
      if (run >= 3) times.push(elapsed); // the first runs warm caches
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.log(label.padEnd(36), `${median.toFixed(1)} ms`.padStart(8), `${p95.toFixed(1)} ms`.padStart(8), String(bytes).padStart(10));
  }
} finally {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

// Seeds 100,000 users (a few with submissions awaiting correction) into a fresh database and
// measures the admin's user search and paging, as the API runs it. Prints medians and p95.
//   node scripts/bench-user-search.ts                 embedded database (PGlite) in a temp folder
//   BENCH_DATABASE_URL=postgres://... node scripts/bench-user-search.ts   an empty PostgreSQL database
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client.ts';
import { activity, course, courseModule, image, user } from '../src/server/db/schema.ts';
import { listUsers } from '../src/server/users/list-users.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const PENDING = 40;
const RUNS = 30;

const firstNames = [
  'Juan',
  'María',
  'Lucía',
  'Martín',
  'Sofía',
  'Diego',
  'Valentina',
  'Santiago',
  'Camila',
  'Mateo',
  'Julieta',
  'Tomás',
  'Agustina',
  'Nicolás',
  'Florencia',
  'Facundo',
];
const lastNames = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Torres',
  'Álvarez',
  'Ruiz',
  'Ramírez',
];

const dataDir = process.env.BENCH_DATABASE_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'aula-bench-'));
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: dataDir ?? tmpdir() });
const { db } = database;

try {
  console.log(`Base de datos: ${database.kind}; sembrando ${USERS.toLocaleString('es-AR')} usuarios...`);
  const started = performance.now();
  const batch = 5_000;
  const ids: string[] = [];
  for (let offset = 0; offset < USERS; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(USERS, offset + batch); i++) {
      const id = randomUUID();
      ids.push(id);
      const name = `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / firstNames.length) % lastNames.length]} ${i}`;
      rows.push({ id, name, email: `usuario${i}@ejemplo.com.ar`, role: i % 1000 === 0 ? 'admin' : 'student' });
    }
    await db.insert(user).values(rows);
  }
  const imageId = randomUUID();
  await db.insert(image).values({ id: imageId, storageKey: 'x.png', mimeType: 'image/png', size: 1 });
  const courseId = randomUUID();
  await db.insert(course).values({ id: courseId, name: 'Curso', description: 'Curso', imageId });
  const moduleId = randomUUID();
  await db
    .insert(courseModule)
    .values({ id: moduleId, courseId, name: 'Módulo', imageId, videoUrl: 'https://youtu.be/jNQXAC9IVRw', position: 0 });
  await db.insert(activity).values(
    Array.from({ length: PENDING }, (_, i) => ({
      id: randomUUID(),
      userId: ids[i * 997]!,
      moduleId,
      submitted: true,
      submittedAt: new Date(),
    })),
  );
  await db.execute('analyze');
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const cases: Array<[string, { search?: string; page: number }]> = [
    ['sin búsqueda, página 1', { page: 1 }],
    ['sin búsqueda, página 5.000', { page: 5_000 }],
    ['búsqueda "gonzález" (muchos resultados)', { search: 'gonzález', page: 1 }],
    ['búsqueda "GONZ" página 50', { search: 'GONZ', page: 50 }],
    ['búsqueda por email "usuario4242"', { search: 'usuario4242', page: 1 }],
    ['búsqueda sin resultados', { search: 'zzzz-nadie', page: 1 }],
  ];
  console.log('caso'.padEnd(44), 'mediana', '   p95', '  resultados');
  for (const [label, options] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const t0 = performance.now();
      const result = await listUsers(db, options);
      const elapsed = performance.now() - t0;
      total = result.total;
      if (run >= 3) times.push(elapsed); // the first runs warm caches
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.log(label.padEnd(44), `${median.toFixed(1)} ms`.padStart(8), `${p95.toFixed(1)} ms`.padStart(8), String(total).padStart(10));
  }
} finally {
  await database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

// The project's benchmark (`npm run bench`): how fast a student's pages are, as ratios to the
// cheapest route that touches the database, measured in one run on this machine.
//
// For each database (the embedded one and a throwaway PostgreSQL) it starts the app in its own
// process, seeds a realistic class (a course of 5 modules, students with answers in every
// state, forum messages), then loads each route with 50 connections, the routes taking turns
// round after round, each right after a load of /api/health, and prints req/s, p50, p99 and each
// route's ratio to that health measure (the median over the rounds). It also
// times the module page's data issued one request after another, and, in Debian's Chromium at
// 360 px on a desktop, a mid-range phone and a slow phone (scripts/lib/bench-browser.ts): a warm
// navigation and a tap in the app to the module's video, the first contentful paint, and a cold
// first load (each in a new context, its cache empty), all medians of 10; beside them, the floor:
// the same navigation, first paint and cold load of a page with nothing but the video's frame. Then the class sits a rules exam (scripts/lib/bench-exam.ts): every
// student starts within 10 s and answers every 2–5 s while the server is killed (kill -9) and
// restarted and, on PostgreSQL, the database goes away for 10 s; no acknowledged answer may be
// lost and no clock may move. Last, a trainee sits a video exam on a phone
// (scripts/lib/bench-clips.ts): each clip's bytes as served inside its viewing against its
// original, the wait for 'Ver', and 'Ver' to the first frame on the phone and the slow phone. And a module's uploaded video (scripts/lib/bench-module-video.ts): its copies' sizes, a
// 10-minute module's download, and its start on the phone. Figures go to artifacts/bench.json.
//
//   npm run bench                 both databases, full length (a few minutes)
//   npm run bench -- --smoke      300 requests per route on a small class, the phone profile only: checks the benchmark still works
//   npm run bench -- --db=pglite  one database only (pglite or postgres)
//   npm run bench -- --route=datos --profile=artifacts/profile
//                                 only the routes whose name contains "datos" (several: a,b), with the app under
//                                 `node --cpu-prof` (a .cpuprofile per database in that folder;
//                                 `node scripts/profile-summary.ts FILE` lists where the time went)
//   --route=examen, --route=clip, --route=video
//                                 the class's rules exam; the video exam's clips; the module's video
//   --seconds=N                   N seconds per route and round
//   npm run bench -- --browser    the browser figures only (no routes under load)
//   --profiles=phone,slow-phone   some of the browser's profiles (desktop, phone, slow-phone)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { browserFigures, profiles, type Profile, type ProfileFigures } from './lib/bench-browser.ts';
import {
  CLIP_BUDGET_BYTES_PER_10_SECONDS,
  clipScenario,
  ffmpegAvailable,
  printClips,
  type ClipScenarioFigures,
} from './lib/bench-clips.ts';
import {
  createExam,
  examScenario,
  seedBank,
  startAttempts,
  type ExamClass,
  type ExamFaults,
  type ExamScenarioFigures,
} from './lib/bench-exam.ts';
import { moduleVideoScenario, printModuleVideo, type ModuleVideoFigures } from './lib/bench-module-video.ts';
import { matchScenario, printMatch, type MatchFigures } from './lib/bench-match.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres.ts';

const argv = process.argv.slice(2);
const smoke = argv.includes('--smoke');
const onlyDb = argv.find((a) => a.startsWith('--db='))?.slice(5);
const outFile = argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'artifacts/bench.json';
const onlyRoute = argv.find((a) => a.startsWith('--route='))?.slice(8);
const profileDir = argv.find((a) => a.startsWith('--profile='))?.slice(10);
const browserOnly = argv.includes('--browser');
/** Scenarios left out of a full run, by name (`--skip=partido`: the 90-minute match's upload and conversion take a quarter of an hour). */
const skipped =
  argv
    .find((a) => a.startsWith('--skip='))
    ?.slice(7)
    .split(',') ?? [];
// The smoke run checks that the browser part still works: the phone profile drives every step of it.
const onlyProfiles =
  argv
    .find((a) => a.startsWith('--profiles='))
    ?.slice(11)
    .split(',') ?? (smoke ? ['phone'] : undefined);

const settings = smoke
  ? { students: 20, messages: 50, rounds: 1, seconds: 1, connections: 50, sequentialPages: 20, navigations: 2 }
  : { students: 200, messages: 500, rounds: 5, seconds: 3, connections: 50, sequentialPages: 300, navigations: 10 };
/** Requests per route and round in the smoke run (instead of seconds). */
const SMOKE_REQUESTS = 300;
const secondsArg = argv.find((a) => a.startsWith('--seconds='))?.slice(10);
if (secondsArg) settings.seconds = Number(secondsArg);

const root = path.resolve(import.meta.dirname, '..');

// --- The app under test ------------------------------------------------------------------

interface RunningApp {
  base: string;
  process: ChildProcess;
  dataDir: string;
  /** performance.now() when it answered its first /api/health. */
  upAt: number;
}

/** The app's first scheduled clean-up runs a minute after it starts (maintenance/cleanup.ts). */
const FIRST_CLEANUP_MS = 60_000;

/** Starts the app; `again` starts it once more on the port and data of one that died. */
async function startApp(databaseUrl: string | undefined, database: string, again?: RunningApp): Promise<RunningApp> {
  const port = again ? Number(new URL(again.base).port) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = again?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'aula-bench-')));
  const profile = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(root, profileDir)}`, `--cpu-prof-name=${database}-${Date.now()}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...profile, 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PUBLIC_URL: base,
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin',
      SEED_DEMO: 'false',
      // The clip scenario measures the light copies this instance makes.
      VIDEO_RENDITIONS: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 240 || child.exitCode !== null) throw new Error('la aplicación no arrancó');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, process: child, dataDir, upAt: performance.now() };
}

async function stopApp(app: RunningApp) {
  app.process.kill('SIGTERM');
  if (app.process.exitCode === null) await new Promise((resolve) => app.process.once('exit', resolve));
  await rm(app.dataDir, { recursive: true, force: true });
}

// --- Seeding a class through the API ------------------------------------------------------

interface Student {
  id: string;
  cookie: string;
  /** The item ids of the first module's activity, for draft saves. */
  itemIds: string[];
  /** 0 sin responder, 1 borrador, 2 enviado, 3 con correcciones, 4 aprobado (first module). */
  state: number;
}

interface Seeded {
  admin: string;
  courseId: string;
  moduleIds: string[];
  students: Student[];
  /** Each student's open attempt at the load's exam (on the first module), in the students' order. */
  attemptIds: string[];
}

function client(base: string) {
  async function request<T = unknown>(method: string, url: string, cookie = '', body?: unknown): Promise<{ json: T; headers: Headers }> {
    const response = await fetch(base + url, {
      method,
      headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return { json: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  }
  async function login(email: string, password: string) {
    const { headers } = await request('POST', '/api/auth/login', '', { email, password });
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }
  return { request, login };
}

async function seed(base: string): Promise<Seeded> {
  const { request, login } = client(base);
  const admin = await login('admin@bench.test', 'bench-admin');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'portada.png');
  const image = (await (
    await fetch(`${base}/api/images`, { method: 'POST', headers: { cookie: admin, origin: base }, body: form })
  ).json()) as { id: string };
  const { json: created } = await request<{ course: { id: string } }>('POST', '/api/courses', admin, {
    name: 'Curso de árbitros',
    description: 'Cinco módulos: cuatro teóricos y uno de evaluación.',
    imageId: image.id,
  });
  const courseId = created.course.id;
  const moduleIds: string[] = [];
  for (let m = 0; m < 5; m++) {
    const { json } = await request<{ module: { id: string } }>('POST', '/api/modules', admin, {
      courseId,
      name: `Módulo ${m + 1}`,
      imageId: image.id,
      videoUrl: 'jNQXAC9IVRw',
      questions: ['¿Cuántos jugadores hay en cancha?', '¿Cuándo se cobra un 7 metros?', '¿Qué es el juego pasivo?'],
    });
    moduleIds.push(json.module.id);
  }
  const [first] = moduleIds as [string];

  const students: Student[] = [];
  for (let s = 0; s < settings.students; s++) {
    const email = `alumno${s}@bench.test`;
    const { json } = await request<{ user: { id: string } }>('POST', '/api/users', admin, {
      name: `Alumno ${s}`,
      email,
      password: 'bench-alumno',
      role: 'student',
    });
    for (const moduleId of moduleIds.slice(0, 3))
      await request('PUT', `/api/users/${json.user.id}/modules/${moduleId}/access`, admin, { enabled: true });
    const cookie = await login(email, 'bench-alumno');
    const activity = (
      await request<{ activity: { id: string; version: number; items: { id: string }[] } }>(
        'GET',
        `/api/pages/modules/${first}/activity`,
        cookie,
      )
    ).json.activity;
    const itemIds = activity.items.map((item) => item.id);
    const state = s % 5;
    const answers = itemIds.map((itemId) => ({ itemId, answer: `Respuesta del alumno ${s}` }));
    if (state === 1) await request('PUT', `/api/modules/${first}/activity/answers`, cookie, { answers });
    if (state >= 2) {
      const submitted = (
        await request<{ activity: { id: string; version: number } }>('POST', `/api/modules/${first}/activity/submit`, cookie, { answers })
      ).json.activity;
      if (state >= 3) {
        const items = itemIds.map((itemId, i) => ({
          itemId,
          correct: state === 4 || i > 0,
          feedback: state === 4 ? null : 'Revisá el reglamento',
        }));
        await request('POST', `/api/activities/${submitted.id}/correction`, admin, { version: submitted.version, items });
      }
    }
    students.push({ id: json.user.id, cookie, itemIds, state });
  }
  for (let i = 0; i < settings.messages; i++) {
    const author = students[i % students.length]!;
    await request('POST', `/api/modules/${first}/messages`, author.cookie, { body: `Pregunta ${i}: ¿cómo se señala el pasivo?` });
  }
  // The course's question bank, and an exam every student is sitting (the answer saves' load).
  const klass = examClass(base, admin, courseId, first, students);
  await seedBank(klass, 40);
  const attemptIds = await startAttempts(klass, await createExam(klass, 'Examen de carga', 30));
  return { admin, courseId, moduleIds, students, attemptIds };
}

const examClass = (base: string, admin: string, courseId: string, moduleId: string, students: Student[]): ExamClass => ({
  base: () => base,
  admin,
  courseId,
  moduleId,
  trainees: students,
});

/** Answer saves' `seq` only grows, across rounds: each save is newer than the one before and is written. */
let examSeq = 0;

// --- What each page asks for --------------------------------------------------------------

/** The requests the student's module page makes for its data, in the order it makes them. */
const modulePageRequests = (_seeded: Seeded, moduleId: string) => [`/api/pages/modules/${moduleId}`];
/** The module page's address, whose document the server draws with the student's data. */
const modulePagePath = (seeded: Seeded, moduleId: string) => `/${seeded.courseId}/${moduleId}/modulo`;

/** The module page's document as a student gets it: drawn, with their data (else the load would measure the plain file). */
async function checkDocument(base: string, seeded: Seeded) {
  const response = await fetch(base + modulePagePath(seeded, seeded.moduleIds[0]!), { headers: { cookie: seeded.students[0]!.cookie } });
  const html = await response.text();
  if (!response.ok || !html.includes('id="aula-page-data"') || html.includes('<div id="root"></div>'))
    throw new Error(`el documento de la página del módulo no viene dibujado con los datos (${response.status})`);
}

// --- Load -------------------------------------------------------------------------------

interface RouteLoad {
  name: string;
  /** Requests per page: req/s is divided by it, so a page counts once. */
  perPage?: number;
  requests: (index: () => number) => autocannon.Request[];
}

function routeLoads(seeded: Seeded): RouteLoad[] {
  const [first] = seeded.moduleIds as [string];
  const { students, admin } = seeded;
  const drafters = students.filter((s) => s.state <= 1);
  const cookieOf = (list: Student[], n: number) => list[n % list.length]!.cookie;
  const pageUrls = modulePageRequests(seeded, first);
  return [
    { name: 'sin base de datos', requests: () => [{ method: 'GET', path: '/api/auth/session' }] },
    { name: '/api/health', requests: () => [{ method: 'GET', path: '/api/health' }] },
    {
      name: 'datos de la página del módulo',
      perPage: pageUrls.length,
      requests: (index) =>
        pageUrls.map((url, i) => ({
          method: 'GET' as const,
          path: url,
          // Each page is one student's: the first request picks the student, the rest follow.
          setupRequest: (request: autocannon.Request, context: object) => {
            const page = context as { cookie?: string };
            if (i === 0 || !page.cookie) page.cookie = cookieOf(students, index());
            return { ...request, headers: { ...request.headers, cookie: page.cookie } };
          },
        })),
    },
    {
      // What a browser asks for on a first visit (or wherever no service worker answers): the page
      // drawn with the student's data, compressed as a browser accepts.
      name: 'documento de la página del módulo',
      requests: (index) => [
        {
          method: 'GET',
          path: modulePagePath(seeded, first),
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              cookie: cookieOf(students, index()),
              accept: 'text/html',
              'accept-encoding': 'gzip, deflate, br',
            },
          }),
        },
      ],
    },
    {
      name: 'guardar borrador',
      requests: (index) => [
        {
          method: 'PUT',
          path: `/api/modules/${first}/activity/answers`,
          setupRequest: (request) => {
            const student = drafters[index() % drafters.length]!;
            const body = JSON.stringify({ answers: [{ itemId: student.itemIds[0], answer: `Borrador ${performance.now()}` }] });
            return { ...request, body, headers: { ...request.headers, cookie: student.cookie, 'content-type': 'application/json' } };
          },
        },
      ],
    },
    {
      name: 'respuesta de examen',
      requests: (index) => [
        {
          method: 'PUT',
          path: '/api/health',
          setupRequest: (request) => {
            const n = index();
            const student = n % students.length;
            examSeq += 1;
            return {
              ...request,
              path: `/api/attempts/${seeded.attemptIds[student]}/answers/${examSeq % 30}`,
              body: JSON.stringify({ answer: [examSeq % 4], seq: examSeq }),
              headers: { ...request.headers, cookie: students[student]!.cookie, 'content-type': 'application/json' },
            };
          },
        },
      ],
    },
    {
      name: 'mensaje del foro',
      requests: (index) => [
        {
          method: 'POST',
          path: `/api/modules/${first}/messages`,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ body: '¿El pie en la línea es área?' }),
            headers: { ...request.headers, cookie: cookieOf(students, index()), 'content-type': 'application/json' },
          }),
        },
      ],
    },
    {
      name: 'búsqueda de usuarios (admin)',
      requests: () => [{ method: 'GET', path: `/api/users?search=${encodeURIComponent('alumno 1')}`, headers: { cookie: admin } }],
    },
  ];
}

interface Measure {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(base: string, route: RouteLoad): Promise<Measure> {
  let counter = 0;
  const result = await autocannon({
    url: base,
    connections: settings.connections,
    // The smoke run only checks that each route answers under 50 connections: a few hundred requests.
    ...(smoke ? { amount: SMOKE_REQUESTS } : { duration: settings.seconds }),
    headers: { origin: base },
    requests: route.requests(() => counter++),
  });
  const perPage = route.perPage ?? 1;
  return {
    reqPerSec: result.requests.average / perPage,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The median time of `/api/health` over 10 requests in a row. */
async function healthLatency(base: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * Waits until the app is idle again, at most 15 s: what a load leaves behind (the forum posts'
 * emails go out in the background) must not slow the next route's measure down. Idle is
 * `/api/health` answering within 1.5 × the time it took before any load.
 */
async function settle(base: string, idleMs: number) {
  // The smoke run's figures mean nothing (it runs beside the test suites, which keep the machine
  // busy): there is nothing to wait for.
  if (smoke) return;
  const until = performance.now() + 15_000;
  while (performance.now() < until && (await healthLatency(base)) > idleMs * 1.5) await new Promise((resolve) => setTimeout(resolve, 250));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The module page's data issued one request after another, as one student alone would get it. */
async function sequentialPage(base: string, seeded: Seeded): Promise<{ p50: number; p99: number }> {
  const urls = modulePageRequests(seeded, seeded.moduleIds[0]!);
  const times: number[] = [];
  for (let i = 0; i < settings.sequentialPages; i++) {
    const cookie = seeded.students[i % seeded.students.length]!.cookie;
    const start = performance.now();
    for (const url of urls) {
      const response = await fetch(base + url, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! };
}

// --- The browser ------------------------------------------------------------------------

type BrowserFigures = Partial<Record<Profile['name'], ProfileFigures>>;

/** Whether the browser's figures can be taken: the app built and Debian's Chromium there (else it says why not). */
function browserAvailable(): boolean {
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    console.warn('Sin la aplicación compilada (npm run build): se omiten las medidas en el navegador.');
    return false;
  }
  if (!existsSync('/usr/bin/chromium')) {
    console.warn('Sin Chromium de Debian: se omiten las medidas en el navegador.');
    return false;
  }
  return true;
}

/** The browser's figures on each profile (`--profiles=phone,slow-phone` for some). */
async function browserFiguresFor(base: string, seeded: Seeded): Promise<BrowserFigures | null> {
  if (!browserAvailable()) return null;
  const target = { base, courseId: seeded.courseId, moduleId: seeded.moduleIds[0]!, cookie: seeded.students[0]!.cookie };
  const figures: BrowserFigures = {};
  for (const profile of profiles.filter((p) => !onlyProfiles || onlyProfiles.includes(p.name))) {
    figures[profile.name] = await browserFigures(target, profile, settings.navigations);
  }
  return figures;
}

// --- One database -----------------------------------------------------------------------

interface DatabaseFigures {
  database: 'pglite' | 'postgres';
  routes: Record<string, Measure & { ratioToHealth: number; rounds: Measure[] }>;
  sequentialPage: { p50: number; p99: number };
  browser: BrowserFigures | null;
  exam: ExamScenarioFigures | null;
  clips: ClipScenarioFigures | null;
  moduleVideo: ModuleVideoFigures | null;
  match: MatchFigures | null;
}

/**
 * The video exam's clips (scripts/lib/bench-clips.ts) on the third module, sat by the last three
 * students: their sizes, then the exam on a phone (and the first clip's wait on a slow phone).
 */
async function clipFigures(app: RunningApp, seeded: Seeded) {
  if (!ffmpegAvailable()) {
    console.warn('Sin ffmpeg: se omiten los clips del examen de video.');
    return null;
  }
  const klass = examClass(app.base, seeded.admin, seeded.courseId, seeded.moduleIds[2]!, seeded.students.slice(-3));
  const sitOn = (smoke ? ['phone'] : ['phone', 'slow-phone']) as Array<'phone' | 'slow-phone'>;
  return clipScenario(klass, {
    clips: smoke ? 2 : 3,
    seconds: smoke ? 2 : 10,
    profiles: sitOn.filter((name) => !onlyProfiles || onlyProfiles.includes(name)),
    browser: browserAvailable(),
  });
}

/**
 * A module's uploaded video (scripts/lib/bench-module-video.ts), opened by the first student: its
 * copies' sizes, a 10-minute module's download, and its start on the phone against the original's.
 */
async function moduleVideoFigures(app: RunningApp, seeded: Seeded) {
  if (!ffmpegAvailable()) {
    console.warn('Sin ffmpeg: se omite el video del módulo.');
    return null;
  }
  const target = { base: app.base, admin: seeded.admin, trainee: seeded.students[0]!.cookie, courseId: seeded.courseId };
  const phone = browserAvailable() && (!onlyProfiles || onlyProfiles.includes('phone'));
  return moduleVideoScenario(target, { seconds: smoke ? 3 : 60, runs: smoke ? 1 : 3, browser: phone });
}

/**
 * A 90-minute match (scripts/lib/bench-match.ts) uploaded and reviewed by the first student: its
 * start and jumps on the phone, and the module page while it converts.
 */
async function matchFigures(app: RunningApp, seeded: Seeded) {
  if (!ffmpegAvailable()) {
    console.warn('Sin ffmpeg: se omite el partido en video.');
    return null;
  }
  const target = { base: app.base, trainee: seeded.students[0]!.cookie, courseId: seeded.courseId, moduleId: seeded.moduleIds[0]! };
  const phone = browserAvailable() && (!onlyProfiles || onlyProfiles.includes('phone'));
  return matchScenario(target, { minutes: smoke ? 1 : 90, runs: smoke ? 1 : 3, browser: phone });
}

/** The class sitting an exam, with the server killed and restarted midway and (when we run the server) the database away. */
async function examFigures(
  app: RunningApp,
  seeded: Seeded,
  databaseUrl: string | undefined,
  database: string,
  server: ThrowawayPostgres | null,
) {
  const klass = examClass(app.base, seeded.admin, seeded.courseId, seeded.moduleIds[1]!, seeded.students);
  klass.base = () => app.base;
  const faults: ExamFaults = {
    async killAndRestart() {
      app.process.kill('SIGKILL');
      if (app.process.exitCode === null && app.process.signalCode === null)
        await new Promise((resolve) => app.process.once('exit', resolve));
      app.process = (await startApp(databaseUrl, database, app)).process;
    },
    ...(server
      ? {
          async databaseAway(seconds: number) {
            server.pause();
            await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
            server.resume();
          },
        }
      : {}),
  };
  return examScenario(klass, faults, { seconds: smoke ? 9 : 45, questions: 30 });
}

async function benchDatabase(
  database: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  server: ThrowawayPostgres | null = null,
): Promise<DatabaseFigures> {
  console.log(`\n== ${database}: preparando ${settings.students} alumnos y ${settings.messages} mensajes`);
  const app = await startApp(databaseUrl, database);
  try {
    const seeded = await seed(app.base);
    if (argv.includes('--serve')) {
      // For a look by hand: the seeded app stays up until Ctrl+C.
      console.log(
        JSON.stringify({
          base: app.base,
          courseId: seeded.courseId,
          moduleIds: seeded.moduleIds,
          student: seeded.students[0],
          admin: seeded.admin,
        }),
      );
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
    // /api/health always runs: the ratios are to it.
    const loads = browserOnly
      ? []
      : routeLoads(seeded).filter(
          (route) => !onlyRoute || route.name === '/api/health' || onlyRoute.split(',').some((part) => route.name.includes(part)),
        );
    if (loads.length > 0) await checkDocument(app.base, seeded);
    const rounds = new Map<string, Measure[]>(loads.map((route) => [route.name, []]));
    const ratios = new Map<string, number[]>(loads.map((route) => [route.name, []]));
    // A server in its steady state: its first clean-up (on the embedded database a VACUUM (ANALYZE),
    // which gives the planner its statistics) has run, instead of landing in the middle of a round.
    if (!smoke && loads.length > 0) {
      const wait = app.upAt + FIRST_CLEANUP_MS + 5_000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    // The app idle: the best of a few looks, the seeding's emails may still be going out.
    let idleMs = Infinity;
    for (let i = 0; i < 5; i++) {
      idleMs = Math.min(idleMs, await healthLatency(app.base));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Each route is measured right after a measure of /api/health, and its ratio is to that one.
    // On a shared machine the speed the processes get drifts within seconds (the host's other
    // work): the same route can go nearly twice as fast in one round as in the next, and a ratio
    // to a health measure taken half a minute earlier would carry that drift.
    const healthLoad = loads.find((route) => route.name === '/api/health')!;
    const paired = loads.filter((route) => route !== healthLoad);
    for (let round = 0; round < (loads.length > 0 ? settings.rounds : 0); round++) {
      for (const route of paired.length > 0 ? paired : [healthLoad]) {
        await settle(app.base, idleMs);
        const health = await load(app.base, healthLoad);
        rounds.get(healthLoad.name)!.push(health);
        ratios.get(healthLoad.name)!.push(1);
        if (route === healthLoad) continue;
        const measure = await load(app.base, route);
        rounds.get(route.name)!.push(measure);
        ratios.get(route.name)!.push(measure.reqPerSec / health.reqPerSec);
      }
    }
    const routes: DatabaseFigures['routes'] = {};
    for (const route of loads) {
      const measures = rounds.get(route.name)!;
      routes[route.name] = {
        reqPerSec: median(measures.map((m) => m.reqPerSec)),
        p50: median(measures.map((m) => m.p50)),
        p99: median(measures.map((m) => m.p99)),
        errors: measures.reduce((sum, m) => sum + m.errors, 0),
        ratioToHealth: median(ratios.get(route.name)!),
        rounds: measures,
      };
    }
    await settle(app.base, idleMs);
    const sequential = await sequentialPage(app.base, seeded);
    await settle(app.base, idleMs);
    // The smoke run only checks that the benchmark still works: the browser and clip scenarios
    // drive the app the same way on either database, so they run on the first one only.
    const repeat = smoke && database === 'postgres' && onlyDb !== 'postgres';
    const browser = onlyRoute || repeat ? null : await browserFiguresFor(app.base, seeded);
    const exam =
      !browserOnly && (!onlyRoute || onlyRoute.includes('examen')) ? await examFigures(app, seeded, databaseUrl, database, server) : null;
    const clips = !browserOnly && !repeat && (!onlyRoute || /clip|jugada/.test(onlyRoute)) ? await clipFigures(app, seeded) : null;
    // The module's video does not touch the database: measured on the first one only.
    const firstDatabase = database === (onlyDb === 'postgres' ? 'postgres' : 'pglite');
    const moduleVideo =
      firstDatabase && !browserOnly && (!onlyRoute || onlyRoute.includes('video')) ? await moduleVideoFigures(app, seeded) : null;
    // Nor does the match: its files are served from storage.
    const match =
      firstDatabase && !browserOnly && !skipped.includes('partido') && (!onlyRoute || onlyRoute.includes('partido'))
        ? await matchFigures(app, seeded)
        : null;
    return { database, routes, sequentialPage: sequential, browser, exam, clips, moduleVideo, match };
  } finally {
    await stopApp(app);
  }
}

function print(figures: DatabaseFigures) {
  const measure = smoke ? `${SMOKE_REQUESTS} pedidos` : `${settings.seconds} s`;
  console.log(
    `\n${figures.database}: ${settings.connections} conexiones, ${settings.rounds} ronda(s) de ${measure} por ruta, cada una tras ${measure} de /api/health`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(figures.routes).map(([name, m]) => [
        name,
        {
          'req/s': Math.round(m.reqPerSec),
          'p50 ms': m.p50,
          'p99 ms': m.p99,
          '× health': Number(m.ratioToHealth.toFixed(2)),
          errores: m.errors,
        },
      ]),
    ),
  );
  console.log(
    `Datos de la página del módulo, pedidos en serie: p50 ${figures.sequentialPage.p50.toFixed(2)} ms, p99 ${figures.sequentialPage.p99.toFixed(2)} ms`,
  );
  if (figures.exam) {
    const e = figures.exam;
    console.log(
      `Examen en clase: ${e.trainees} alumnos, ${e.questions} preguntas, comienzos en ${e.startSpreadSeconds} s; ${e.answersAcknowledged} respuestas confirmadas ` +
        `(p50 ${e.p50} ms, p99 ${e.p99} ms); kill -9 y reinicio: ${e.restartMs} ms` +
        (e.databaseAwaySeconds === null ? '' : `; base de datos caída ${e.databaseAwaySeconds} s`) +
        `; reenvíos ${e.retries}; respuestas perdidas ${e.lostAnswers}; relojes mal ${e.clocksWrong}`,
    );
  }
  if (figures.clips) printClips(figures.clips);
  if (figures.moduleVideo) printModuleVideo(figures.moduleVideo);
  if (figures.match) printMatch(figures.match);
  if (figures.browser) {
    console.log('Navegador a 360 px (mediana de ' + settings.navigations + '; reloj de la página):');
    console.table(
      Object.fromEntries(
        Object.entries(figures.browser).map(([name, b]) => [
          name,
          {
            'navegación → video ms': Math.round(b.navigationToVideoMs.median),
            'sin service worker ms': Math.round(b.navigationToVideoWithoutWorkerMs.median),
            'página mínima ms': Math.round(b.bareDocumentToVideoMs.median),
            'toque → video ms': Math.round(b.tapToVideoMs.median),
            'primer pintado ms': Math.round(b.firstContentfulPaintMs.median),
            'página mínima: primer pintado ms': Math.round(b.bareDocumentFirstPaintMs.median),
            'en frío → video ms': Math.round(b.coldToVideoMs.median),
            'página mínima en frío ms': Math.round(b.bareDocumentColdToVideoMs.median),
            'en frío KB': Number((b.coldLoadBytes / 1024).toFixed(1)),
          },
        ]),
      ),
    );
  }
}

// --- Main -------------------------------------------------------------------------------

const results: DatabaseFigures[] = [];
let throwaway: ThrowawayPostgres | null = null;
try {
  if (onlyDb !== 'postgres') {
    const figures = await benchDatabase('pglite', undefined);
    print(figures);
    results.push(figures);
  }
  if (onlyDb !== 'pglite') {
    let serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      throwaway = await startThrowawayPostgres();
      serverUrl = throwaway?.url;
    }
    if (!serverUrl) {
      console.warn('Sin PostgreSQL (ni BENCH_DATABASE_URL ni un servidor que levantar): se omite PostgreSQL.');
    } else {
      // A database of its own on that server, dropped afterwards.
      const name = `aula_bench_${Date.now()}`;
      // A connection each time: the database goes away during the exam.
      const onServer = async (statement: string) => {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(statement).finally(() => admin.end());
      };
      await onServer(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      try {
        const figures = await benchDatabase('postgres', url.toString(), throwaway);
        print(figures);
        results.push(figures);
      } finally {
        await onServer(`drop database if exists ${name} with (force)`);
      }
    }
  }
} finally {
  throwaway?.stop();
}

await mkdir(path.dirname(path.resolve(root, outFile)), { recursive: true });
await writeFile(path.resolve(root, outFile), JSON.stringify({ date: new Date().toISOString(), smoke, settings, results }, null, 2));
console.log(`\nResultados en ${outFile}`);
const failures = results.flatMap((r) => [
  ...Object.entries(r.routes)
    .filter(([, m]) => m.errors > 0)
    .map(([name, m]) => `${r.database} ${name}: ${m.errors} errores`),
  ...(r.exam && (r.exam.lostAnswers > 0 || r.exam.clocksWrong > 0)
    ? [`${r.database} examen en clase: ${r.exam.lostAnswers} respuestas perdidas, ${r.exam.clocksWrong} relojes mal`]
    : []),
  // The smoke run's clips are short, and a short clip weighs more per 10 s: only a full run's 10-second clips are held to the budget.
  ...(smoke ? [] : (r.clips?.clips ?? []))
    .filter((clip) => !clip.withinBudget)
    .map(
      (clip) =>
        `${r.database} clip de examen ${clip.jugada}: ${clip.servedPer10sBytes} bytes por 10 s, más de ${CLIP_BUDGET_BYTES_PER_10_SECONDS}`,
    ),
]);
if (failures.length > 0) {
  console.error(`Hubo respuestas con error:\n${failures.join('\n')}`);
  process.exit(1);
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { course, courseModule, jugada, user as userTable } from '../../src/server/db/schema.ts';
import { bootstrap } from '../../src/server/seed/bootstrap.ts';
import { DEMO_STUDENT_EMAIL, seedDemo } from '../../src/server/seed/demo.ts';
import { call, login, postLogin } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

async function users(app: TestApp) {
  return app.ctx.db.select({ email: userTable.email, role: userTable.role }).from(userTable).orderBy(userTable.email);
}

describe('bootstrap', () => {
  it('runs on the database the suite was asked for (PGlite, or PostgreSQL with TEST_DATABASE_URL)', async () => {
    t = await createTestApp();
    expect(t.ctx.database.kind).toBe(inject('testDatabase').kind);
  });

  it('creates the admin from ADMIN_EMAIL on an empty database, printing no password', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    t = await createTestApp();

    expect(await users(t)).toEqual([{ email: ADMIN_EMAIL, role: 'admin' }]);
    const signIn = await postLogin(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('admin');
    expect(log.mock.calls.flat().join('\n')).not.toContain(ADMIN_PASSWORD);
  });

  it('does nothing on a database that already has users', async () => {
    t = await createTestApp();
    const before = await users(t);

    await bootstrap({
      ...t.ctx,
      config: { ...t.ctx.config, admin: { email: 'otra-admin@example.com', password: 'otra-clave' }, seedDemo: true },
    });

    expect(await users(t)).toEqual(before);
    expect((await postLogin(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('without ADMIN_EMAIL creates an admin and the demo student with generated passwords, printed once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    t = await createTestApp({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: 'true' } });

    expect(await users(t)).toEqual([
      { email: 'admin@aula-virtual.local', role: 'admin' },
      { email: DEMO_STUDENT_EMAIL, role: 'student' },
    ]);
    const printed = log.mock.calls.flat().join('\n');
    const adminPassword = /admin@aula-virtual\.local \/ (\S+)/.exec(printed)?.[1];
    const demoPassword = new RegExp(`${DEMO_STUDENT_EMAIL.replace('.', '\\.')} / (\\S+)`).exec(printed)?.[1];
    expect(adminPassword).toBeDefined();
    expect(demoPassword).toBeDefined();
    expect(adminPassword).not.toBe(demoPassword);

    expect((await postLogin(t.app, 'admin@aula-virtual.local', adminPassword!)).json().user.role).toBe('admin');
    expect((await postLogin(t.app, DEMO_STUDENT_EMAIL, demoPassword!)).json().user.role).toBe('student');

    // The sample course's record, as its welcome text says: the plan, the student on two
    // instalments of $ 3.000, and the next two Saturday-morning classes.
    const student = await login(t.app, DEMO_STUDENT_EMAIL, demoPassword!);
    const [record] = (await call(t.app, { url: '/api/me/record', cookie: student })).json().courses;
    expect(record.payments.status.option.label).toBe('Dos cuotas de $ 3.000');
    expect(record.payments.instalments.map((i: { amount: number }) => i.amount)).toEqual([3000, 3000]);
    expect(record.attendance.lessons).toHaveLength(2);
    for (const lesson of record.attendance.lessons) {
      expect(new Date(`${lesson.date}T12:00:00Z`).getUTCDay()).toBe(6);
      expect(lesson.time).toBe('09:00');
    }

    log.mockClear();
    await bootstrap(t.ctx);
    expect(log).not.toHaveBeenCalled();
  });
});

/** What ffprobe reads in the bytes: the streams' codecs and the duration in seconds. */
async function probe(bytes: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'probe-'));
  const file = path.join(dir, 'clip.mp4');
  await writeFile(file, bytes);
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const json = JSON.parse(out) as { streams: Array<{ codec_name: string }>; format: { duration: string } };
    return { codecs: json.streams.map((s) => s.codec_name).sort(), duration: Number(json.format.duration) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function moduleTwoJugadas(app: TestApp) {
  const [moduleTwo] = await app.ctx.db.select().from(courseModule).where(eq(courseModule.name, 'Módulo 2: Faltas y sanciones progresivas'));
  return { moduleTwo: moduleTwo!, rows: moduleTwo ? await app.ctx.db.select().from(jugada).where(eq(jugada.moduleId, moduleTwo.id)) : [] };
}

describe("the sample course's jugadas", () => {
  it('with ffmpeg: three jugadas in module 2 on clips the seed drew, stored and served like uploaded ones, playable (H.264 and AAC)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const started = Date.now();
    t = await createTestApp({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: 'true' } });
    const seconds = (Date.now() - started) / 1000;
    const demoPassword = new RegExp(`${DEMO_STUDENT_EMAIL.replace('.', '\\.')} / (\\S+)`).exec(log.mock.calls.flat().join('\n'))?.[1];

    const { moduleTwo } = await moduleTwoJugadas(t);
    const student = await login(t.app, DEMO_STUDENT_EMAIL, demoPassword!);
    const mine = await call(t.app, { url: `/api/modules/${moduleTwo.id}/my-jugadas`, cookie: student });
    expect(mine.statusCode).toBe(200);
    const { jugadas } = mine.json().jugadas as {
      jugadas: Array<{
        id: string;
        prompt: string;
        hasMoment: boolean;
        video: { kind: string; url: string; mimeType: string };
        firstAnswer: unknown;
      }>;
    };
    expect(jugadas).toHaveLength(3);
    for (const j of jugadas) {
      expect(j).toMatchObject({ hasMoment: true, firstAnswer: null, video: { kind: 'file', mimeType: 'video/mp4' } });
      expect(j.prompt).toMatch(/¿Qué cobrás\?$/);
      const clip = await call(t.app, { url: j.video.url, cookie: student });
      expect(clip.statusCode).toBe(200);
      expect(clip.headers['content-type']).toBe('video/mp4');
      expect(clip.rawPayload.length).toBeLessThan(200_000);
      expect(await probe(clip.rawPayload)).toEqual({ codecs: ['aac', 'h264'], duration: expect.closeTo(6, 0) });
      const range = await call(t.app, { url: j.video.url, cookie: student, headers: { range: 'bytes=0-99' } });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(100);
    }
    // The correct calls, for the admin: from the course's IHF lists, each explained with its rule.
    const admin = await login(
      t.app,
      'admin@aula-virtual.local',
      /admin@aula-virtual\.local \/ (\S+)/.exec(log.mock.calls.flat().join('\n'))![1]!,
    );
    const results = await call(t.app, {
      url: `/api/users/${(await t.ctx.db.select().from(userTable).where(eq(userTable.email, DEMO_STUDENT_EMAIL)))[0]!.id}/modules/${moduleTwo.id}/jugadas`,
      cookie: admin,
    });
    expect(
      results.json().jugadas.map((j: { correctDecision: string; correctSanction: string }) => [j.correctDecision, j.correctSanction]),
    ).toEqual([
      ['Tiro de 7 metros', 'Exclusión de 2 minutos'],
      ['Pasos', 'Ninguna'],
      ['Falta en ataque', 'Ninguna'],
    ]);
    const { rows } = await moduleTwoJugadas(t);
    for (const row of rows) expect(row.explanation).toMatch(/Regla \d+:\d+/);
    // The whole first start with the sample course stays quick (the clips take well under a second each).
    expect(seconds).toBeLessThan(30);
  });

  it('without ffmpeg: the sample course is created without jugadas and one Spanish line says why', async () => {
    t = await createTestApp();
    const warn = vi.spyOn(t.ctx.logger, 'warn');
    await expect(seedDemo(t.ctx, 'clave-de-ejemplo-123', { ffmpeg: 'ffmpeg-que-no-esta-instalado' })).resolves.toMatchObject({
      email: DEMO_STUDENT_EMAIL,
    });

    expect(await t.ctx.db.select({ name: course.name }).from(course)).toEqual([{ name: 'Curso de Árbitros de Handball' }]);
    const { moduleTwo, rows } = await moduleTwoJugadas(t);
    expect(moduleTwo).toBeDefined();
    expect(rows).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      'Curso de ejemplo: no se crearon las jugadas de ejemplo porque falta ffmpeg (el resto del curso está completo).',
    );
    expect((await postLogin(t.app, DEMO_STUDENT_EMAIL, 'clave-de-ejemplo-123')).statusCode).toBe(200);
  });
});

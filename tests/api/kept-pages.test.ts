// The pages a student opens most are kept between requests with the stamps of their data
// (pages/kept-rows.ts): asked again with nothing changed, a page costs one read of the session and
// the stamps. Whatever changes what a page shows (here, through the API, a helper writing to the
// database or another app instance) is seen on the very next request.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../src/server/db/json.ts';
import { pageStatements } from '../../src/server/pages/routes.ts';
import { createUser } from './helpers/builders.ts';
import { buildCourse, buildModule, correctActivity, enableCourse, enableModule, signedIn, submitAnswers } from './helpers/content.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { call, login } from './helpers/http.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let student: Awaited<ReturnType<typeof signedIn>>;
let classmate: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let courseId: string;
let moduleId: string;

beforeAll(async () => {
  t = await createTestApp();
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  student = await signedIn(t.app, t.ctx, 'student');
  classmate = await signedIn(t.app, t.ctx, 'student');
  admin = await signedIn(t.app, t.ctx, 'admin');
  for (const who of [student, classmate]) await enableModule(t.ctx, who.id, moduleId);
});
afterAll(async () => {
  await t?.close();
});

const modulePage = (cookie = student.cookie, app = t.app) => call(app, { url: `/api/pages/modules/${moduleId}`, cookie });
const moduleOf = async (cookie = student.cookie, app = t.app) => {
  const response = await modulePage(cookie, app);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { module: { name: string; progress: string | null; watched: unknown } }).module;
};

describe('pages kept between requests', () => {
  it('asked again with nothing changed, a page reads only the session and the stamps', async () => {
    // Each statement is prepared on its first use (here, the stamps').
    await modulePage(admin.cookie);
    await modulePage(admin.cookie);
    const counter = countRoundTrips(t.ctx.database);
    const pages = [
      [`/api/pages/modules/${moduleId}`, 'page_module'],
      [`/api/pages/courses/${courseId}/modules`, 'page_course_modules'],
      [`/api/pages/modules/${moduleId}/activity`, 'page_activity'],
      ['/api/pages/home', 'page_home'],
    ] as const;
    for (const [url, statement] of pages) {
      const first = await counter.statementsDuring(() => call(t.app, { url, cookie: student.cookie }));
      const again = await counter.statementsDuring(() => call(t.app, { url, cookie: student.cookie }));
      // (On the embedded database a statement's first use also prepares it.)
      expect(first.at(-1), url).toBe(statement);
      expect(again, url).toEqual(['page_stamps']);
    }
    // A classmate's work changes nothing of this student's pages: they stay kept.
    await submitAnswers(t.ctx, classmate.id, moduleId);
    expect(await counter.statementsDuring(() => modulePage())).toEqual(['page_stamps']);
  });

  it('whatever changes what the page shows is seen on the next request', async () => {
    expect((await moduleOf()).progress).toBe('sin-responder');

    await submitAnswers(t.ctx, student.id, moduleId);
    expect((await moduleOf()).progress).toBe('enviado');

    await correctActivity(t.ctx, student.id, moduleId, [true, false]);
    expect((await moduleOf()).progress).toBe('con-correcciones');

    const renamed = await call(t.app, {
      method: 'PATCH',
      url: `/api/modules/${moduleId}`,
      cookie: admin.cookie,
      body: { name: 'Reglas de juego' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await moduleOf()).name).toBe('Reglas de juego');

    expect((await moduleOf()).watched).toBeNull();
    const watched = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${moduleId}/watched`,
      cookie: student.cookie,
      body: { duration: 100, position: 30, intervals: [[0, 30]] },
    });
    expect(watched.statusCode, watched.body).toBe(200);
    expect((await moduleOf()).watched).toMatchObject({ seconds: 30 });

    await enableModule(t.ctx, student.id, moduleId, false);
    expect((await modulePage()).statusCode).toBe(404);
    await enableModule(t.ctx, student.id, moduleId);
    expect((await modulePage()).statusCode).toBe(200);
  });

  it('a course given to the student, or a student made admin, shows on their home at once', async () => {
    const someone = await signedIn(t.app, t.ctx, 'student');
    const home = async () =>
      ((await call(t.app, { url: '/api/pages/home', cookie: someone.cookie })).json() as { courses: { id: string }[] }).courses;
    expect(await home()).toEqual([]);
    await enableCourse(t.ctx, someone.id, courseId);
    expect((await home()).map((course) => course.id)).toEqual([courseId]);
    await enableCourse(t.ctx, someone.id, courseId, false);
    expect(await home()).toEqual([]);
  });

  it('a signed-out session is refused, its page kept or not', async () => {
    const someone = await createUser(t.ctx);
    await enableModule(t.ctx, someone.id, moduleId);
    const cookie = await login(t.app, someone.email, someone.password);
    expect((await modulePage(cookie)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBe(204);
    expect((await modulePage(cookie)).statusCode).toBe(401);
  });

  it('every table a page reads stamps its changes (but the session, read on every request)', async () => {
    // Read anew by every request, with the session: whether the person is on a course's team too.
    const readWithTheSession = ['session', 'data_stamp', 'course_staff'];
    const stamped = new Set(
      rowsOf<{ table: string }>(
        await t.ctx.db.execute(
          sql`select c.relname as "table" from pg_trigger tr join pg_class c on c.oid = tr.tgrelid where tr.tgname = 'data_stamp'`,
        ),
      ).map((row) => row.table),
    );
    for (const [name, statement] of Object.entries(pageStatements)) {
      const read = await tablesRead(statement.text);
      expect(read.size, name).toBeGreaterThan(1);
      for (const table of read) if (!readWithTheSession.includes(table)) expect(stamped, `${name} reads ${table}`).toContain(table);
    }
  });
});

/** The tables a statement reads, from its generic plan (the one that cannot leave any out for its values). */
async function tablesRead(text: string): Promise<Set<string>> {
  const values = [...new Set(text.match(/\$\d+/g))].map(() => 'null');
  const plan = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare tables_read as ${text}`));
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(sql.raw(`explain (format json) execute tables_read(${values.join(', ')})`)),
    );
    await tx.execute(sql`deallocate tables_read`);
    return row!['QUERY PLAN'];
  });
  const tables = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name') tables.add(String(value));
        else visit(value);
      }
  };
  visit(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return tables;
}

const onPostgres = inject('testDatabase').kind === 'postgres';

describe.skipIf(!onPostgres)('pages kept by two app instances sharing PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ database });
    b = await createTestApp({ database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('a change made on one instance is seen on the other at the next request', async () => {
    const course = (await buildCourse(a.ctx)).id;
    const module = (await buildModule(a.ctx, course)).id;
    const someone = await createUser(a.ctx);
    await enableModule(a.ctx, someone.id, module);
    const cookie = await login(a.app, someone.email, someone.password);
    const adminCookie = (await signedIn(b.app, b.ctx, 'admin')).cookie;
    const name = async () =>
      ((await call(a.app, { url: `/api/pages/modules/${module}`, cookie })).json() as { module: { name: string } }).module.name;
    const before = await name();
    expect(await name()).toBe(before);
    const renamed = await call(b.app, {
      method: 'PATCH',
      url: `/api/modules/${module}`,
      cookie: adminCookie,
      body: { name: 'Renombrado en B' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await name()).toBe('Renombrado en B');
  });
});

// Sessions checked in the database on every request, as part of each page's own statement: a
// sign-out, a password reset, a role change and a ban take effect at once — on the instance that
// did it and on every other instance sharing the database.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session } from '../../src/server/db/schema.ts';
import { buildCourse, buildModule, enableModule } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { call, login } from './helpers/http.ts';
import { extractToken } from './helpers/mail.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

const onPostgres = inject('testDatabase').kind === 'postgres';

/** The same checks on one instance (`a` and `b` the same) and on two instances sharing PostgreSQL. */
function sessionEndings(instances: () => { a: TestApp; b: TestApp }) {
  let moduleId = '';
  let adminCookie = '';

  beforeAll(async () => {
    const { a } = instances();
    const course = await buildCourse(a.ctx);
    moduleId = (await buildModule(a.ctx, course.id)).id;
    adminCookie = await login(a.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  /** A student with the module enabled, signed in on A, whose session B has already checked (and holds). */
  async function studentSeenOnB() {
    const { a, b } = instances();
    const student = await createUser(a.ctx);
    await enableModule(a.ctx, student.id, moduleId);
    const cookie = await login(a.app, student.email, student.password);
    expect((await call(b.app, { url: `/api/pages/modules/${moduleId}`, cookie })).statusCode).toBe(200);
    return { ...student, cookie };
  }
  const pageOnB = (cookie: string) => call(instances().b.app, { url: `/api/pages/modules/${moduleId}`, cookie });
  const adminHeaders = () => new Headers({ cookie: adminCookie, origin: 'http://localhost:3000' });

  it('a page checks its session inside its own statement: one round trip; a session check alone is one', async () => {
    const { b } = instances();
    const student = await studentSeenOnB();
    // Once each first: a statement is prepared on its first use (the page, kept since B showed it,
    // is then checked by its session and stamps alone: pages/routes.ts).
    await call(b.app, { url: '/api/auth/session', cookie: student.cookie });
    await pageOnB(student.cookie);
    const counter = countRoundTrips(b.ctx.database);
    expect(await counter.during(() => pageOnB(student.cookie))).toBe(1);
    expect(await counter.during(() => call(b.app, { url: '/api/auth/session', cookie: student.cookie }))).toBe(1);
  });

  it('signing out on A ends the session on B at once', async () => {
    const { a } = instances();
    const student = await studentSeenOnB();
    expect((await call(a.app, { method: 'POST', url: '/api/auth/logout', cookie: student.cookie })).statusCode).toBe(204);
    expect((await pageOnB(student.cookie)).statusCode).toBe(401);
  });

  it('a password reset on A ends every session of the user on B at once', async () => {
    const { a } = instances();
    const student = await studentSeenOnB();
    const other = await login(a.app, student.email, student.password);
    expect((await pageOnB(other)).statusCode).toBe(200);
    await call(a.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: student.email } });
    const mail = a.mails.findLast((m) => m.to === student.email)!;
    const reset = await call(a.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: extractToken(mail), password: 'otra-clave-nueva' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await pageOnB(student.cookie)).statusCode).toBe(401);
    expect((await pageOnB(other)).statusCode).toBe(401);
  });

  it('a role change on A applies on B at once, without signing out', async () => {
    const { a, b } = instances();
    const student = await studentSeenOnB();
    expect((await call(b.app, { url: '/api/users', cookie: student.cookie })).statusCode).toBe(403);
    await a.ctx.auth.api.setRole({ body: { userId: student.id, role: 'admin' }, headers: adminHeaders() });
    expect((await call(b.app, { url: '/api/users', cookie: student.cookie })).statusCode).toBe(200);
    expect((await call(b.app, { url: '/api/auth/session', cookie: student.cookie })).json().user.role).toBe('admin');
    await a.ctx.auth.api.setRole({ body: { userId: student.id, role: 'student' }, headers: adminHeaders() });
    expect((await call(b.app, { url: '/api/users', cookie: student.cookie })).statusCode).toBe(403);
  });

  it('a user blocked on A is out on B at once', async () => {
    const { a } = instances();
    const student = await studentSeenOnB();
    await a.ctx.auth.api.banUser({ body: { userId: student.id }, headers: adminHeaders() });
    expect((await pageOnB(student.cookie)).statusCode).toBe(401);
    // And cannot come back in.
    const again = await call(a.app, { method: 'POST', url: '/api/auth/login', body: { email: student.email, password: student.password } });
    expect(again.statusCode).not.toBe(200);
  });
}

describe('one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  sessionEndings(() => ({ a: t, b: t }));
});

describe('a session in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gets its 30 days again, once a day, with the cookie's new age on the answer", async () => {
    const course = await buildCourse(t.ctx);
    const moduleId = (await buildModule(t.ctx, course.id)).id;
    const student = await createUser(t.ctx);
    await enableModule(t.ctx, student.id, moduleId);
    const cookie = await login(t.app, student.email, student.password);
    const fresh = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    // Last extended two days ago: 28 days left.
    const [row] = await t.ctx.db.select().from(session).where(eq(session.userId, student.id));
    await t.ctx.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * 86_400_000) })
      .where(eq(session.id, row!.id));
    const used = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie });
    expect(used.statusCode).toBe(200);
    const cookies = [used.headers['set-cookie'] ?? []].flat();
    const renewed = cookies.find((c) => c.includes('session_token='));
    expect(renewed).toMatch(/Max-Age=2592000/i);
    const [after] = await t.ctx.db.select().from(session).where(eq(session.id, row!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // The renewed cookie keeps working.
    const token = renewed!.split(';')[0]!;
    expect((await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: token })).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('two instances sharing PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
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
  sessionEndings(() => ({ a, b }));
});

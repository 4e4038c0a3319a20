import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { user as userTable } from '../../src/server/db/schema.ts';
import { bootstrap } from '../../src/server/seed/bootstrap.ts';
import { DEMO_STUDENT_EMAIL } from '../../src/server/seed/demo.ts';
import { postLogin } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

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

    await bootstrap({ ...t.ctx, config: { ...t.ctx.config, admin: { email: 'otra-admin@example.com', password: 'otra-clave' }, seedDemo: true } });

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

    log.mockClear();
    await bootstrap(t.ctx);
    expect(log).not.toHaveBeenCalled();
  });
});

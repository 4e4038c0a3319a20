// `npm run reset-password -- EMAIL`, as an operator runs it on the server: a new password printed
// once, the old one and every open session of that user gone, on the embedded database (with the
// app stopped, and through the running app, which owns it) and on PostgreSQL (where every running
// instance forgets the sessions it kept in memory). An unknown email is refused in Spanish.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { user, verification } from '../../src/server/db/schema.ts';
import { createUser } from '../api/helpers/builders.ts';
import { createTestDatabase, type TestDatabase } from '../api/helpers/database.ts';
import { call, login, postLogin } from '../api/helpers/http.ts';
import { startAppProcess, type AppProcess } from '../api/helpers/app-process.ts';
import { httpLogin } from '../api/helpers/process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, PUBLIC_URL } from '../api/helpers/test-app.ts';

const root = new URL('../..', import.meta.url).pathname;

/** Runs the command as npm would, and waits for it without blocking this process (an app in it may have to answer). */
function resetPassword(email: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/reset-password.ts', email],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The password the command printed: the one indented line. */
const printedPassword = (stdout: string) => /^ {2}(\S+)$/m.exec(stdout)?.[1] ?? '';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('on the embedded database', () => {
  let database: TestDatabase;
  let running: AppProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    running?.kill('SIGKILL');
    await database?.drop();
  });

  it('with the app stopped: sets a new password, ends the sessions and the pending reset links', { timeout: 60_000 }, async () => {
    const before = await createTestApp({ database, productionPasswords: true });
    const cookie = await login(before.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await call(before.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: ADMIN_EMAIL } })).statusCode).toBe(
      200,
    );
    const [admin] = await before.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, ADMIN_EMAIL));
    const resetLinks = () =>
      before.ctx.db
        .select()
        .from(verification)
        .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, admin!.id)));
    expect(await resetLinks()).toHaveLength(1);
    await before.app.close();
    await before.ctx.database.close();

    // Written as people type it: the email matches whatever its case.
    const result = await resetPassword(ADMIN_EMAIL.toUpperCase(), { DATA_DIR: database.dataDir });
    expect(result.code, result.stderr).toBe(0);
    const password = printedPassword(result.stdout);
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.stdout).toContain(`Contraseña nueva de ${ADMIN_EMAIL} (Administrador, administrador):`);
    expect(result.stdout).toContain('Se muestra una sola vez');
    expect(result.stdout).toContain('Se cerró su sesión abierta.');

    const after = await createTestApp({ database, productionPasswords: true });
    try {
      expect((await postLogin(after.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(401);
      expect((await postLogin(after.app, ADMIN_EMAIL, password)).statusCode).toBe(200);
      expect((await call(after.app, { url: '/api/courses', cookie })).statusCode).toBe(401);
      expect(
        await after.ctx.db
          .select()
          .from(verification)
          .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, admin!.id))),
      ).toEqual([]);
    } finally {
      await after.app.close();
      await after.ctx.database.close();
    }
  });

  it('with the app running: the app does it (it owns the database), and the open session ends at once', { timeout: 90_000 }, async () => {
    const setup = await createTestApp({ database, productionPasswords: true });
    const student = await createUser(setup.ctx, { role: 'student', password: 'clave-del-alumno' });
    await setup.app.close();
    await setup.ctx.database.close();

    running = await startAppProcess({ DATA_DIR: database.dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL });
    const cookie = await httpLogin(running.url, student.email, 'clave-del-alumno');
    const session = () => fetch(`${running!.url}/api/courses`, { headers: { cookie } }).then((r) => r.status);
    expect(await session()).toBe(200);

    const result = await resetPassword(student.email, { DATA_DIR: database.dataDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('alumno');
    const password = printedPassword(result.stdout);
    expect(await session()).toBe(401);
    await expect(httpLogin(running.url, student.email, 'clave-del-alumno')).rejects.toThrow(/401/);
    expect(await httpLogin(running.url, student.email, password)).toContain('aula');
    // The app says it in its log, without the password.
    const logged = running.logs.find((line) => line.msg === 'contraseña cambiada por el operador (npm run reset-password)');
    expect(logged).toMatchObject({ email: student.email, sessions: 1 });
    expect(JSON.stringify(running.logs)).not.toContain(password);

    // An unknown email: refused in Spanish, through the running app too.
    const unknown = await resetPassword('nadie@example.com', { DATA_DIR: database.dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No hay ningún usuario con el email nadie@example.com');
    expect(unknown.stdout).toBe('');
  });

  it('refuses a malformed email, a missing one and a DATA_DIR without a database, in Spanish', async () => {
    const malformed = await resetPassword('no-es-un-email', { DATA_DIR: database.dataDir });
    expect(malformed).toMatchObject({ code: 1, stdout: '' });
    expect(malformed.stderr).toContain('no es un email válido');
    const missing = await resetPassword('', { DATA_DIR: database.dataDir });
    expect(missing.stderr).toContain('Uso: npm run reset-password -- EMAIL');
    const empty = await createTestDatabase();
    try {
      const nowhere = await resetPassword(ADMIN_EMAIL, { DATA_DIR: `${empty.dataDir}/otra` });
      expect(nowhere.code).toBe(1);
      expect(nowhere.stderr).toContain('No hay una base en');
    } finally {
      await empty.drop();
    }
  });
});

describe.runIf(onPostgres)('on PostgreSQL (DATABASE_URL)', () => {
  it(
    'sets the new password, and a running instance forgets the session it kept in memory before the command ends',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp();
      try {
        const cookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
        // Checked once: from now on this instance answers for the session from memory.
        expect((await call(t.app, { url: '/api/courses', cookie })).statusCode).toBe(200);

        const result = await resetPassword(ADMIN_EMAIL, { DATABASE_URL: t.ctx.config.databaseUrl!, DATA_DIR: t.ctx.config.dataDir });
        expect(result.code, result.stderr).toBe(0);
        expect((await call(t.app, { url: '/api/courses', cookie })).statusCode).toBe(401);
        expect((await postLogin(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(401);
        expect((await postLogin(t.app, ADMIN_EMAIL, printedPassword(result.stdout))).statusCode).toBe(200);

        const unknown = await resetPassword('nadie@example.com', {
          DATABASE_URL: t.ctx.config.databaseUrl!,
          DATA_DIR: t.ctx.config.dataDir,
        });
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('No hay ningún usuario con el email nadie@example.com');
      } finally {
        await t.close();
      }
    },
  );
});

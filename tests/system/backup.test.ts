// npm run backup / npm run restore for the embedded database: a copy taken while the app runs,
// restored into a fresh DATA_DIR, has the same courses, answers and files.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { activityItem, course, document } from '../../src/server/db/schema.ts';
import { buildCourse, buildDocument, buildModule, enableModule, submitAnswers } from '../api/helpers/content.ts';
import { createUser } from '../api/helpers/builders.ts';
import { createTestDatabase, type TestDatabase } from '../api/helpers/database.ts';
import { startAppProcess, type AppProcess } from '../api/helpers/app-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, PUBLIC_URL } from '../api/helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = (script: string, file: string, dataDir: string) =>
  spawnSync(process.execPath, [`scripts/${script}.ts`, file], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || process.env.TEST_STORAGE === 's3')(
  'backup and restore of the embedded database',
  () => {
    let source: TestDatabase;
    let work: string;
    let running: AppProcess | undefined;
    let restored: AppProcess | undefined;
    beforeAll(async () => {
      source = await createTestDatabase();
      work = await mkdtemp(path.join(tmpdir(), 'aula-backup-test-'));
    });
    afterAll(async () => {
      running?.kill('SIGKILL');
      restored?.kill('SIGKILL');
      await source?.drop();
      await rm(work, { recursive: true, force: true });
    });

    it('copies a running app and restores courses, answers and files into a fresh DATA_DIR', { timeout: 180_000 }, async () => {
      // Content: a course with a document and a module a student answered.
      const t = await createTestApp({ database: source, storage: 'local', productionPasswords: true });
      const created = await buildCourse(t.ctx, { name: 'Curso respaldado' });
      const module = await buildModule(t.ctx, created.id);
      const doc = await buildDocument(t.ctx, created.id, 'Reglamento respaldado');
      const student = await createUser(t.ctx, { role: 'student' });
      await enableModule(t.ctx, student.id, module.id);
      await submitAnswers(t.ctx, student.id, module.id, (i) => `Respuesta respaldada ${i}`);
      const snapshot = async (db: typeof t.ctx.db) => ({
        courses: await db.select({ id: course.id, name: course.name }).from(course).orderBy(asc(course.id)),
        answers: await db.select({ id: activityItem.id, answer: activityItem.answer }).from(activityItem).orderBy(asc(activityItem.id)),
        documents: await db.select({ id: document.id, key: document.storageKey }).from(document).orderBy(asc(document.id)),
      });
      const before = await snapshot(t.ctx.db);
      await t.app.close();
      await t.ctx.database.close();

      // The app runs on that DATA_DIR while the copy is taken.
      running = await startAppProcess({ DATA_DIR: source.dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL });
      const file = path.join(work, 'copia.tar.gz');
      const backup = run('backup', file, source.dataDir);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('copiada por la app en marcha');
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);

      // Restore into a fresh folder, and refuse to overwrite an existing database.
      const fresh = path.join(work, 'restaurada');
      const restore = run('restore', file, fresh);
      expect(restore.status, restore.stderr).toBe(0);
      const again = run('restore', file, fresh);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('ya tiene una base');

      restored = await startAppProcess({ DATA_DIR: fresh, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL });
      const login = await fetch(`${restored.url}/api/auth/login`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const courses = (await (await fetch(`${restored.url}/api/courses`, { headers: { cookie } })).json()) as {
        courses: Array<{ name: string }>;
      };
      expect(courses.courses.map((c) => c.name)).toContain('Curso respaldado');
      const download = await fetch(`${restored.url}/api/documents/${doc.id}/file`, { headers: { cookie } });
      expect(download.status).toBe(200);
      const original = await fetch(`${running.url}/api/documents/${doc.id}/file`, { headers: { cookie: await adminCookie(running.url) } });
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
      restored.kill('SIGTERM');
      await restored.exited;
      restored = undefined;

      // And the rows are the same, read straight from the restored database.
      const check = await createTestApp({
        database: { dataDir: fresh, databaseUrl: undefined, drop: async () => undefined },
        storage: 'local',
      });
      try {
        const after = await snapshot(check.ctx.db);
        expect(after).toEqual(before);
        expect(after.answers.some((a) => a.answer === 'Respuesta respaldada 0')).toBe(true);
      } finally {
        await check.close();
      }
    });
  },
);

async function adminCookie(url: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

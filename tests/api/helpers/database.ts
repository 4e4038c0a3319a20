import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** What the global setup prepared: a migrated PGlite template, or a PostgreSQL server with a migrated template database. */
export type TestDatabaseTarget = { kind: 'pglite'; templateDir: string } | { kind: 'postgres'; adminUrl: string; template: string };

export interface TestDatabase {
  /** The app's DATA_DIR (a fresh temp folder; on PGlite it holds the copied database). */
  dataDir: string;
  /** Set on PostgreSQL: the URL of this test's own database. */
  databaseUrl: string | undefined;
  /** Removes the temp folder and, on PostgreSQL, drops the database. Call after the app's database is closed. */
  drop(): Promise<void>;
}

/** A database of its own for one test file (or one app): nothing leaks between files. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const target = inject('testDatabase');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-test-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });

  if (target.kind === 'pglite') {
    // At once: fs.promises.cp takes several times as long over its thousand small files.
    cpSync(target.templateDir, path.join(dataDir, 'db'), { recursive: true });
    return { dataDir, databaseUrl: undefined, drop: removeDir };
  }

  const name = `aula_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(target.adminUrl, `create database ${name} template ${target.template}`);
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await adminQuery(target.adminUrl, `drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

export async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

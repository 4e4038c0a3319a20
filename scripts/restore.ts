// npm run restore -- FILE: restores a copy made by `npm run backup` into DATA_DIR, which must
// not hold a database yet (restore into a new folder, then point DATA_DIR at it).
import { spawnSync } from 'node:child_process';
import { access, cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { privateDir, privateFile } from '../src/server/private-paths.ts';

const source = process.argv[2];
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!source) fail('Uso: npm run restore -- ARCHIVO.tar.gz');
let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (config.databaseUrl) fail('Con DATABASE_URL la base es un PostgreSQL: restaurala con pg_restore o psql.');
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const dbDir = path.join(config.dataDir, 'db');
if ((await exists(dbDir)) && (await readdir(dbDir)).length > 0) {
  fail(`${dbDir} ya tiene una base: restaurá en una carpeta nueva (DATA_DIR=otra-carpeta) para no pisarla.`);
}

// The restored database, files and secret are for this account only, whatever the umask.
process.umask(0o077);
const work = await mkdtemp(path.join(tmpdir(), 'aula-restore-'));
try {
  const tar = spawnSync('tar', ['-xzf', path.resolve(source), '-C', work], { encoding: 'utf8' });
  if (tar.status !== 0) fail(`No se pudo leer ${source}: ${tar.stderr}`);
  if (!(await exists(path.join(work, 'db.tar.gz')))) fail(`${source} no es una copia de Aula Virtual (falta db.tar.gz).`);
  await privateDir(config.dataDir);
  await privateDir(dbDir);
  const dump = new Blob([await readFile(path.join(work, 'db.tar.gz'))]);
  const db = await PGlite.create(dbDir, { extensions: { pg_trgm }, loadDataDir: dump });
  await db.query('select 1');
  await db.close();
  if (await exists(path.join(work, 'files', 'objects'))) {
    await privateDir(path.join(config.dataDir, 'files'));
    await cp(path.join(work, 'files', 'objects'), path.join(config.dataDir, 'files', 'objects'), { recursive: true });
  }
  if (await exists(path.join(work, 'auth-secret'))) {
    await cp(path.join(work, 'auth-secret'), path.join(config.dataDir, 'auth-secret'));
    await privateFile(path.join(config.dataDir, 'auth-secret'));
  }
  console.log(`Copia ${source} restaurada en ${config.dataDir}.`);
} finally {
  await rm(work, { recursive: true, force: true });
}

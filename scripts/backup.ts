// npm run backup -- FILE: a copy of the embedded database and the uploaded files in one
// .tar.gz, taken while the app runs (or not). Reads DATA_DIR like the app.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { requestDump } from '../src/server/maintenance/backup.ts';
import { privateFile, PRIVATE_FILE_MODE } from '../src/server/private-paths.ts';

const target = process.argv[2];
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!target) fail('Uso: npm run backup -- ARCHIVO.tar.gz');
let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (config.databaseUrl)
  fail('Con DATABASE_URL la base es un PostgreSQL: copiala con pg_dump (y los archivos de S3 con las herramientas del proveedor).');
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
if (!(await exists(path.join(config.dataDir, 'db')))) fail(`No hay una base en ${config.dataDir}/db: revisá DATA_DIR.`);

// The copy holds the whole database (password hashes, session tokens) and the secret that signs
// sessions: what this script and tar create is for this account only, whatever the umask.
process.umask(0o077);
const work = await mkdtemp(path.join(tmpdir(), 'aula-backup-'));
try {
  let dump = await requestDump(config.dataDir);
  const fromApp = dump !== null;
  if (!dump) {
    const db = await PGlite.create(path.join(config.dataDir, 'db'), { extensions: { pg_trgm } });
    dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    await db.close();
  }
  await writeFile(path.join(work, 'db.tar.gz'), dump);
  // Stored files never change; a file that vanishes during the copy (deleted meanwhile) is skipped.
  const objects = path.join(config.dataDir, 'files', 'objects');
  if (!config.s3 && (await exists(objects))) {
    await mkdir(path.join(work, 'files'), { recursive: true });
    await cp(objects, path.join(work, 'files', 'objects'), { recursive: true, errorOnExist: false, force: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  if (await exists(path.join(config.dataDir, 'auth-secret')))
    await cp(path.join(config.dataDir, 'auth-secret'), path.join(work, 'auth-secret'));
  // tar keeps the mode of a file it overwrites: an older copy under the same name is narrowed first.
  await writeFile(path.resolve(target), '', { mode: PRIVATE_FILE_MODE });
  await privateFile(path.resolve(target));
  const tar = spawnSync('tar', ['-czf', path.resolve(target), '-C', work, '.'], { encoding: 'utf8' });
  if (tar.status !== 0) fail(`No se pudo escribir ${target}: ${tar.stderr}`);
  console.log(
    `Copia guardada en ${target} (base${fromApp ? ' copiada por la app en marcha' : ''}${config.s3 ? '; los archivos están en S3 y no se incluyen' : ' y archivos subidos'}).`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}

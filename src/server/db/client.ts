import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';
import { privateDir } from '../private-paths.ts';
import { installJobTables } from '../jobs/queue.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services take `Db | Tx` so they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool when running on a server database (for LISTEN/NOTIFY). */
  pool: pg.Pool | undefined;
  /** The embedded database when running on PGlite. */
  pglite: PGlite | undefined;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 726_351_001;

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; logger?: Logger }): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.logger)
    : await openPglite(path.join(options.dataDir, 'db'), options.logger);
  // The background jobs' tables (jobs/queue.ts, pg-boss's own schema), made or brought up to date
  // like the app's: a database is ready for jobs before any process sends one.
  try {
    await installJobTables(database, options.databaseUrl);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/**
 * How many migrations of drizzle/ the database has not applied yet, by the rule drizzle's
 * migrator follows (a migration newer than the last one applied); all of them on a new database.
 * `lastApplied` reads the newest `created_at` of its table, and fails when there is no table yet.
 */
async function pendingMigrations(lastApplied: () => Promise<string | null | undefined>): Promise<number> {
  const last = await lastApplied().catch(() => null);
  return readMigrationFiles({ migrationsFolder }).filter((migration) => last == null || Number(last) < migration.folderMillis).length;
}

/** Says, before applying them, that migrations are being applied: on a small server they take a while. */
function logMigrations(logger: Logger | undefined, pending: number) {
  if (pending > 0)
    logger?.info(
      { migrations: pending },
      pending === 1 ? 'Aplicando 1 migración a la base de datos…' : `Aplicando ${pending} migraciones a la base de datos…`,
    );
}

const LAST_MIGRATION = 'select max(created_at)::text as last from drizzle.__drizzle_migrations';

/**
 * The embedded database is a few megabytes, all of it in its 128 MB of shared buffers: a page read
 * at random costs what a sequential one does, and PostgreSQL's advice for a database entirely in
 * memory is to price them alike (`random_page_cost` = `seq_page_cost` = 1). It also spares PGlite
 * a cost the planner does not see: every heap scan that starts asks the file system for the
 * table's size, an fstat made from JavaScript by Emscripten. Priced alike, the planner looks the
 * page statements' rows up by index instead of scanning their tables.
 */
async function openPglite(directory: string, logger: Logger | undefined): Promise<Database> {
  await privateDir(directory);
  // A new database is an initdb: seconds here, much longer on a small server. The first start says so.
  const fresh = !existsSync(path.join(directory, 'PG_VERSION'));
  logger?.info({ directory }, fresh ? 'Creando la base de datos (la primera vez tarda un poco)…' : 'Abriendo la base de datos…');
  const client = await PGlite.create(directory, { extensions: { pg_trgm } });
  await client.exec('set random_page_cost = 1');
  const db = drizzlePglite(withDrizzleParsers(client), { schema });
  logMigrations(logger, await pendingMigrations(async () => (await client.query<{ last: string | null }>(LAST_MIGRATION)).rows[0]?.last));
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pool: undefined,
    pglite: client,
    close: () => client.close(),
  };
}

/** The value parsers drizzle gives PGlite with every query: dates, times and intervals left as text. */
const keepText = (value: string) => value;
const drizzleParsers: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/**
 * Drizzle passes its parsers with every query, and PGlite then copies its whole table of ~300
 * parsers into a new object for that query: more JavaScript per statement than a small statement
 * takes to run. The same parsers are set once on the instance instead, and the
 * client drizzle gets drops the per-query copy (its transactions too). Anything else reading the
 * embedded database directly also gets dates and times as text.
 */
function withDrizzleParsers(client: PGlite): PGlite {
  Object.assign(client.parsers, drizzleParsers);
  type Queryable = Pick<PGlite, 'query'>;
  const strip = (options?: { parsers?: unknown }) => {
    if (!options?.parsers) return options;
    const { parsers: _parsers, ...rest } = options;
    return rest;
  };
  const wrap = <T extends Queryable>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        if (property === 'query')
          return (query: string, params?: unknown[], options?: { parsers?: unknown }) => object.query(query, params, strip(options));
        if (property === 'transaction') {
          return (callback: (tx: Transaction) => Promise<unknown>) => (object as unknown as PGlite).transaction((tx) => callback(wrap(tx)));
        }
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return wrap(client);
}

/**
 * The planner's price of a random page read on this app's connections: 1.1, PostgreSQL's advice
 * for a database that lives in memory or on SSDs, instead of the server's default 4 (spinning
 * disks). An association's database is a few hundred MB, read from memory. At 4 the statement
 * every page begins with (the session and the stamps, pages/routes.ts) scanned the whole user and
 * stamp tables of a class of 200 instead of reading one row of each by its index: twice the
 * database's time for every page (measured with scripts/bench.ts and pgbench). A `DATABASE_URL`
 * that sets its own `options` keeps them.
 */
export function plannerOptions(url: string): string | undefined {
  return URL.parse(url)?.searchParams.has('options') ? undefined : '-c random_page_cost=1.1';
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, options: plannerOptions(url) });
  // An idle connection that the server drops (restart, failover, a proxy's idle time-out,
  // pg_terminate_backend) is reported here; without a listener Node ends the process. The pool
  // has already discarded that connection and opens a new one for the next query.
  pool.on('error', (error) => {
    logger?.warn({ err: error }, 'se perdió una conexión inactiva con la base de datos');
  });
  logger?.info('Conectando con la base de datos de DATABASE_URL…');
  // Several instances may start together: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    logMigrations(
      logger,
      await pendingMigrations(async () => (await lockClient.query<{ last: string | null }>(LAST_MIGRATION)).rows[0]?.last),
    );
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool,
    pglite: undefined,
    close: () => pool.end(),
  };
}

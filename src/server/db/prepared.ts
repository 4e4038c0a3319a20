// Statements the database parses and plans once, then only executes: the hot reads and writes a
// student's pages make (a page's data, a draft save). A page statement of CTEs and JSON
// aggregation costs far more to parse, analyse and plan than to run, and drizzle's building of its
// text is paid once too.
//
// - PostgreSQL (node-postgres): a named query; each pool connection prepares it on first use.
// - PGlite (one session): `PREPARE` once, then `EXECUTE name(...)` in one simple-protocol message
//   (a plain parameterised query is six trips into the WebAssembly engine; this is one). EXECUTE
//   takes no bound parameters, so the values go in as quoted literals: only strings, numbers,
//   booleans and null, strings without NUL (PostgreSQL refuses those anyway), quotes doubled with
//   standard_conforming_strings on (PostgreSQL's default, checked when preparing).
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client.ts';

export type PreparedValue = string | number | boolean | null;

export interface PreparedStatement<P extends string, Row> {
  /** The statement's text, its values as $1, $2… in the order of `params`. */
  readonly text: string;
  /** Runs the statement with these values; its rows (JSON columns already parsed). */
  run(db: Db, values: Record<P, PreparedValue>): Promise<Row[]>;
}

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('valor no finito en una sentencia preparada');
    return String(value);
  }
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('carácter NUL en una sentencia preparada');
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`tipo no admitido en una sentencia preparada: ${typeof value}`);
}

/** The statements each PGlite instance has prepared (by name). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as PGlite).exec === 'function' && typeof (client as PGlite).dumpDataDir === 'function';

/**
 * `build` gets one SQL placeholder per name in `params` and returns the statement. `name` must be
 * unique in the app (it names the statement in the database session).
 */
export function preparedStatement<P extends string, Row>(
  name: string,
  params: readonly P[],
  build: (p: Record<P, SQL>) => SQL,
): PreparedStatement<P, Row> {
  const placeholders = Object.fromEntries(params.map((param) => [param, sql`${sql.placeholder(param)}`])) as Record<P, SQL>;
  const query = dialect.sqlToQuery(build(placeholders));

  async function prepareOn(client: PGlite) {
    let statements = preparedOn.get(client);
    if (!statements) preparedOn.set(client, (statements = new Map()));
    let prepared = statements.get(name);
    if (!prepared) {
      prepared = (async () => {
        const [setting] = await client.exec(`select current_setting('standard_conforming_strings') as on; prepare ${name} as ${query.sql}`);
        if ((setting?.rows[0] as { on?: string } | undefined)?.on !== 'on')
          throw new Error('standard_conforming_strings debe estar activado');
      })();
      statements.set(name, prepared);
      prepared.catch(() => statements.delete(name));
    }
    return prepared;
  }

  return {
    text: query.sql,
    async run(db, values) {
      const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
      const filled = fillPlaceholders(query.params, values);
      if (isPglite(client)) {
        await prepareOn(client);
        const results = await client.exec(`execute ${name}(${filled.map(literal).join(', ')})`);
        return results[results.length - 1]!.rows as Row[];
      }
      const result = await client.query({ name, text: query.sql, values: filled });
      return result.rows as Row[];
    },
  };
}

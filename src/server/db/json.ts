import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`, typed apart). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A query's rows as one JSON array, as a value of another statement: how a page gathers the
 * resources' own reads into one round trip. Each row becomes an object keyed by its column names.
 */
export const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`;

/** A query's one row as a JSON object (null without a row), as a value of another statement. */
export const jsonRow = (query: SQL) => sql`(select row_to_json(r) from (${query}) r limit 1)`;

/**
 * A row of `table` (aliased `alias` in the query) as a JSON object keyed by the schema's own field
 * names, leaving out `omit`: a field added to the table reaches the JSON without another edit.
 */
export function columnsJson<T extends Table>(table: T, alias: string, omit: Array<keyof T['_']['columns']> = []) {
  const fields = Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key))
    .map(([key, column]) => sql.raw(`'${key}', ${alias}."${column.name}"`));
  return sql`json_build_object(${sql.join(fields, sql`, `)})`;
}

import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`, always. Drizzle writes a bare `"column"` when a query reads one table, and
 * inside a correlated subquery a bare name belongs to the subquery's own table: an outer column
 * there must be written with its table.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

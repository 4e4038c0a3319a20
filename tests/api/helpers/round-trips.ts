import type { Database } from '../../../src/server/db/client.ts';

/** What a statement sent is called: a prepared statement's name (`execute name(…)` on the embedded database), or its text. */
function statementName(query: unknown): string {
  if (typeof query === 'object' && query !== null) {
    const { name, text } = query as { name?: string; text?: string };
    return name ?? text ?? '';
  }
  const text = String(query);
  return /^execute (\w+)\(/.exec(text)?.[1] ?? text;
}

/**
 * Counts the statements the app sends to its database (each one a round trip): wraps the
 * embedded database's query methods, or the PostgreSQL pool's and its clients'.
 */
export function countRoundTrips(database: Database) {
  let count = 0;
  const sent: string[] = [];
  const wrap = <T extends object>(target: T, names: string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        count += 1;
        sent.push(statementName(args[0]));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  };
  if (database.pglite) wrap(database.pglite, ['query', 'exec']);
  const pool = database.pool;
  if (pool) {
    // pool.query borrows a client too: counting the clients' queries counts every statement once.
    const counted = new WeakSet<object>();
    const watch = (client: object | undefined) => {
      if (client && !counted.has(client)) {
        counted.add(client);
        wrap(client, ['query']);
      }
    };
    const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<object> | undefined;
    (pool as unknown as { connect: unknown }).connect = (
      callback?: (error: unknown, client: object | undefined, done: unknown) => void,
    ) => {
      if (callback)
        return connect((error, client, done) => (watch(client as object | undefined), callback(error, client as object | undefined, done)));
      return connect()!.then((client) => (watch(client), client));
    };
  }
  return {
    /** Runs `action` and returns how many round trips it made. */
    async during(action: () => Promise<unknown>): Promise<number> {
      const before = count;
      await action();
      return count - before;
    },
    /** Runs `action` and returns the statements it sent, by name (prepared ones) or text. */
    async statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
      const before = sent.length;
      await action();
      return sent.slice(before);
    },
  };
}

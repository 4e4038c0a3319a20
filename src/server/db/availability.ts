// Which failures mean "the database (or the disk) is not there right now", as opposed to a bug.
// They become a 503 with a Spanish message instead of a 500, and never end the process: a
// restart, a failover or a proxy's idle time-out costs the requests in flight, and the pool
// opens new connections once the server is back.

/** Network errors of the driver's socket. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** PostgreSQL SQLSTATEs: shutdown, starting up, too many connections (class 08 is matched by prefix). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** Errors that node-postgres and PGlite throw without a code. */
const MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'PGlite is closed',
];
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** The error and the errors it wraps (Drizzle and better-auth wrap the driver's error in `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether the error says the database cannot be reached (down, restarting, connection dropped). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (MESSAGES.some((known) => message.includes(known))) return true;
  }
  return false;
}

/** Whether the error says the disk (ours, or the database server's) is full. */
export function isDiskFull(error: unknown): boolean {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && DISK_CODES.has(link.code)) return true;
  }
  return false;
}

// Who writes an upload at a time, across instances. tus takes a lock on an upload for each request
// that writes it; when a phone's connection dies without the server noticing (a half-open
// connection, the phone gone into a tunnel), the phone's next request must be able to take the
// upload over: the new request asks the holder to let go (tus then ends the stalled request), and
// gets the lock once it is free. Within one process @tus/server's MemoryLocker does that; with
// several instances (PostgreSQL) the holder may be another process, so the lock is a PostgreSQL
// advisory lock held on a connection of its own for the request's length (a process that dies
// drops it with its connection), and "let go" is a NOTIFY every instance listens to.
import pg from 'pg';
import type { Logger } from 'pino';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';

const CHANNEL = 'aula_upload_release';
/** How long a request waits for an upload another one holds before it gives up (tus answers 500 then; the phone tries again). */
const ACQUIRE_TIMEOUT_MS = 30_000;
const POLL_MS = 200;

const lockKey = (uploadId: string) => `upload:${uploadId}`;

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

/** The locker for the configured database: advisory locks on PostgreSQL, in memory on the embedded one (one process). */
export function createUploadLocker(
  databaseUrl: string | undefined,
  logger: Logger,
  options: { acquireTimeoutMs?: number } = {},
): UploadLocker {
  const timeout = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  if (!databaseUrl) {
    const memory = new MemoryLocker({ acquireLockTimeout: timeout });
    return { newLock: (id) => memory.newLock(id), close: async () => {} };
  }
  return new PgUploadLocker(databaseUrl, logger, timeout);
}

class PgUploadLocker implements UploadLocker {
  /** The requests of this process holding a lock, by upload: what asks each to let go. */
  readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client> | null = null;
  private closed = false;

  readonly databaseUrl: string;
  readonly logger: Logger;
  readonly acquireTimeoutMs: number;

  constructor(databaseUrl: string, logger: Logger, acquireTimeoutMs: number) {
    this.databaseUrl = databaseUrl;
    this.logger = logger;
    this.acquireTimeoutMs = acquireTimeoutMs;
  }

  /** The connection that hears "let go" requests for the uploads this process holds (opened on first use). */
  listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on('error', (error) => {
        this.logger.warn({ err: error }, 'se cortó la escucha de las subidas');
        this.listener = null;
      });
      client.on('notification', (message) => {
        const release = message.payload ? this.held.get(message.payload) : undefined;
        if (release) void Promise.resolve(release()).catch(() => undefined);
      });
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      return client;
    })().catch((error: unknown) => {
      this.listener = null;
      throw error;
    });
    return this.listener;
  }

  newLock(id: string): Lock {
    return new PgUploadLock(this, id);
  }

  async close() {
    this.closed = true;
    const listener = await this.listener?.catch(() => null);
    await listener?.end().catch(() => undefined);
  }

  get isClosed() {
    return this.closed;
  }
}

class PgUploadLock implements Lock {
  private client: pg.Client | null = null;

  private readonly locker: PgUploadLocker;
  private readonly id: string;

  constructor(locker: PgUploadLocker, id: string) {
    this.locker = locker;
    this.id = id;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listen();
    const client = new pg.Client({ connectionString: this.locker.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    try {
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [
          lockKey(this.id),
        ]);
        if (rows[0]?.locked) {
          this.client = client;
          this.locker.held.set(this.id, requestRelease);
          return;
        }
        // Held elsewhere (here or on another instance): ask it to let go, and look again.
        await client.query('select pg_notify($1, $2)', [CHANNEL, this.id]);
        if (signal.aborted || Date.now() > deadline || this.locker.isClosed) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.locker.held.delete(this.id);
    if (!client) return;
    // Closing the connection drops its advisory locks, even if the unlock itself fails.
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(this.id)]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

// One request writes a match's upload at a time, whichever instance it reaches: a second request
// (the phone trying again after its connection died unnoticed) asks the holder to let go and gets
// the upload once it is free; a holder whose process died frees it with its connection. On
// PostgreSQL (advisory locks and NOTIFY between instances); the embedded database has one process.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ERRORS } from '@tus/server';
import { createLogger } from '../../src/server/logger.ts';
import { createUploadLocker, type UploadLocker } from '../../src/server/matches/upload-lock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: TestDatabase;
beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe.skipIf(!onPostgres)('the upload lock between instances', () => {
  const lockers: UploadLocker[] = [];
  const instance = (acquireTimeoutMs?: number) => {
    const locker = createUploadLocker(database.databaseUrl, createLogger('silent'), acquireTimeoutMs ? { acquireTimeoutMs } : {});
    lockers.push(locker);
    return locker;
  };
  afterAll(async () => {
    for (const locker of lockers) await locker.close();
  });
  const open = () => new AbortController().signal;

  it('asks the holder on another instance to let go, and takes the upload once it did', async () => {
    const [a, b] = [instance(), instance()];
    const held = a.newLock('u1.video');
    const letGo = vi.fn(async () => held.unlock());
    await held.lock(open(), letGo);
    const second = b.newLock('u1.video');
    await second.lock(open(), async () => {});
    expect(letGo).toHaveBeenCalled();
    // A third request waits for the second, which is asked too.
    const third = a.newLock('u1.video');
    const waiting = third.lock(open(), async () => {});
    await new Promise((resolve) => setTimeout(resolve, 600));
    await second.unlock();
    await waiting;
    await third.unlock();
  });

  it('gives up after its wait when the holder does not let go, and leaves other uploads alone', async () => {
    const [a, b] = [instance(), instance(800)];
    const stubborn = a.newLock('u2.video');
    await stubborn.lock(open(), async () => {});
    await expect(b.newLock('u2.video').lock(open(), async () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const other = b.newLock('u3.video');
    await other.lock(open(), async () => {});
    await other.unlock();
    await stubborn.unlock();
  });

  it('is free again when the process holding it dies (its connection gone)', async () => {
    const [a, b] = [instance(), instance(10_000)];
    await a.newLock('u4.video').lock(open(), async () => {});
    // kill -9 of the holder: PostgreSQL ends its connections, and their advisory locks with them.
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()`);
    await admin.end();
    const taken = b.newLock('u4.video');
    await taken.lock(open(), async () => {});
    await taken.unlock();
  });
});

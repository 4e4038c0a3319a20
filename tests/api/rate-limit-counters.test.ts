import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { rateLimit } from '../../src/server/db/schema.ts';
import { countAttempt, hit, reset, type Delay, type Limit } from '../../src/server/auth/rate-limit.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const limit: Limit = { max: 3, windowSeconds: 60 };
let keyCounter = 0;
const newKey = () => `test:${++keyCounter}`;

async function expireWindow(key: string) {
  await database.db
    .update(rateLimit)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimit.key, key));
}

describe('rate limit counters', () => {
  it('allows `max` hits in a window and refuses the next ones', async () => {
    const key = newKey();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await hit(database.db, key, limit));
    expect(results).toEqual([true, true, true, false, false]);
  });

  it('counts each key on its own', async () => {
    const a = newKey();
    const b = newKey();
    for (let i = 0; i < 3; i += 1) await hit(database.db, a, limit);
    expect(await hit(database.db, a, limit)).toBe(false);
    expect(await hit(database.db, b, limit)).toBe(true);
  });

  it('starts counting again once the window is over', async () => {
    const key = newKey();
    for (let i = 0; i < 3; i += 1) await hit(database.db, key, limit);
    expect(await hit(database.db, key, limit)).toBe(false);

    await expireWindow(key);
    expect(await hit(database.db, key, limit)).toBe(true);
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, key));
    expect(row?.count).toBe(1);
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('reset forgets the key', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i += 1) await hit(database.db, key, limit);
    await reset(database.db, key);
    expect(await hit(database.db, key, limit)).toBe(true);
  });

  it('loses no hit when many arrive at once', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(database.db, key, { max: 10, windowSeconds: 60 })));
    expect(results.filter(Boolean)).toHaveLength(10);
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, key));
    expect(row?.count).toBe(20);
  });
});

describe('progressive delays (countAttempt)', () => {
  const delay: Delay = { free: 3, baseSeconds: 1, maxSeconds: 4, windowSeconds: 60 };
  const attempt = (key: string) => countAttempt(database.db, [{ key, delay }]);
  const endWait = (key: string) =>
    database.db
      .update(rateLimit)
      .set({ blockedUntil: sql`now() - interval '1 millisecond'` })
      .where(eq(rateLimit.key, key));

  it('lets `free` attempts through, then makes each next one wait twice as long, up to the maximum', async () => {
    const key = newKey();
    for (let i = 0; i < 3; i += 1) expect(await attempt(key)).toMatchObject({ allowed: true });
    // The third set a wait of 1 s; refused attempts are not counted and do not lengthen it.
    for (let i = 0; i < 3; i += 1) expect(await attempt(key)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const waits = [];
    for (let i = 0; i < 4; i += 1) {
      await endWait(key);
      expect(await attempt(key)).toMatchObject({ allowed: true });
      const refused = await attempt(key);
      waits.push(refused.allowed ? 0 : refused.retryAfterSeconds);
    }
    expect(waits).toEqual([2, 4, 4, 4]);
  });

  it('forgets the attempts once the window is over', async () => {
    const key = newKey();
    for (let i = 0; i < 3; i += 1) await attempt(key);
    expect((await attempt(key)).allowed).toBe(false);
    await expireWindow(key);
    expect(await attempt(key)).toEqual({ allowed: true, slowed: false, waits: [] });
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, key));
    expect(row?.count).toBe(1);
  });

  it('refuses when any of the keys waits, and counts each key in the same statement', async () => {
    const [a, b] = [newKey(), newKey()];
    for (let i = 0; i < 3; i += 1) await attempt(a);
    const verdict = await countAttempt(database.db, [
      { key: a, delay },
      { key: b, delay },
    ]);
    expect(verdict.allowed).toBe(false);
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, b));
    expect(row?.count).toBe(1);
  });

  it('a soft key never refuses: it counts attempts while waiting and says they were slowed', async () => {
    const [hard, soft] = [newKey(), newKey()];
    const softDelay: Delay = { ...delay, soft: true };
    const both = () =>
      countAttempt(database.db, [
        { key: hard, delay },
        { key: soft, delay: softDelay },
      ]);
    for (let i = 0; i < 3; i += 1)
      expect(await countAttempt(database.db, [{ key: soft, delay: softDelay }])).toMatchObject({ allowed: true, slowed: false });
    // The soft key waits now: attempts go through, counted, each making the next wait longer.
    expect(await both()).toEqual({ allowed: true, slowed: true, waits: [{ key: soft, seconds: 2 }] });
    expect(await both()).toEqual({ allowed: true, slowed: true, waits: [{ key: soft, seconds: 4 }] });
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, soft));
    expect(row?.count).toBe(5);
    // A hard key waiting still refuses, whatever the soft one says.
    await both();
    expect(await both()).toMatchObject({ allowed: false });
  });

  it('lets exactly `free` of 100 parallel attempts through', async () => {
    const key = newKey();
    // A long wait, so that it does not end while the 100 statements run.
    const slow: Delay = { ...delay, baseSeconds: 60, maxSeconds: 60 };
    const verdicts = await Promise.all(Array.from({ length: 100 }, () => countAttempt(database.db, [{ key, delay: slow }])));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/api/helpers/database.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { hit, isExhausted, reset, type Limit } from './rate-limit.ts';

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
  await database.db.update(rateLimit).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimit.key, key));
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

  it('isExhausted says whether the window is used up, without counting', async () => {
    const key = newKey();
    expect(await isExhausted(database.db, key, limit)).toBe(false);
    await hit(database.db, key, limit);
    await hit(database.db, key, limit);
    for (let i = 0; i < 5; i += 1) expect(await isExhausted(database.db, key, limit)).toBe(false);
    await hit(database.db, key, limit);
    expect(await isExhausted(database.db, key, limit)).toBe(true);
  });

  it('starts counting again once the window is over', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i += 1) await hit(database.db, key, limit);
    expect(await isExhausted(database.db, key, limit)).toBe(true);

    await expireWindow(key);
    expect(await isExhausted(database.db, key, limit)).toBe(false);
    expect(await hit(database.db, key, limit)).toBe(true);
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, key));
    expect(row?.count).toBe(1);
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('reset forgets the key', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i += 1) await hit(database.db, key, limit);
    await reset(database.db, key);
    expect(await isExhausted(database.db, key, limit)).toBe(false);
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

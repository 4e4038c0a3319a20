// Prepared statements (db/prepared.ts): values round-trip exactly, quotes and all, on both
// databases; a value that cannot be a literal is refused; a second run is one round trip.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, plannerOptions, type Database } from '../../src/server/db/client.ts';
import { preparedStatement } from '../../src/server/db/prepared.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { countRoundTrips } from './helpers/round-trips.ts';

let test: TestDatabase;
let database: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  database = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
});
afterAll(async () => {
  await database?.close();
  await test?.drop();
});

const echo = preparedStatement<
  'text' | 'count' | 'flag' | 'nothing',
  { text: string; count: number; flag: boolean; nothing: string | null; json: { text: string } }
>(
  'test_echo',
  ['text', 'count', 'flag', 'nothing'],
  ({ text, count, flag, nothing }) =>
    sql`select ${text}::text as text, ${count}::int as count, ${flag}::boolean as flag, ${nothing}::text as nothing, json_build_object('text', ${text}::text) as json`,
);

describe('preparedStatement', () => {
  it('gives back every value as it was sent, quotes, backslashes and accents included', async () => {
    for (const text of ["O'Brien", "'); drop table activity; --", "a\\b\\'c", '¿Qué pasó? ñandú', '', '$1 $$ x']) {
      const [row] = await echo.run(database.db, { text, count: 42, flag: true, nothing: null });
      expect(row).toEqual({ text, count: 42, flag: true, nothing: null, json: { text } });
    }
    // The table the injection attempt names is still there.
    await expect(database.db.execute(sql`select count(*) from activity`)).resolves.toBeTruthy();
  });

  it('refuses a value that cannot be sent (a NUL character) without running anything', async () => {
    await expect(echo.run(database.db, { text: 'a\0b', count: 1, flag: false, nothing: null })).rejects.toThrow();
    const [row] = await echo.run(database.db, { text: 'después', count: -7, flag: false, nothing: 'x' });
    expect(row).toMatchObject({ text: 'después', count: -7, flag: false, nothing: 'x' });
  });

  it('costs one round trip once prepared', async () => {
    await echo.run(database.db, { text: 'x', count: 1, flag: true, nothing: null });
    const counter = countRoundTrips(database);
    expect(await counter.during(() => echo.run(database.db, { text: 'y', count: 2, flag: true, nothing: null }))).toBe(1);
  });
});

describe('the embedded database', () => {
  // Its data is all in shared buffers: random page reads priced as sequential ones, so that the
  // planner looks the page statements' rows up by index (db/client.ts says why).
  it.runIf(!process.env.TEST_DATABASE_URL)('prices a random page read as a sequential one', async () => {
    const result = await database.db.execute(
      sql`select current_setting('random_page_cost') as random, current_setting('seq_page_cost') as seq`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ random: '1', seq: '1' });
  });
});

describe('PostgreSQL', () => {
  // A database in memory or on SSDs: random reads priced as PostgreSQL advises for it (db/client.ts says why).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("prices a random page read at 1.1 on the app's connections", async () => {
    const result = await database.db.execute(sql`select current_setting('random_page_cost') as random`);
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ random: '1.1' });
  });

  it('keeps the options a DATABASE_URL sets itself', () => {
    expect(plannerOptions('postgres://aula@db.example/aula')).toBe('-c random_page_cost=1.1');
    expect(plannerOptions('postgres://aula@db.example/aula?options=-c%20random_page_cost%3D2')).toBeUndefined();
  });
});

// An embedded database of its own to test what one migration does to the rows it finds: migrated
// up to just before it, given rows as they were then, then migrated to the end.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const drizzleFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export async function openMigrationDatabase() {
  const work = await mkdtemp(path.join(tmpdir(), 'aula-migration-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  return {
    client,
    /** Runs the migrations numbered before `number` ('0019'): the folder as it was then. */
    async migrateBefore(number: string) {
      const before = path.join(work, `drizzle-${number}`);
      await cp(drizzleFolder, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
      journal.entries = journal.entries.filter((entry) => entry.tag < number);
      await writeFile(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: before });
    },
    /** Runs the rest of the migrations. */
    migrateAll: () => migrate(db, { migrationsFolder: drizzleFolder }),
    async close() {
      await client.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

// Migration 0019: the light 360p copy a jugada clip had before there were several renditions
// becomes its 360p rendition (the original itself when it was lighter), and its video goes back
// to the queue for the other heights and the poster; the columns of the single copy go. Then
// 0020: a video that had failed is queued again, with the tries failures now get.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';

const drizzleFolder = path.resolve(import.meta.dirname, '../../drizzle');
let work: string;
let client: PGlite;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'aula-migration-'));
  client = await PGlite.create({ extensions: { pg_trgm } });
});
afterAll(async () => {
  await client?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The migrations folder as it was before 0019. */
async function foldersBefore0019() {
  const before = path.join(work, 'drizzle');
  await cp(drizzleFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => !entry.tag.startsWith('0019_') && entry.tag < '0019');
  await writeFile(journalFile, JSON.stringify(journal));
  return before;
}

it('turns each existing light copy into the 360p rendition and queues its video again', async () => {
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await foldersBefore0019() });
  await client.exec(`
    insert into video (id, storage_key, mime_type, size, rendition_state, rendition_key, rendition_size, rendition_started_at) values
      ('copia', 'original.webm', 'video/webm', 1000, 'lista', 'copia.mp4', 400, now()),
      ('liviano', 'liviano.mp4', 'video/mp4', 300, 'lista', 'liviano.mp4', 300, now()),
      ('fallido', 'roto.webm', 'video/webm', 50, 'fallida', null, null, now()),
      ('nuevo', 'nuevo.mp4', 'video/mp4', 2000, 'pendiente', null, null, null);`);
  await migrate(db, { migrationsFolder: drizzleFolder });

  const renditions = await client.query('select video_id, height, storage_key, mime_type, size from video_rendition order by video_id');
  expect(renditions.rows).toEqual([
    { video_id: 'copia', height: 360, storage_key: 'copia.mp4', mime_type: 'video/mp4', size: 400 },
    { video_id: 'liviano', height: 360, storage_key: 'liviano.mp4', mime_type: 'video/mp4', size: 300 },
  ]);
  const videos = await client.query('select id, rendition_state, rendition_started_at is null as unclaimed from video order by id');
  expect(videos.rows).toEqual([
    { id: 'copia', rendition_state: 'pendiente', unclaimed: true },
    { id: 'fallido', rendition_state: 'pendiente', unclaimed: false },
    { id: 'liviano', rendition_state: 'pendiente', unclaimed: true },
    { id: 'nuevo', rendition_state: 'pendiente', unclaimed: true },
  ]);
  const columns = await client.query(
    "select column_name from information_schema.columns where table_name = 'video' and column_name like 'rendition_%' order by 1",
  );
  expect(columns.rows).toEqual([
    { column_name: 'rendition_failures' },
    { column_name: 'rendition_retry_at' },
    { column_name: 'rendition_started_at' },
    { column_name: 'rendition_state' },
  ]);
  const failures = await client.query('select id, rendition_failures from video where rendition_failures <> 0');
  expect(failures.rows).toEqual([]);
});

// Migration 0021: a module video given by its address had its length voted by the students'
// players; no student can set it any more, so the voted lengths are forgotten ('—' until the
// module editor gives one). An uploaded file's own length stays.
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

/** The migrations folder as it was before 0021. */
async function folderBefore0021() {
  const before = path.join(work, 'drizzle');
  await cp(drizzleFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0021');
  await writeFile(journalFile, JSON.stringify(journal));
  return before;
}

it("forgets the lengths the students' players voted for addresses, and keeps an uploaded file's own", async () => {
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await folderBefore0021() });
  await client.exec(`
    insert into image (id, storage_key, mime_type, size) values ('foto', 'foto.png', 'image/png', 10);
    insert into course (id, name, description, image_id) values ('curso', 'Curso', '', 'foto');
    insert into video (id, storage_key, mime_type, size, duration_seconds) values ('archivo', 'clase.mp4', 'video/mp4', 1000, 312.5);
    insert into module (id, course_id, name, image_id, video_url, video_id, video_duration_seconds, position) values
      ('votado', 'curso', 'YouTube votado', 'foto', 'https://youtu.be/dQw4w9WgXcQ', null, 0.001, 0),
      ('mediana', 'curso', 'YouTube con mediana', 'foto', 'https://youtu.be/jNQXAC9IVRw', null, 212, 1),
      ('subido', 'curso', 'Archivo subido', 'foto', null, 'archivo', 312.5, 2);`);
  await migrate(db, { migrationsFolder: drizzleFolder });

  const modules = await client.query('select id, video_duration_seconds as seconds from module order by position');
  expect(modules.rows).toEqual([
    { id: 'votado', seconds: null },
    { id: 'mediana', seconds: null },
    { id: 'subido', seconds: 312.5 },
  ]);
});

// Migration 0021: a module video given by its address had its length voted by the students'
// players; no student can set it any more, so the voted lengths are forgotten ('—' until the
// module editor gives one). An uploaded file's own length stays.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMigrationDatabase } from './helpers/migrations.ts';

let database: Awaited<ReturnType<typeof openMigrationDatabase>>;

beforeAll(async () => {
  database = await openMigrationDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("forgets the lengths the students' players voted for addresses, and keeps an uploaded file's own", async () => {
  await database.migrateBefore('0021');
  await database.client.exec(`
    insert into image (id, storage_key, mime_type, size) values ('foto', 'foto.png', 'image/png', 10);
    insert into course (id, name, description, image_id) values ('curso', 'Curso', '', 'foto');
    insert into video (id, storage_key, mime_type, size, duration_seconds) values ('archivo', 'clase.mp4', 'video/mp4', 1000, 312.5);
    insert into module (id, course_id, name, image_id, video_url, video_id, video_duration_seconds, position) values
      ('votado', 'curso', 'YouTube votado', 'foto', 'https://youtu.be/dQw4w9WgXcQ', null, 0.001, 0),
      ('mediana', 'curso', 'YouTube con mediana', 'foto', 'https://youtu.be/jNQXAC9IVRw', null, 212, 1),
      ('subido', 'curso', 'Archivo subido', 'foto', null, 'archivo', 312.5, 2);`);
  await database.migrateAll();

  const modules = await database.client.query('select id, video_duration_seconds as seconds from module order by position');
  expect(modules.rows).toEqual([
    { id: 'votado', seconds: null },
    { id: 'mediana', seconds: null },
    { id: 'subido', seconds: 312.5 },
  ]);
});

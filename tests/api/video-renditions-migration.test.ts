// Migration 0019: the light 360p copy a jugada clip had before there were several renditions
// becomes its 360p rendition (the original itself when it was lighter), and its video goes back
// to the queue for the other heights and the poster; the columns of the single copy go. Then
// 0020: a video that had failed is queued again, with the tries failures now get.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMigrationDatabase } from './helpers/migrations.ts';

let database: Awaited<ReturnType<typeof openMigrationDatabase>>;

beforeAll(async () => {
  database = await openMigrationDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('turns each existing light copy into the 360p rendition and queues its video again', async () => {
  await database.migrateBefore('0019');
  await database.client.exec(`
    insert into video (id, storage_key, mime_type, size, rendition_state, rendition_key, rendition_size, rendition_started_at) values
      ('copia', 'original.webm', 'video/webm', 1000, 'lista', 'copia.mp4', 400, now()),
      ('liviano', 'liviano.mp4', 'video/mp4', 300, 'lista', 'liviano.mp4', 300, now()),
      ('fallido', 'roto.webm', 'video/webm', 50, 'fallida', null, null, now()),
      ('nuevo', 'nuevo.mp4', 'video/mp4', 2000, 'pendiente', null, null, null);`);
  await database.migrateAll();

  const renditions = await database.client.query(
    'select video_id, height, storage_key, mime_type, size from video_rendition order by video_id',
  );
  expect(renditions.rows).toEqual([
    { video_id: 'copia', height: 360, storage_key: 'copia.mp4', mime_type: 'video/mp4', size: 400 },
    { video_id: 'liviano', height: 360, storage_key: 'liviano.mp4', mime_type: 'video/mp4', size: 300 },
  ]);
  const videos = await database.client.query(
    'select id, rendition_state, rendition_started_at is null as unclaimed from video order by id',
  );
  expect(videos.rows).toEqual([
    { id: 'copia', rendition_state: 'pendiente', unclaimed: true },
    { id: 'fallido', rendition_state: 'pendiente', unclaimed: false },
    { id: 'liviano', rendition_state: 'pendiente', unclaimed: true },
    { id: 'nuevo', rendition_state: 'pendiente', unclaimed: true },
  ]);
  const columns = await database.client.query(
    "select column_name from information_schema.columns where table_name = 'video' and column_name like 'rendition_%' order by 1",
  );
  expect(columns.rows).toEqual([
    { column_name: 'rendition_failures' },
    { column_name: 'rendition_retry_at' },
    { column_name: 'rendition_started_at' },
    { column_name: 'rendition_state' },
  ]);
  const failures = await database.client.query('select id, rendition_failures from video where rendition_failures <> 0');
  expect(failures.rows).toEqual([]);
});

// Migration 0025: courses name who signs their certificates ('Firma del certificado'), and each
// certificate keeps its signer. On a copy of the schema before it, with a certificate issued then:
// it keeps printing who issued it as 'Instructor a cargo' (what a certificate says never changes),
// and the course has no signer yet (it names one before issuing again).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMigrationDatabase } from './helpers/migrations.ts';

let database: Awaited<ReturnType<typeof openMigrationDatabase>>;

beforeAll(async () => {
  database = await openMigrationDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('keeps every certificate signed as it was printed, and leaves the courses without a signer', async () => {
  await database.migrateBefore('0025');
  await database.client.exec(`
    insert into "user" (id, name, email, role) values ('marta', 'Marta Gómez', 'marta@example.com', 'admin'),
      ('ana', 'Ana', 'ana@example.com', 'student');
    insert into image (id, storage_key, mime_type, size) values ('foto', 'foto.png', 'image/png', 10);
    insert into course (id, name, description, image_id, licence_level) values ('curso', 'Curso', '', 'foto', 'Árbitro Provincial');
    insert into certificate (id, code, course_id, user_id, holder_name, course_name, level, rules_edition, issued_on, expires_on, issued_by_name)
      values ('c1', 'AV-0000-0001', 'curso', 'ana', 'Ana', 'Curso', 'Árbitro Provincial', 'IHF 2024', '2026-11-28', '2027-11-28', 'Marta Gómez');`);
  await database.migrateAll();

  const certificates = await database.client.query('select id, issued_by_name, signer_name, signer_title from certificate');
  expect(certificates.rows).toEqual([
    { id: 'c1', issued_by_name: 'Marta Gómez', signer_name: 'Marta Gómez', signer_title: 'Instructor a cargo' },
  ]);
  const courses = await database.client.query('select certificate_signer_name, certificate_signer_title from course');
  expect(courses.rows).toEqual([{ certificate_signer_name: '', certificate_signer_title: '' }]);
  // From now on a certificate says who signs it.
  await expect(
    database.client.exec(`
      insert into certificate (id, code, course_id, user_id, holder_name, course_name, level, rules_edition, issued_on, expires_on, issued_by_name)
        values ('c2', 'AV-0000-0002', 'curso', 'marta', 'Marta', 'Curso', 'Árbitro Provincial', '', '2026-11-28', '2027-11-28', 'Marta Gómez');`),
  ).rejects.toThrow();
});

// Migration 0023: courses get a team ('Equipo del curso') and the record of changes gets kinds.
// On a copy of the schema before it, with data: administrators stay administrators, every
// course, trainee and change stays, and the changes written before are given their kinds (payments
// above all: not every reader of a record may see them).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMigrationDatabase } from './helpers/migrations.ts';

let database: Awaited<ReturnType<typeof openMigrationDatabase>>;

beforeAll(async () => {
  database = await openMigrationDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('keeps every user, course and change, and sorts the changes written before into their kinds', async () => {
  await database.migrateBefore('0023');
  await database.client.exec(`
    insert into "user" (id, name, email, role) values ('admin', 'Administrador', 'admin@example.com', 'admin'),
      ('ana', 'Ana', 'ana@example.com', 'student');
    insert into image (id, storage_key, mime_type, size) values ('foto', 'foto.png', 'image/png', 10);
    insert into course (id, name, description, image_id) values ('curso', 'Curso', '', 'foto');
    insert into course_access (user_id, course_id, enabled) values ('ana', 'curso', true);
    insert into record_change (id, course_id, user_id, actor_id, actor_name, summary) values
      ('1', 'curso', 'ana', 'admin', 'Administrador', 'Pago de $ 3.000 del 20/11/2026 registrado (efectivo)'),
      ('2', 'curso', 'ana', 'admin', 'Administrador', 'Opción de pago asignada: Dos cuotas'),
      ('3', 'curso', null, 'admin', 'Administrador', 'Plan de pagos: Contado'),
      ('4', 'curso', 'ana', 'admin', 'Administrador', 'Módulo "Reglas" habilitado por lo pagado ($ 3.000)'),
      ('5', 'curso', 'ana', 'admin', 'Administrador', 'Asistencia a la clase del sábado 14/11: Presente'),
      ('6', 'curso', null, 'admin', 'Administrador', 'Clase del sábado 14/11 creada'),
      ('7', 'curso', 'ana', 'admin', 'Administrador', 'Observación de partido del 10/11/2026 registrada (A – B, promedio 4,0)'),
      ('8', 'curso', 'ana', 'admin', 'Administrador', 'Prueba física del 10/11/2026 registrada: nivel 9'),
      ('9', 'curso', null, 'admin', 'Administrador', 'Requisitos de aprobación: ninguno. Licencia: Árbitro, vence a los 12 meses'),
      ('10', 'curso', 'ana', 'admin', 'Administrador', 'Certificado AV-1234 emitido (Árbitro Provincial)'),
      ('11', 'curso', null, 'admin', 'Administrador', 'Acta N° 1 cerrada (1 apto de 1)');`);
  await database.migrateAll();

  const users = await database.client.query('select id, role from "user" order by id');
  expect(users.rows).toEqual([
    { id: 'admin', role: 'admin' },
    { id: 'ana', role: 'student' },
  ]);
  expect((await database.client.query('select user_id, course_id, enabled from course_access')).rows).toEqual([
    { user_id: 'ana', course_id: 'curso', enabled: true },
  ]);
  expect((await database.client.query('select count(*)::int as n from course_staff')).rows).toEqual([{ n: 0 }]);
  const kinds = await database.client.query<{ id: string; kind: string }>('select id, kind from record_change order by id::int');
  expect(kinds.rows.map((row) => row.kind)).toEqual([
    'pagos',
    'pagos',
    'pagos',
    'pagos',
    'asistencia',
    'asistencia',
    'observaciones',
    'observaciones',
    'aprobacion',
    'certificados',
    'aprobacion',
  ]);
  // A team member from now on: a role the table knows, once per person and course.
  await database.client.exec(`insert into course_staff (course_id, user_id, role) values ('curso', 'ana', 'tesoreria')`);
  await expect(
    database.client.exec(`insert into course_staff (course_id, user_id, role) values ('curso', 'ana', 'director')`),
  ).rejects.toThrow();
});

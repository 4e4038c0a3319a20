// The class progress board: every student of a course × every module, with totals, filter, paging and CSV,
// and the columns of the trainee's record (attendance, payments, physical test, observations).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAccess, user } from '../../src/server/db/schema.ts';
import { instantOf } from '../../src/shared/calendar.ts';
import { pesos } from '../../src/shared/money.ts';
import type { ProgressBoard } from '../../src/shared/schemas/progress.ts';
import { createUser } from './helpers/builders.ts';
import { buildCourse, buildModule, correctActivity, enableCourse, enableModule, submitAnswers, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import {
  assignOption,
  buildLesson,
  buildPaymentOption,
  markAttendance,
  recordFitness,
  recordObservation,
  recordPayment,
} from './helpers/record.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let course: { id: string; name: string };
let modules: { id: string; name: string }[];
const people: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  course = await buildCourse(t.ctx, { name: 'Árbitros 2026' });
  modules = [
    await buildModule(t.ctx, course.id, { name: 'Reglas' }),
    await buildModule(t.ctx, course.id, { name: 'Sanciones' }),
    await buildModule(t.ctx, course.id, { name: '=Evaluación; final' }),
  ];
  const reglas = modules[0]!;
  const sanciones = modules[1]!;
  for (const name of ['Ana Álvarez', 'Bruno Díaz', 'Carla Sosa', 'Dario Fuera', 'Elena Bloqueada']) {
    people[name.split(' ')[0]!] = await createUser(t.ctx, { name });
  }
  const { Ana, Bruno, Carla, Dario, Elena } = people as Record<string, { id: string }>;
  // Ana: submitted Reglas. Bruno: Reglas with corrections, Sanciones approved. Carla: the course only.
  await enableModule(t.ctx, Ana!.id, reglas.id);
  await submitAnswers(t.ctx, Ana!.id, reglas.id);
  await enableModule(t.ctx, Bruno!.id, reglas.id);
  await submitAnswers(t.ctx, Bruno!.id, reglas.id);
  await correctActivity(t.ctx, Bruno!.id, reglas.id, [true, false]);
  await enableModule(t.ctx, Bruno!.id, sanciones.id);
  await submitAnswers(t.ctx, Bruno!.id, sanciones.id);
  await correctActivity(t.ctx, Bruno!.id, sanciones.id, [true, true]);
  await enableCourse(t.ctx, Carla!.id, course.id);
  // Not students of this course: another course's student, one whose course was blocked, admins.
  await enableModule(t.ctx, Dario!.id, (await buildModule(t.ctx, (await buildCourse(t.ctx)).id)).id);
  await enableModule(t.ctx, Elena!.id, sanciones.id);
  await enableCourse(t.ctx, Elena!.id, course.id, false);

  // Their records, on Saturday 28 November 2026: two classes held and one to come; a plan of two
  // instalments (the first due on the 10th); the physical test; match observations.
  t.ctx.clock.now = () => instantOf('2026-11-28', '12:00');
  const held = [await buildLesson(t.ctx, course.id, '2026-11-14'), await buildLesson(t.ctx, course.id, '2026-11-21')];
  await buildLesson(t.ctx, course.id, '2026-12-05');
  await markAttendance(t.ctx, held[0]!, Ana!.id, 'presente');
  await markAttendance(t.ctx, held[1]!, Ana!.id, 'ausente');
  await markAttendance(t.ctx, held[0]!, Bruno!.id, 'presente');
  await markAttendance(t.ctx, held[1]!, Bruno!.id, 'tarde');
  const option = await buildPaymentOption(t.ctx, course.id);
  await assignOption(t.ctx, course.id, Ana!.id, option);
  await assignOption(t.ctx, course.id, Bruno!.id, option);
  await recordPayment(t.ctx, course.id, Bruno!.id, 3000);
  await recordFitness(t.ctx, course.id, Ana!.id, 9);
  await recordFitness(t.ctx, course.id, Bruno!.id, null);
  await recordObservation(t.ctx, course.id, Ana!.id, 4);
  await recordObservation(t.ctx, course.id, Ana!.id, 3);
});
afterAll(async () => {
  await t?.close();
});

const board = async (query = '', cookie = adminCookie) => {
  const response = await call(t.app, { url: `/api/courses/${course.id}/progress${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProgressBoard;
};

describe('GET /api/courses/:courseId/progress', () => {
  it('has one row per student of the course and one column per module, each cell the module state', async () => {
    const result = await board();
    expect(result.course).toEqual({ id: course.id, name: 'Árbitros 2026' });
    expect(result.modules.map((m) => m.name)).toEqual(['Reglas', 'Sanciones', '=Evaluación; final']);
    expect(result.students.map((row) => [row.name, row.states])).toEqual([
      ['Ana Álvarez', ['enviado', 'no-habilitado', 'no-habilitado']],
      ['Bruno Díaz', ['con-correcciones', 'aprobado', 'no-habilitado']],
      ['Carla Sosa', ['no-habilitado', 'no-habilitado', 'no-habilitado']],
    ]);
    expect(result.students[0]).toMatchObject({ id: people.Ana!.id, email: people.Ana!.email });
    expect(result).toMatchObject({ total: 3, page: 1, pageSize: 50 });
  });

  it('gives totals per module over every student', async () => {
    const { modules: columns } = await board();
    expect(columns.map((m) => m.totals)).toEqual([
      { 'no-habilitado': 1, 'invitacion-pendiente': 0, 'sin-responder': 0, enviado: 1, 'con-correcciones': 1, aprobado: 0 },
      { 'no-habilitado': 2, 'invitacion-pendiente': 0, 'sin-responder': 0, enviado: 0, 'con-correcciones': 0, aprobado: 1 },
      { 'no-habilitado': 3, 'invitacion-pendiente': 0, 'sin-responder': 0, enviado: 0, 'con-correcciones': 0, aprobado: 0 },
    ]);
  });

  it('filters by name or email, without caring for accents or case', async () => {
    expect((await board('?search=ALVAREZ')).students.map((r) => r.name)).toEqual(['Ana Álvarez']);
    expect((await board(`?search=${encodeURIComponent(people.Bruno!.email)}`)).students.map((r) => r.name)).toEqual(['Bruno Díaz']);
    const none = await board('?search=nadie');
    expect(none.students).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.modules[0]!.totals['no-habilitado']).toBe(0);
    // The totals count the filtered students.
    expect((await board('?search=bruno')).modules[1]!.totals).toMatchObject({ aprobado: 1, 'no-habilitado': 0 });
  });

  it('pages on the server, 50 students a page', async () => {
    const other = await buildCourse(t.ctx);
    const ids = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      name: `Alumno ${String(i).padStart(3, '0')}`,
      email: `pag-${i}-${randomUUID()}@example.com`,
    }));
    await t.ctx.db.insert(user).values(ids.map((row) => ({ ...row, role: 'student' })));
    await t.ctx.db.insert(courseAccess).values(ids.map((row) => ({ userId: row.id, courseId: other.id, enabled: true })));
    const page = async (n: number) => {
      const response = await call(t.app, { url: `/api/courses/${other.id}/progress?page=${n}`, cookie: adminCookie });
      return response.json() as ProgressBoard;
    };
    const [first, third] = [await page(1), await page(3)];
    expect(first.total).toBe(120);
    expect(first.students).toHaveLength(50);
    expect(first.students[0]!.name).toBe('Alumno 000');
    expect(third.students.map((r) => r.name)).toEqual(ids.slice(100).map((row) => row.name));
  });

  it('is for admins; unknown course 404; bad page 400', async () => {
    // A student of another course is refused like any student: the board is admin data.
    const student = await createUser(t.ctx);
    await enableCourse(t.ctx, student.id, (await buildCourse(t.ctx)).id);
    const studentCookie = await login(t.app, student.email, student.password);
    expect((await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: studentCookie })).statusCode).toBe(403);
    expect((await call(t.app, { url: `/api/courses/${course.id}/progress` })).statusCode).toBe(401);
    expect((await call(t.app, { url: `/api/courses/${unknownId()}/progress`, cookie: adminCookie })).statusCode).toBe(404);
    const bad = await call(t.app, { url: `/api/courses/${course.id}/progress?page=0`, cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('La página debe ser 1 o más');
  });
});

describe("the trainee's record on the board", () => {
  it('gives each student their attendance, where they stand with payments, their physical test and observations average', async () => {
    const result = await board();
    expect(result.students.map((row) => [row.name, row.attendance, row.payments, row.fitness, row.observations])).toEqual([
      ['Ana Álvarez', 50, { planned: true, owed: 3000, overdue: 1 }, 'aprobada', 3.5],
      ['Bruno Díaz', 100, { planned: true, owed: 0, overdue: 0 }, 'no-aprobada', null],
      ['Carla Sosa', 0, { planned: false, owed: 0, overdue: 0 }, null, null],
    ]);
  });

  it('has nothing before the first class', async () => {
    const own = await buildCourse(t.ctx);
    const student = await createUser(t.ctx);
    await enableCourse(t.ctx, student.id, own.id);
    await buildLesson(t.ctx, own.id, '2026-12-05');
    const response = await call(t.app, { url: `/api/courses/${own.id}/progress`, cookie: adminCookie });
    expect((response.json() as ProgressBoard).students[0]).toMatchObject({ attendance: null, fitness: null, observations: null });
  });

  it('reads the records of a page in a fixed number of statements, whatever the number of students', async () => {
    const roundTrips = countRoundTrips(t.ctx.database);
    const classOf = async (size: number) => {
      const own = await buildCourse(t.ctx);
      await buildModule(t.ctx, own.id);
      const lessonId = await buildLesson(t.ctx, own.id, '2026-11-21');
      const option = await buildPaymentOption(t.ctx, own.id);
      for (let i = 0; i < size; i += 1) {
        const student = await createUser(t.ctx);
        await enableCourse(t.ctx, student.id, own.id);
        await markAttendance(t.ctx, lessonId, student.id, 'presente');
        await assignOption(t.ctx, own.id, student.id, option);
        await recordFitness(t.ctx, own.id, student.id, 10);
        await recordObservation(t.ctx, own.id, student.id, 5);
      }
      return roundTrips.during(() => call(t.app, { url: `/api/courses/${own.id}/progress`, cookie: adminCookie }));
    };
    expect(await classOf(12)).toBe(await classOf(2));
  });
});

describe('GET /api/courses/:courseId/progress.csv', () => {
  it('downloads every student as CSV that Excel opens: BOM, semicolons, quoted fields, no formulas', async () => {
    const response = await call(t.app, { url: `/api/courses/${course.id}/progress.csv`, cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="progreso-arbitros-2026.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      `Nombre;Email;Reglas;Sanciones;"'=Evaluación; final";Asistencia;Pagos;Prueba física;Observaciones;Habilitación`,
      // The course asks nothing to pass: everyone is 'Apto' (tests/api/approval.test.ts judges the rest).
      `Ana Álvarez;${people.Ana!.email};Enviado;No habilitado;No habilitado;50 %;Debe ${pesos(3000)};Aprobada;3,5;Apto`,
      `Bruno Díaz;${people.Bruno!.email};Con correcciones;Aprobado;No habilitado;100 %;Al día;No aprobada;;Apto`,
      `Carla Sosa;${people.Carla!.email};No habilitado;No habilitado;No habilitado;0 %;Sin plan;;;Apto`,
    ]);
  });

  it('applies the filter', async () => {
    const response = await call(t.app, { url: `/api/courses/${course.id}/progress.csv?search=carla`, cookie: adminCookie });
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(2);
  });
});

describe("'Invitación pendiente'", () => {
  it('shows a student who has not accepted their invitation as such, not as Sin responder, in the cells, the totals and the CSV', async () => {
    const own = await buildCourse(t.ctx, { name: 'Curso con invitados' });
    const module = await buildModule(t.ctx, own.id, { name: 'Único' });
    const invited = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie: adminCookie,
      body: { name: 'Inés Invitada', email: `ines-${randomUUID()}@example.com`, role: 'student' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const inesId = (invited.json() as { user: { id: string } }).user.id;
    const active = await createUser(t.ctx, { name: 'Iván Activo' });
    await enableModule(t.ctx, inesId, module.id);
    await enableModule(t.ctx, active.id, module.id);

    const response = await call(t.app, { url: `/api/courses/${own.id}/progress`, cookie: adminCookie });
    const result = response.json() as ProgressBoard;
    expect(result.students.map((row) => [row.name, row.invitationPending, row.states])).toEqual([
      ['Inés Invitada', true, ['invitacion-pendiente']],
      ['Iván Activo', false, ['sin-responder']],
    ]);
    expect(result.modules[0]!.totals).toMatchObject({ 'invitacion-pendiente': 1, 'sin-responder': 1 });
    const csv = await call(t.app, { url: `/api/courses/${own.id}/progress.csv`, cookie: adminCookie });
    expect(csv.body).toContain('Inés Invitada;');
    expect(csv.body).toMatch(/Inés Invitada;[^;]+;Invitación pendiente/);
  });
});

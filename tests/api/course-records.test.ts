// 'Acta del curso': closing the course's record freezes every trainee's results and outcome as they
// stood; a correction keeps the record as issued and opens the course again; the next record says
// which one it corrects. The files are read back as a person reads them (pdfText, the CSV's lines).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { course as courseTable, courseRecord, recordChange, user } from '../../src/server/db/schema.ts';
import { noRequirements, type ApprovalRequirements } from '../../src/shared/approval-rules.ts';
import { courseRecordMessages, messages } from '../../src/shared/messages.ts';
import type { CourseApproval } from '../../src/shared/schemas/approval.ts';
import type { CourseRecordChange, CourseRecordList } from '../../src/shared/schemas/course-records.ts';
import { buildCourse, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { call, login, type CallOptions } from './helpers/http.ts';
import { pdfPageCount, pdfText } from './helpers/pdf.ts';
import { buildLesson, recordFitness } from './helpers/record.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** The bootstrap admin ('Administrador') and an instructor with an accented name. */
let admin: string;
let marta: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  marta = (await signedIn(t.app, t.ctx, 'admin', { name: 'Marta Gómez' })).cookie;
  student = (await signedIn(t.app, t.ctx)).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** Friday 27 November 2026, 15:00 in Buenos Aires. */
const setClock = (iso: string) => {
  t.ctx.clock.now = () => new Date(iso);
};
beforeEach(() => setClock('2026-11-27T15:00:00-03:00'));

const onlyFitness: ApprovalRequirements = { ...noRequirements, fitness: true };

/** A course asking only the physical test, with classes from 7 March to 28 November 2026 and `names` enrolled. */
async function setting(names: string[], requirements = onlyFitness) {
  const course = await buildCourse(t.ctx, { name: 'Árbitros Provinciales 2026 — Santa Fe' });
  await t.ctx.db.update(courseTable).set({ requirements }).where(eq(courseTable.id, course.id));
  await buildLesson(t.ctx, course.id, '2026-03-07');
  await buildLesson(t.ctx, course.id, '2026-11-28');
  // Written straight to the table: these trainees never sign in (a password's hashing would cost seconds for a class).
  const trainees = names.map((name) => ({ id: randomUUID(), name, email: `alumno-${randomUUID().slice(0, 8)}@example.com` }));
  if (trainees.length > 0) await t.ctx.db.insert(user).values(trainees);
  for (const trainee of trainees) await enableCourse(t.ctx, trainee.id, course.id);
  return { courseId: course.id, trainees };
}

const recordsUrl = (courseId: string) => `/api/courses/${courseId}/records`;

async function close(courseId: string, cookie = marta, headers: Record<string, string> = {}) {
  const response = await call(t.app, { method: 'POST', url: recordsUrl(courseId), cookie, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CourseRecordChange>();
}

async function supersede(courseId: string, recordId: string) {
  const response = await call(t.app, { method: 'POST', url: `${recordsUrl(courseId)}/${recordId}/supersede`, cookie: marta });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CourseRecordChange>();
}

async function list(courseId: string) {
  const response = await call(t.app, { url: recordsUrl(courseId), cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CourseRecordList>();
}

async function file(url: string) {
  const response = await call(t.app, { url, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
const pdfOf = async (url: string) => (await file(url)).rawPayload;
/** A CSV's lines without its BOM. */
const csvLines = async (url: string) =>
  (await file(url)).body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

async function approval(courseId: string) {
  const response = await call(t.app, { url: `/api/courses/${courseId}/approval`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CourseApproval>();
}
const outcomeOf = (approved: CourseApproval, userId: string) => approved.trainees.find((trainee) => trainee.id === userId)?.outcome;

const courseChanges = (courseId: string) =>
  t.ctx.db
    .select({ summary: recordChange.summary, actorName: recordChange.actorName })
    .from(recordChange)
    .where(and(eq(recordChange.courseId, courseId), isNull(recordChange.userId)))
    .orderBy(recordChange.at);

describe('closing the course record', () => {
  it('freezes every trainee’s results and outcome: later results change neither the record nor the approval page', async () => {
    const { courseId, trainees } = await setting(['Íñigo Núñez', 'Zoe Ávila', 'Ñandú Pérez']);
    const [inigo, zoe, nandu] = trainees as [(typeof trainees)[number], (typeof trainees)[number], (typeof trainees)[number]];
    await recordFitness(t.ctx, courseId, inigo.id, 9);
    await recordFitness(t.ctx, courseId, zoe.id, 7);

    expect(await list(courseId)).toEqual({ open: true, records: [] });
    const { record, message } = await close(courseId);
    expect(message).toBe('Acta cerrada');
    expect(record).toMatchObject({ number: 1, closedByName: 'Marta Gómez', supersededAt: null, traineeCount: 3, aptoCount: 1 });
    expect(record.closedAt).toBe(new Date('2026-11-27T15:00:00-03:00').toISOString());
    const listed = await list(courseId);
    expect(listed).toEqual({ open: false, records: [record] });

    // What is still missing when it closes ('En curso') is written down as 'No apto'.
    const [stored] = await t.ctx.db.select().from(courseRecord).where(eq(courseRecord.id, record.id));
    expect(stored).toMatchObject({ courseName: 'Árbitros Provinciales 2026 — Santa Fe', firstDay: '2026-03-07', lastDay: '2026-11-28' });
    expect(stored!.requirements).toEqual(onlyFitness);
    expect(stored!.rows.map((row) => [row.name, row.outcome, row.summary])).toEqual([
      ['Íñigo Núñez', 'apto', ''],
      ['Ñandú Pérez', 'no-apto', 'No cumplió: prueba física'],
      ['Zoe Ávila', 'no-apto', 'No cumplió: prueba física'],
    ]);
    expect(stored!.rows.find((row) => row.userId === nandu.id)!.results).toEqual([
      { key: 'fitness', label: 'Prueba física aprobada', state: 'imposible', result: 'Sin resultado', missing: 'prueba física' },
    ]);

    const pdfBefore = await pdfOf(`/api/records/${record.id}/pdf`);
    const csvBefore = await csvLines(`/api/records/${record.id}/csv`);
    // Zoe passes the physical test after the record was closed.
    setClock('2026-11-29T10:00:00-03:00');
    const passed = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${courseId}/trainees/${zoe.id}/fitness-results`,
      cookie: admin,
      body: { testedOn: '2026-11-29', level: 10 },
    });
    expect(passed.statusCode, passed.body).toBe(201);

    expect(outcomeOf(await approval(courseId), zoe.id)).toBe('no-apto');
    expect((await approval(courseId)).closedRecord).toMatchObject({ id: record.id, number: 1, closedByName: 'Marta Gómez' });
    const pdfAfter = await pdfOf(`/api/records/${record.id}/pdf`);
    expect(Buffer.compare(pdfAfter, pdfBefore)).toBe(0);
    expect(await csvLines(`/api/records/${record.id}/csv`)).toEqual(csvBefore);
    expect(csvBefore).toEqual([
      'Alumno;Email;Prueba física aprobada;Resultado;Detalle',
      `Íñigo Núñez;${inigo.email};Aprobada;Apto;`,
      `Ñandú Pérez;${nandu.email};Sin resultado (no cumple);No apto;No cumplió: prueba física`,
      `Zoe Ávila;${zoe.email};No aprobada (no cumple);No apto;No cumplió: prueba física`,
    ]);
    expect((await courseChanges(courseId)).at(-1)).toEqual({ summary: 'Acta N° 1 cerrada (1 apto de 3)', actorName: 'Marta Gómez' });
  });

  it('prints the course, its classes, every trainee with accents, the outcomes, the instructor and the date, over several pages', async () => {
    const names = Array.from(
      { length: 60 },
      (_, i) => `${['Martín Núñez', 'Sofía Peña', 'José Ibáñez', 'Agustina Muñoz'][i % 4]} ${String(i + 1).padStart(2, '0')}`,
    );
    const { courseId, trainees } = await setting(names);
    for (const [i, trainee] of trainees.entries()) if (i % 3 !== 0) await recordFitness(t.ctx, courseId, trainee.id, 9);
    const { record } = await close(courseId);
    expect(record).toMatchObject({ traineeCount: 60, aptoCount: 40 });

    const bytes = await pdfOf(`/api/records/${record.id}/pdf`);
    const pages = pdfPageCount(bytes);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(bytes);
    expect(text).toContain('Acta del curso');
    expect(text).toContain('Acta N° 1');
    expect(text).toContain('Árbitros Provinciales 2026 — Santa Fe');
    expect(text).toContain('Clases del 07/03/2026 al 28/11/2026');
    expect(text).toContain('Prueba física aprobada');
    for (const name of names) expect(text).toContain(name);
    expect(text.match(/No apto/g)?.length).toBe(20);
    expect(text.match(/\bApto\b/g)?.length).toBe(40);
    expect(text).toContain('40 aptos de 60');
    expect(text).toContain('Instructor: Marta Gómez');
    expect(text).toContain('Fecha de cierre: 27 de noviembre de 2026');
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`);
    expect(text).not.toContain('BORRADOR');

    const lines = await csvLines(`/api/records/${record.id}/csv`);
    expect(lines).toHaveLength(61);
    // By name as Spanish sorts it; the 4th, 16th… trainees (every third) never took the test.
    expect(lines[1]).toMatch(/^Agustina Muñoz 04;[^;]+;Sin resultado \(no cumple\);No apto;No cumplió: prueba física$/);
    expect(lines[2]).toMatch(/^Agustina Muñoz 08;[^;]+;Aprobada;Apto;$/);
  });

  it('makes one record when two instructors close at once; the second is told it is closed', async () => {
    const { courseId } = await setting(['Ana Suárez', 'Beto Lúquez']);
    const both = await Promise.all([admin, marta].map((cookie) => call(t.app, { method: 'POST', url: recordsUrl(courseId), cookie })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)!.json().error.message).toBe('El acta ya está cerrada.');
    expect(await t.ctx.db.select({ id: courseRecord.id }).from(courseRecord).where(eq(courseRecord.courseId, courseId))).toHaveLength(1);
    // And once closed, closing again is refused the same way.
    const again = await call(t.app, { method: 'POST', url: recordsUrl(courseId), cookie: marta });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(courseRecordMessages.alreadyClosed);
  });

  it('answers a repeat with the same Idempotency-Key with the first record', async () => {
    const { courseId } = await setting(['Carla Ríos']);
    const headers = { 'idempotency-key': 'cerrar-acta-0001' };
    const first = await close(courseId, marta, headers);
    const repeat = await close(courseId, marta, headers);
    expect(repeat).toEqual(first);
    expect((await list(courseId)).records).toHaveLength(1);
  });

  it('refuses to close a course with no trainees', async () => {
    const { courseId } = await setting([]);
    const response = await call(t.app, { method: 'POST', url: recordsUrl(courseId), cookie: marta });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(courseRecordMessages.noTrainees);
    expect(await list(courseId)).toEqual({ open: true, records: [] });
  });
});

describe('correcting a closed record', () => {
  it('keeps the record as issued, opens the course, and the next record says which one it corrects', async () => {
    const { courseId, trainees } = await setting(['Lía Gutiérrez', 'Raúl Benítez']);
    const [lia, raul] = trainees as [(typeof trainees)[number], (typeof trainees)[number]];
    await recordFitness(t.ctx, courseId, lia.id, 9);
    const first = (await close(courseId)).record;
    const firstPdf = await pdfOf(`/api/records/${first.id}/pdf`);

    setClock('2026-11-28T11:00:00-03:00');
    const corrected = await supersede(courseId, first.id);
    expect(corrected.message).toBe('Se abrió el acta para corregir');
    expect(corrected.record).toMatchObject({ id: first.id, number: 1, supersededAt: new Date('2026-11-28T11:00:00-03:00').toISOString() });
    expect(await list(courseId)).toMatchObject({ open: true, records: [{ id: first.id, supersededAt: corrected.record.supersededAt }] });
    expect((await approval(courseId)).closedRecord).toBeNull();
    // Open again: Raúl's new result counts.
    await recordFitness(t.ctx, courseId, raul.id, 9, '2026-11-28');
    expect(outcomeOf(await approval(courseId), raul.id)).toBe('apto');

    const draft = pdfText(await pdfOf(`${recordsUrl(courseId)}/draft.pdf`));
    expect(draft).toContain('BORRADOR — el acta no está cerrada');
    expect(draft).toContain('Rectifica el acta N° 1 del 27/11/2026');

    const second = (await close(courseId, admin)).record;
    expect(second).toMatchObject({ number: 2, closedByName: 'Administrador', aptoCount: 2, supersededAt: null });
    const text = pdfText(await pdfOf(`/api/records/${second.id}/pdf`));
    expect(text).toContain('Acta N° 2');
    expect(text).toContain('Rectifica el acta N° 1 del 27/11/2026');
    expect(text).toContain('Fecha de cierre: 28 de noviembre de 2026');
    expect(text).toContain('2 aptos de 2');
    expect(text).toContain('Instructor: Administrador');

    // The replaced record is still there, as it was issued.
    const listed = await list(courseId);
    expect(listed.open).toBe(false);
    expect(listed.records.map((record) => [record.number, record.supersededAt === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(Buffer.compare(await pdfOf(`/api/records/${first.id}/pdf`), firstPdf)).toBe(0);
    expect(pdfText(firstPdf)).toContain('1 apto de 2');
    expect((await courseChanges(courseId)).map((change) => change.summary)).toEqual([
      'Acta N° 1 cerrada (1 apto de 2)',
      'Acta N° 1 reemplazada: el curso se abrió para corregirla',
      'Acta N° 2 cerrada (2 aptos de 2)',
    ]);

    // Only the record in force can be corrected.
    const stale = await call(t.app, { method: 'POST', url: `${recordsUrl(courseId)}/${first.id}/supersede`, cookie: marta });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(courseRecordMessages.notInForce);
  });
});

describe('the draft', () => {
  it('shows the live outcomes, marked as a draft on every page; refused while a record is in force', async () => {
    const { courseId, trainees } = await setting(['Pía Oyarzún', 'Joaquín Sáenz']);
    await recordFitness(t.ctx, courseId, trainees[0]!.id, 9);
    const bytes = await pdfOf(`${recordsUrl(courseId)}/draft.pdf`);
    const text = pdfText(bytes);
    expect(text.match(/BORRADOR — el acta no está cerrada/g)?.length).toBe(pdfPageCount(bytes));
    expect(text).toContain('Pía Oyarzún');
    expect(text).toContain('En curso');
    expect(text).toContain('Falta: prueba física');
    expect(text).toContain('Instructor: Administrador');
    expect(text).toContain('Fecha: 27 de noviembre de 2026 (borrador, sin cerrar)');
    expect(text).not.toContain('Rectifica');

    const csv = await file(`${recordsUrl(courseId)}/draft.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="acta-borrador-arbitros-provinciales-2026-santa-fe.csv"');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Alumno;Email;Prueba física aprobada;Resultado;Detalle',
      `Joaquín Sáenz;${trainees[1]!.email};Sin resultado (falta);En curso;Falta: prueba física`,
      `Pía Oyarzún;${trainees[0]!.email};Aprobada;Apto;`,
    ]);
    const pdf = await file(`${recordsUrl(courseId)}/draft.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="acta-borrador-arbitros-provinciales-2026-santa-fe.pdf"');

    const { record } = await close(courseId);
    for (const url of [`${recordsUrl(courseId)}/draft.pdf`, `${recordsUrl(courseId)}/draft.csv`]) {
      const refused = await call(t.app, { url, cookie: admin });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error.message).toBe(courseRecordMessages.draftOfClosed);
    }
    expect((await file(`/api/records/${record.id}/pdf`)).headers['content-disposition']).toBe(
      'attachment; filename="acta-1-arbitros-provinciales-2026-santa-fe.pdf"',
    );
  });
});

describe('who can use the course record', () => {
  it('answers 401 without a session, 403 to a student, 404 for unknown ids and 400 for malformed ids', async () => {
    const { courseId } = await setting(['Irene Ortúzar']);
    const other = await setting(['Óscar Vélez']);
    const { record } = await close(other.courseId);
    const routes = (course: string, recordId: string): CallOptions[] => [
      { url: recordsUrl(course) },
      { url: `${recordsUrl(course)}/draft.pdf` },
      { url: `${recordsUrl(course)}/draft.csv` },
      { method: 'POST', url: recordsUrl(course) },
      { method: 'POST', url: `${recordsUrl(course)}/${recordId}/supersede` },
      { url: `/api/records/${recordId}/pdf` },
      { url: `/api/records/${recordId}/csv` },
    ];
    for (const request of routes(courseId, record.id)) {
      const name = `${request.method ?? 'GET'} ${request.url}`;
      expect((await call(t.app, request)).statusCode, name).toBe(401);
      expect((await call(t.app, { ...request, cookie: student })).statusCode, name).toBe(403);
    }
    for (const request of routes(unknownId(), unknownId())) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json().error.message).toBe(
        request.url.startsWith('/api/records/') ? courseRecordMessages.recordNotFound : messages.courseNotFound,
      );
    }
    // A record of another course, named under this one: the same 404 as an unknown record.
    const elsewhere = await call(t.app, { method: 'POST', url: `${recordsUrl(courseId)}/${record.id}/supersede`, cookie: admin });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(courseRecordMessages.recordNotFound);
    expect((await list(other.courseId)).open).toBe(false);
    for (const request of routes('x'.repeat(80), 'x'.repeat(80))) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error.message).toBe(messages.invalidId);
    }
    const badKey = await call(t.app, { method: 'POST', url: recordsUrl(courseId), cookie: admin, headers: { 'idempotency-key': 'x' } });
    expect(badKey.statusCode).toBe(400);
    expect(await list(courseId)).toEqual({ open: true, records: [] });
  });
});

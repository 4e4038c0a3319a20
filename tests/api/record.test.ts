// The trainee's record: the admin's page of one trainee in one course (modules as the board
// judges them, jugadas, exams, attendance, payments, physical test, observations, the history of
// changes) and the trainee's own in 'Mi cuenta' (their own parts, nothing the instructor keeps).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course as courseTable, examAttempt } from '../../src/server/db/schema.ts';
import { answerJugada } from '../../src/server/jugadas/service.ts';
import { noRequirements } from '../../src/shared/approval-rules.ts';
import { instantOf } from '../../src/shared/calendar.ts';
import { pesos } from '../../src/shared/money.ts';
import type { MyRecord, TraineeRecord } from '../../src/shared/schemas/record.ts';
import { createUser } from './helpers/builders.ts';
import {
  buildCourse,
  buildJugada,
  buildModule,
  enableCourse,
  enableModule,
  signedIn,
  submitAnswers,
  unknownId,
} from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { call, login } from './helpers/http.ts';
import { issueLicenceOn, requireFitness } from './helpers/licences.ts';
import { criteriaScored } from './helpers/record.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let course: { id: string; name: string };
let otherCourse: { id: string; name: string };
let modules: { id: string; name: string }[];
let ana: Awaited<ReturnType<typeof signedIn>>;
let bruno: Awaited<ReturnType<typeof signedIn>>;
let examId: string;
/** Saturday 28 Nov 2026, 12:00 in Argentina. */
const now = instantOf('2026-11-28', '12:00');

/** One call as the instructor, through the routes of each part of the record; fails unless it answers `status`. */
async function asAdmin(method: 'POST' | 'PUT', url: string, body: object, status: number) {
  const response = await call(t.app, { method, url, body, cookie: adminCookie });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Record<string, unknown>;
}

/**
 * Everything of a trainee's record in a course, recorded by the instructor through each part's
 * routes (so each writes its history): three classes (two held), the plan and the trainee's
 * option, a payment, the physical test, an observation.
 */
async function fillRecord(courseId: string, userId: string, options: { level: number | null; score: number; paid: number }) {
  const lessons = [];
  for (const [date, topic] of [
    ['2026-11-14', 'Reglas 1 a 8'],
    ['2026-11-21', 'Sanción progresiva'],
    ['2026-12-05', 'Práctica en cancha'],
  ]) {
    const body = { date, time: '09:00', durationMinutes: 240, place: 'Club Ferro', topic };
    lessons.push(((await asAdmin('POST', `/api/courses/${courseId}/lessons`, body, 201)) as { lesson: { id: string } }).lesson.id);
  }
  await asAdmin('PUT', `/api/lessons/${lessons[0]}/attendance/${userId}`, { status: 'presente' }, 200);
  await asAdmin('PUT', `/api/lessons/${lessons[1]}/attendance/${userId}`, { status: 'ausente' }, 200);
  const instalments = [
    { amount: 3000, dueDate: '2026-11-10' },
    { amount: 3000, dueDate: '2026-12-10' },
  ];
  const plan = await asAdmin(
    'PUT',
    `/api/courses/${courseId}/payment-plan`,
    { options: [{ label: 'Dos cuotas de $3000', instalments }], reminders: false },
    200,
  );
  const optionId = (plan as { options: { id: string }[] }).options[0]!.id;
  await asAdmin('PUT', `/api/courses/${courseId}/trainees/${userId}/payment-option`, { optionId }, 200);
  if (options.paid > 0)
    await asAdmin(
      'POST',
      `/api/courses/${courseId}/payments`,
      { userId, amount: options.paid, paidOn: '2026-11-09', method: 'efectivo' },
      201,
    );
  await asAdmin(
    'POST',
    `/api/courses/${courseId}/trainees/${userId}/fitness-results`,
    { testedOn: '2026-11-21', level: options.level },
    201,
  );
  await asAdmin(
    'POST',
    `/api/courses/${courseId}/trainees/${userId}/observations`,
    {
      observedOn: '2026-11-22',
      match: 'Ferro vs. Sedalo',
      category: 'Primera B',
      observer: 'Marta Gómez',
      criteria: criteriaScored(options.score, 'Bien ubicado en el contraataque'),
      comment: 'Buen partido',
    },
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.now = () => now;
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  course = await buildCourse(t.ctx, { name: 'Árbitros 2026' });
  otherCourse = await buildCourse(t.ctx, { name: 'Otro curso' });
  modules = [await buildModule(t.ctx, course.id, { name: 'Reglas' }), await buildModule(t.ctx, course.id, { name: 'Sanciones' })];
  ana = await signedIn(t.app, t.ctx, 'student', { name: 'Ana Álvarez' });
  bruno = await signedIn(t.app, t.ctx, 'student', { name: 'Bruno Díaz' });

  // Ana: Reglas submitted, its one jugada right, the exam passed with 80 %.
  await enableModule(t.ctx, ana.id, modules[0]!.id);
  await submitAnswers(t.ctx, ana.id, modules[0]!.id);
  const jugada = await buildJugada(t.ctx, modules[0]!.id, { moment: null });
  await answerJugada(t.ctx.db, jugada.id, ana.id, {
    decisionId: jugada.correctDecisionId,
    sanctionId: jugada.correctSanctionId,
    moment: null,
  });
  await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
  examId = (await buildExam(t.ctx, course.id, modules[0]!.id, { title: 'Examen de reglamento' })).id;
  await t.ctx.db.insert(examAttempt).values({
    id: randomUUID(),
    examId,
    userId: ana.id,
    number: 1,
    startedAt: instantOf('2026-11-20', '10:00'),
    deadline: instantOf('2026-11-20', '10:20'),
    submittedAt: instantOf('2026-11-20', '10:15'),
    closedBy: 'alumno',
    right: 4,
    scorePercent: 80,
    passed: true,
  });
  await fillRecord(course.id, ana.id, { level: 9, score: 4, paid: 3000 });

  // Bruno: in both courses; in this one he owes the first instalment, did not show up for the test.
  await enableCourse(t.ctx, bruno.id, course.id);
  await enableCourse(t.ctx, bruno.id, otherCourse.id);
  await fillRecord(otherCourse.id, bruno.id, { level: null, score: 2, paid: 0 });
});
afterAll(async () => {
  await t?.close();
});

const recordUrl = (courseId: string, userId: string) => `/api/courses/${courseId}/trainees/${userId}/record`;

async function record(courseId: string, userId: string) {
  const response = await call(t.app, { url: recordUrl(courseId, userId), cookie: adminCookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TraineeRecord;
}

describe('GET /api/courses/:courseId/trainees/:userId/record', () => {
  it('has the trainee, the course and every module with its state on the board, what they watched and their jugadas', async () => {
    const result = await record(course.id, ana.id);
    expect(result.trainee).toEqual({ id: ana.id, name: 'Ana Álvarez', email: ana.email });
    expect(result.course).toEqual({ id: course.id, name: 'Árbitros 2026' });
    expect(result.modules).toEqual([
      { id: modules[0]!.id, name: 'Reglas', state: 'enviado', watchedPercent: null, jugadas: { correct: 1, total: 1 } },
      { id: modules[1]!.id, name: 'Sanciones', state: 'no-habilitado', watchedPercent: null, jugadas: null },
    ]);
  });

  it('has the best result at each exam', async () => {
    const result = await record(course.id, ana.id);
    expect(result.exams).toEqual([{ id: examId, title: 'Examen de reglamento', result: { scorePercent: 80, passed: true }, attempts: 1 }]);
  });

  it('has each class with their attendance and the percentage of the classes held', async () => {
    const { attendance: summary } = await record(course.id, ana.id);
    expect(summary.summary).toEqual({ held: 2, attended: 1, justified: 0, percent: 50 });
    expect(summary.lessons.map((l) => [l.date, l.time, l.topic, l.status])).toEqual([
      ['2026-11-14', '09:00', 'Reglas 1 a 8', 'presente'],
      ['2026-11-21', '09:00', 'Sanción progresiva', 'ausente'],
      ['2026-12-05', '09:00', 'Práctica en cancha', null],
    ]);
  });

  it('has their plan, its instalments, their payments and where they stand', async () => {
    const payments = (await record(course.id, ana.id)).payments!;
    expect(payments.status).toMatchObject({ option: { label: 'Dos cuotas de $3000' }, total: 6000, due: 3000, paid: 3000, owed: 0 });
    expect(payments.instalments).toEqual([
      { amount: 3000, dueDate: '2026-11-10' },
      { amount: 3000, dueDate: '2026-12-10' },
    ]);
    expect(payments.payments.map((p) => [p.amount, p.paidOn, p.method])).toEqual([[3000, '2026-11-09', 'efectivo']]);
  });

  it('has the physical test, the observations and the history of changes', async () => {
    const result = await record(course.id, ana.id);
    expect(result.fitness).toMatchObject({ testName: 'Course navette', minLevel: 8.5, status: 'aprobada' });
    expect(result.fitness.results.map((r) => [r.testedOn, r.level, r.passed])).toEqual([['2026-11-21', 9, true]]);
    expect(result.observations).toMatchObject({ count: 1, average: 4 });
    expect(result.observations.observations[0]).toMatchObject({
      match: 'Ferro vs. Sedalo',
      observer: 'Marta Gómez',
      criteria: { ubicacion: { score: 4, comment: 'Bien ubicado en el contraataque' } },
      comment: 'Buen partido',
    });
    // Each write of the instructor, newest first, with who made it.
    expect(result.changes.map((c) => [c.actorName, c.summary])).toEqual([
      ['Administrador', 'Observación de partido del 22 nov 2026 registrada (Ferro vs. Sedalo, promedio 4,0)'],
      ['Administrador', 'Prueba física del 21 nov 2026 registrada: Nivel 9 (Aprobada)'],
      ['Administrador', `Pago de ${pesos(3000)} del 9 nov 2026 registrado (Efectivo)`],
      ['Administrador', 'Opción de pago asignada: Dos cuotas de $3000'],
      ['Administrador', 'Asistencia a la clase del 21 nov 2026 a las 09:00: Ausente'],
      ['Administrador', 'Asistencia a la clase del 14 nov 2026 a las 09:00: Presente'],
    ]);
  });

  it('shows a trainee with nothing yet with empty sections, never another trainee’s data', async () => {
    const result = await record(course.id, bruno.id);
    expect(result.modules.map((m) => m.state)).toEqual(['no-habilitado', 'no-habilitado']);
    expect(result.exams[0]!.result).toBeNull();
    expect(result.attendance.summary).toEqual({ held: 2, attended: 0, justified: 0, percent: 0 });
    expect(result.attendance.lessons.every((l) => l.status === null)).toBe(true);
    expect(result.payments!.status.option).toBeNull();
    expect(result.payments!.payments).toEqual([]);
    expect(result.fitness).toMatchObject({ status: null, results: [] });
    expect(result.observations).toMatchObject({ count: 0, average: null, observations: [] });
    expect(result.changes).toEqual([]);
    // His record in the other course is that course's.
    const other = await record(otherCourse.id, bruno.id);
    expect(other.course.name).toBe('Otro curso');
    expect(other.payments!.status).toMatchObject({ owed: 3000, overdue: [{ amount: 3000, dueDate: '2026-11-10' }] });
    expect(other.fitness.status).toBe('no-aprobada');
  });

  it("says 'Sin requisitos definidos' (defined: false) until the course asks something, then the outcome", async () => {
    const before = await record(course.id, bruno.id);
    expect(before.approval).toMatchObject({ outcome: 'apto', defined: false });
    await t.ctx.db
      .update(courseTable)
      .set({ requirements: { ...noRequirements, fitness: true } })
      .where(eq(courseTable.id, course.id));
    try {
      const after = await record(course.id, bruno.id);
      expect(after.approval).toMatchObject({ outcome: 'en-curso', defined: true, summary: 'Falta: prueba física' });
    } finally {
      await t.ctx.db.update(courseTable).set({ requirements: noRequirements }).where(eq(courseTable.id, course.id));
    }
  });

  it('stays the instructor’s to read once the course is blocked for the trainee', async () => {
    const carla = await createUser(t.ctx, { name: 'Carla Sosa' });
    await enableCourse(t.ctx, carla.id, course.id);
    await enableCourse(t.ctx, carla.id, course.id, false);
    expect((await record(course.id, carla.id)).trainee.name).toBe('Carla Sosa');
  });

  it('is for admins: 401 without a session, 403 for a student, even about themselves', async () => {
    const anonymous = await call(t.app, { url: recordUrl(course.id, ana.id) });
    expect(anonymous.statusCode).toBe(401);
    const own = await call(t.app, { url: recordUrl(course.id, ana.id), cookie: ana.cookie });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown course or user, and for anyone who is not a student of the course', async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    const stranger = await createUser(t.ctx);
    const cases = [
      [unknownId(), ana.id, 'El curso no existe.'],
      [course.id, unknownId(), 'El usuario no existe.'],
      // A trainee of another course, one never given this course, an admin: the same 404 as a missing user.
      [otherCourse.id, ana.id, 'El usuario no existe.'],
      [course.id, stranger.id, 'El usuario no existe.'],
      [course.id, admin.id, 'El usuario no existe.'],
    ] as const;
    for (const [courseId, userId, message] of cases) {
      const response = await call(t.app, { url: recordUrl(courseId, userId), cookie: adminCookie });
      expect(response.statusCode, `${courseId} ${userId}`).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message });
    }
  });

  it('answers 400 for malformed ids', async () => {
    for (const url of [recordUrl('x'.repeat(65), ana.id), recordUrl(course.id, 'no válido'), recordUrl(course.id, 'x'.repeat(65))]) {
      const response = await call(t.app, { url, cookie: adminCookie });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'El identificador no es válido.' });
    }
  });
});

describe('GET /api/me/record', () => {
  const mine = async (cookie: string) => {
    const response = await call(t.app, { url: '/api/me/record', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MyRecord;
  };

  it('gives the trainee their own attendance, plan and payments, physical test and observations in each course of theirs', async () => {
    const result = await mine(ana.cookie);
    expect(result.courses.map((c) => c.course)).toEqual([{ id: course.id, name: 'Árbitros 2026' }]);
    const [own] = result.courses;
    expect(own!.attendance.summary.percent).toBe(50);
    expect(own!.payments.status).toMatchObject({ option: { label: 'Dos cuotas de $3000' }, owed: 0, paid: 3000 });
    expect(own!.payments.instalments).toHaveLength(2);
    expect(own!.fitness.status).toBe('aprobada');
    expect(own!.observations.observations[0]!.criteria.ubicacion).toEqual({ score: 4, comment: 'Bien ubicado en el contraataque' });
    // Nothing the instructor keeps to themselves.
    expect(own).not.toHaveProperty('changes');
    expect(JSON.stringify(result)).not.toContain('Administrador');
    expect(JSON.stringify(result)).not.toContain('registrad');
  });

  it('shows only the caller’s own: another trainee sees theirs, never Ana’s', async () => {
    const result = await mine(bruno.cookie);
    expect(result.courses.map((c) => c.course.name)).toEqual(['Árbitros 2026', 'Otro curso']);
    const [here, other] = result.courses;
    expect(here!.attendance.summary).toMatchObject({ attended: 0, percent: 0 });
    expect(here!.payments.payments).toEqual([]);
    expect(here!.fitness.results).toEqual([]);
    expect(here!.observations.observations).toEqual([]);
    expect(other!.payments.status.owed).toBe(3000);
    expect(other!.observations.average).toBe(2);
    expect(JSON.stringify(result)).not.toContain(ana.id);
  });

  it('leaves out a course blocked for them or archived', async () => {
    const dana = await signedIn(t.app, t.ctx, 'student');
    const archived = await buildCourse(t.ctx);
    await enableCourse(t.ctx, dana.id, course.id, false);
    await enableCourse(t.ctx, dana.id, archived.id);
    await t.ctx.db.update(courseTable).set({ archivedAt: now }).where(eq(courseTable.id, archived.id));
    expect((await mine(dana.cookie)).courses).toEqual([]);
  });

  it('is nothing for an admin, and 401 without a session', async () => {
    expect((await mine(adminCookie)).courses).toEqual([]);
    const anonymous = await call(t.app, { url: '/api/me/record' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe("GET /api/me/record: where the trainee stands ('Habilitación', exams, licence)", () => {
  const mine = async (cookie: string) => {
    const response = await call(t.app, { url: '/api/me/record', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MyRecord;
  };
  const courseOf = (result: MyRecord, courseId: string) => result.courses.find((c) => c.course.id === courseId)!;

  it('gives their own best result at each exam, the same figures as the instructor’s page of them; never a classmate’s', async () => {
    const own = courseOf(await mine(ana.cookie), course.id);
    expect(own.exams).toEqual([{ id: examId, title: 'Examen de reglamento', result: { scorePercent: 80, passed: true }, attempts: 1 }]);
    expect(own.exams).toEqual((await record(course.id, ana.id)).exams);
    // Bruno has not sat it: Ana's 80 % is not his.
    const his = await mine(bruno.cookie);
    expect(courseOf(his, course.id).exams).toEqual([{ id: examId, title: 'Examen de reglamento', result: null, attempts: 0 }]);
    // Another course's exams are that course's: the other course has none.
    expect(courseOf(his, otherCourse.id).exams).toEqual([]);
  });

  it("says 'Sin requisitos definidos' (defined: false) until the course asks something, then their outcome and what is missing", async () => {
    expect(courseOf(await mine(bruno.cookie), course.id).approval).toEqual({ outcome: 'apto', summary: '', defined: false });
    await t.ctx.db
      .update(courseTable)
      .set({ requirements: { ...noRequirements, examIds: [examId] } })
      .where(eq(courseTable.id, course.id));
    try {
      const hers = courseOf(await mine(ana.cookie), course.id).approval;
      expect(hers).toEqual({ outcome: 'apto', summary: '', defined: true });
      const his = await mine(bruno.cookie);
      expect(courseOf(his, course.id).approval).toEqual({ outcome: 'en-curso', summary: 'Falta: examen de reglamento', defined: true });
      // As the instructor's page of him says it; the other course still asks nothing.
      expect(courseOf(his, course.id).approval).toEqual((await record(course.id, bruno.id)).approval);
      expect(courseOf(his, otherCourse.id).approval.defined).toBe(false);
    } finally {
      await t.ctx.db.update(courseTable).set({ requirements: noRequirements }).where(eq(courseTable.id, course.id));
    }
  });

  it('lists their licence under its course, with its PDF and verification page, and nothing of who issued it; nobody else sees it', async () => {
    const licensed = await buildCourse(t.ctx, { name: 'Licencia 2026' });
    await requireFitness(t, adminCookie, licensed.id);
    await enableCourse(t.ctx, bruno.id, licensed.id);
    const issued = await issueLicenceOn(t, adminCookie, { courseId: licensed.id, userId: ana.id, day: '2026-11-20' });

    const result = await mine(ana.cookie);
    const own = courseOf(result, licensed.id);
    expect(own.approval).toMatchObject({ outcome: 'apto', defined: true });
    expect(own.certificates).toEqual([
      {
        id: issued.id,
        code: issued.code,
        level: 'Árbitro Provincial',
        rulesEdition: 'Reglas IHF 2024',
        issuedOn: '2026-11-20',
        expiresOn: issued.expiresOn,
        state: 'vigente',
        revokedReason: null,
        verifyUrl: `${t.ctx.config.publicUrl}/verificar/${issued.code}`,
        pdfUrl: `/api/certificates/${issued.id}/pdf`,
      },
    ]);
    // Only under its own course.
    expect(courseOf(result, course.id).certificates).toEqual([]);
    // Her PDF is hers to download.
    const pdf = await call(t.app, { url: own.certificates[0]!.pdfUrl, cookie: ana.cookie });
    expect(pdf.statusCode).toBe(200);

    // Bruno, in the same course without a licence: none, and nothing of hers.
    const his = await mine(bruno.cookie);
    expect(courseOf(his, licensed.id)).toMatchObject({
      approval: { outcome: 'en-curso', summary: 'Falta: prueba física' },
      certificates: [],
    });
    expect(JSON.stringify(his)).not.toContain(issued.code);
    expect(JSON.stringify(his)).not.toContain(ana.id);
  });
});

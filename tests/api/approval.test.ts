// 'Requisitos de aprobación' and who is 'Apto': the requirements saved and checked, refused while a
// course record is closed, and each trainee's outcome judged from results recorded through the
// real routes (attendance, physical test, exams, payments), on the approval page, the class board
// (column, filter, CSV) and the trainee's page. Time is the app's clock.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courseFacts, traineeApproval } from '../../src/server/approval/read.ts';
import { course as courseTable, courseRecord, examAttemptQuestion, jugadaAnswer, recordChange } from '../../src/server/db/schema.ts';
import {
  closingOutcome,
  decideOutcome,
  noRequirements,
  type ApprovalRequirements,
  type RecordRow,
} from '../../src/shared/approval-rules.ts';
import { approvalMessages, messages } from '../../src/shared/messages.ts';
import type { CourseApproval } from '../../src/shared/schemas/approval.ts';
import type { Attempt } from '../../src/shared/schemas/exams.ts';
import type { Lesson } from '../../src/shared/schemas/lessons.ts';
import type { ProgressBoard } from '../../src/shared/schemas/progress.ts';
import type { TraineeRecord } from '../../src/shared/schemas/record.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import {
  buildCourse,
  buildJugada,
  buildModule,
  correctActivity,
  enableCourse,
  enableModule,
  optionId,
  signedIn,
  submitAnswers,
  unknownId,
} from './helpers/content.ts';
import {
  assignOption,
  buildLesson,
  buildPaymentOption,
  markAttendance,
  recordFitness as recordFitnessResult,
  recordObservation,
} from './helpers/record.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { call, login, type CallOptions } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = (await signedIn(t.app, t.ctx)).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** Saturday 28 November 2026, 10:00 in Buenos Aires. */
const NOW = new Date('2026-11-28T10:00:00-03:00');
beforeEach(() => {
  t.ctx.clock.now = () => NOW;
});

const approvalUrl = (courseId: string) => `/api/courses/${courseId}/approval`;
const licence = { level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 };
const body = (requirements: Partial<ApprovalRequirements> = {}, licenceOverrides: object = {}) => ({
  requirements: { ...noRequirements, ...requirements },
  licence: { ...licence, ...licenceOverrides },
});

async function readApproval(courseId: string) {
  const response = await call(t.app, { url: approvalUrl(courseId), cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CourseApproval;
}

async function saveApproval(courseId: string, payload: unknown) {
  const response = await call(t.app, { method: 'PUT', url: approvalUrl(courseId), cookie: admin, body: payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CourseApproval;
}

const courseChanges = (courseId: string) =>
  t.ctx.db
    .select({ summary: recordChange.summary })
    .from(recordChange)
    .where(and(eq(recordChange.courseId, courseId), isNull(recordChange.userId)))
    .orderBy(recordChange.at);

/** A closed course record written straight to its table (closing one is the course record's own route). */
async function closeRecord(courseId: string, rows: RecordRow[], number = 1) {
  const id = randomUUID();
  await t.ctx.db.insert(courseRecord).values({
    id,
    courseId,
    number,
    courseName: 'Curso',
    requirements: noRequirements,
    rows,
    closedByName: 'Admin',
    closedAt: new Date('2026-11-27T18:00:00-03:00'),
  });
  return id;
}

describe('who can read and change the requirements', () => {
  it('answers 401 without a session, 403 to a student, 404 for an unknown course and 400 for a malformed id', async () => {
    const course = await buildCourse(t.ctx);
    const routes = (courseId: string): CallOptions[] => [
      { url: approvalUrl(courseId) },
      { method: 'PUT', url: approvalUrl(courseId), body: body() },
    ];
    for (const request of routes(course.id)) {
      const name = `${request.method ?? 'GET'} ${request.url}`;
      expect((await call(t.app, request)).statusCode, name).toBe(401);
      expect((await call(t.app, { ...request, cookie: student })).statusCode, name).toBe(403);
    }
    for (const request of routes(unknownId())) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(messages.courseNotFound);
    }
    for (const request of routes('no válido!')) {
      expect((await call(t.app, { ...request, cookie: admin })).statusCode).toBe(400);
    }
    const notJson = await call(t.app, {
      method: 'PUT',
      url: approvalUrl(course.id),
      cookie: admin,
      body: '{"requirements":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const noBody = await call(t.app, { method: 'PUT', url: approvalUrl(course.id), cookie: admin, body: {} });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.fields).toHaveProperty('requirements');
  });
});

describe('saving the requirements', () => {
  it('starts asking nothing, with a 12-month licence, and everyone is Apto', async () => {
    const course = await buildCourse(t.ctx);
    const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Zoe Paz' });
    await enableCourse(t.ctx, trainee.id, course.id);
    const approval = await readApproval(course.id);
    expect(approval).toMatchObject({
      requirements: noRequirements,
      licence: { level: '', rulesEdition: '', months: 12 },
      exams: [],
      closedRecord: null,
      trainees: [{ id: trainee.id, name: 'Zoe Paz', email: trainee.email, outcome: 'apto', results: [], summary: '' }],
    });
  });

  it('saves them with the licence, answers the saved page, and logs the change once', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
    const exam = await buildExam(t.ctx, course.id, module.id, { title: 'Parcial de reglamento' });
    const saved = await saveApproval(course.id, {
      requirements: {
        ...noRequirements,
        minAttendancePercent: 75,
        examIds: [exam.id, exam.id],
        fitness: true,
        minObservationAverage: 3.5,
      },
      licence: { level: '  Árbitro Provincial ', rulesEdition: 'IHF 2025' },
    });
    expect(saved.requirements).toEqual({
      ...noRequirements,
      minAttendancePercent: 75,
      examIds: [exam.id],
      fitness: true,
      minObservationAverage: 3.5,
    });
    expect(saved.licence).toEqual({ level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 });
    expect(saved.exams).toEqual([{ id: exam.id, title: 'Parcial de reglamento', kind: 'reglamento' }]);
    expect(await readApproval(course.id)).toEqual(saved);
    expect(await courseChanges(course.id)).toEqual([
      {
        summary:
          'Requisitos de aprobación: asistencia mínima 75 %, examen «Parcial de reglamento» aprobado, prueba física aprobada, ' +
          'observación con promedio 3,5. Licencia: Árbitro Provincial, reglamento IHF 2025, vence a los 12 meses',
      },
    ]);
    // The same again changes nothing and logs nothing.
    await saveApproval(course.id, { requirements: saved.requirements, licence: saved.licence });
    expect(await courseChanges(course.id)).toHaveLength(1);
    await saveApproval(course.id, body({}, { months: 24 }));
    expect((await readApproval(course.id)).licence.months).toBe(24);
    expect((await courseChanges(course.id)).map((c) => c.summary)).toContain(
      'Requisitos de aprobación: ninguno. Licencia: Árbitro Provincial, reglamento IHF 2025, vence a los 24 meses',
    );
  });

  it('refuses what is out of range with each field named in Spanish, and changes nothing', async () => {
    const course = await buildCourse(t.ctx);
    const other = await buildCourse(t.ctx);
    const otherModule = await buildModule(t.ctx, other.id);
    await buildBank(t.ctx, other.id, [{}, {}, {}, {}]);
    const foreign = await buildExam(t.ctx, other.id, otherModule.id);
    await saveApproval(course.id, body({ fitness: true }));
    const cases: Array<[payload: unknown, field: string, message: string]> = [
      [body({ minAttendancePercent: 0 }), 'requirements.minAttendancePercent', approvalMessages.percentRange],
      [body({ minAttendancePercent: 101 }), 'requirements.minAttendancePercent', approvalMessages.percentRange],
      [body({ minAttendancePercent: 50.5 }), 'requirements.minAttendancePercent', approvalMessages.percentRange],
      [body({ minJugadasPercent: -3 }), 'requirements.minJugadasPercent', approvalMessages.percentRange],
      [body({ minObservationAverage: 5.5 }), 'requirements.minObservationAverage', approvalMessages.averageRange],
      [body({ minObservationAverage: 0.5 }), 'requirements.minObservationAverage', approvalMessages.averageRange],
      [body({ minObservationAverage: 3.55 }), 'requirements.minObservationAverage', approvalMessages.averageRange],
      [body({ examIds: [foreign.id] }), 'requirements.examIds', approvalMessages.examNotInCourse],
      [body({ examIds: [unknownId()] }), 'requirements.examIds', approvalMessages.examNotInCourse],
      [body({}, { level: 'x'.repeat(121) }), 'licence.level', 'El nivel no puede tener más de 120 caracteres'],
      [
        body({}, { rulesEdition: 'x'.repeat(121) }),
        'licence.rulesEdition',
        'La edición del reglamento no puede tener más de 120 caracteres',
      ],
      [body({}, { months: 0 }), 'licence.months', approvalMessages.monthsRange],
      [body({}, { months: 121 }), 'licence.months', approvalMessages.monthsRange],
      [body({}, { months: 1.5 }), 'licence.months', approvalMessages.monthsRange],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(t.app, { method: 'PUT', url: approvalUrl(course.id), cookie: admin, body: payload });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    const kept = await readApproval(course.id);
    expect(kept.requirements).toEqual({ ...noRequirements, fitness: true });
    expect(kept.licence).toEqual(licence);
    // 12.0 months and 4.0 are whole and in tenths.
    const edge = await saveApproval(course.id, body({ minAttendancePercent: 100, minObservationAverage: 1 }, { months: 120 }));
    expect(edge.requirements).toMatchObject({ minAttendancePercent: 100, minObservationAverage: 1 });
  });

  it('refuses any change while the course record is closed (409), and allows it again once that record is superseded', async () => {
    const course = await buildCourse(t.ctx);
    await saveApproval(course.id, body({ fitness: true }));
    const recordId = await closeRecord(course.id, []);
    const refused = await call(t.app, { method: 'PUT', url: approvalUrl(course.id), cookie: admin, body: body() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('El acta está cerrada: para cambiar los requisitos, corregí el acta.');
    const approval = await readApproval(course.id);
    expect(approval.requirements.fitness).toBe(true);
    expect(approval.closedRecord).toEqual({ id: recordId, number: 1, closedAt: '2026-11-27T21:00:00.000Z', closedByName: 'Admin' });
    expect(await courseChanges(course.id)).toHaveLength(1);

    await t.ctx.db.update(courseRecord).set({ supersededAt: NOW }).where(eq(courseRecord.id, recordId));
    expect((await readApproval(course.id)).closedRecord).toBeNull();
    expect((await saveApproval(course.id, body())).requirements.fitness).toBe(false);
  });
});

// --- Outcomes --------------------------------------------------------------------------------

const start = (examId: string, cookie: string) => call(t.app, { method: 'POST', url: `/api/exams/${examId}/attempts`, cookie });

/** Takes the exam and hands it in: every answer right, or every answer wrong. */
async function takeExam(examId: string, cookie: string, right: boolean) {
  const started = await start(examId, cookie);
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json().attempt as Attempt;
  for (const question of attempt.questions) {
    const [row] = (await t.ctx.db.select().from(examAttemptQuestion).where(eq(examAttemptQuestion.attemptId, attempt.id))).filter(
      (q) => q.position === question.position,
    );
    const correct = row!.optionOrder.flatMap((bankIndex, shown) => (row!.correct.includes(bankIndex) ? [shown] : []));
    const wrong = [question.options.findIndex((_, i) => !correct.includes(i))];
    const answered = await call(t.app, {
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/${question.position}`,
      cookie,
      body: { answer: right ? correct : wrong, seq: 1 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
  const handed = await call(t.app, { method: 'POST', url: `/api/attempts/${attempt.id}/submit`, cookie });
  expect(handed.statusCode, handed.body).toBe(200);
  return attempt.id;
}

async function createLesson(courseId: string, date: string) {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${courseId}/lessons`,
    cookie: admin,
    body: { date, time: '09:00', durationMinutes: 240, place: 'Club Ferro', topic: 'Reglas' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { lesson: Lesson }).lesson.id;
}

async function mark(lessonId: string, userId: string, status: 'presente' | 'ausente' | 'justificado') {
  const response = await call(t.app, {
    method: 'PUT',
    url: `/api/lessons/${lessonId}/attendance/${userId}`,
    cookie: admin,
    body: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function adminCall(request: CallOptions, status = 200) {
  const response = await call(t.app, { ...request, cookie: admin });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/**
 * A course asking 75 % attendance, its rules exam (one attempt), the physical test and payments up
 * to date, and three trainees: Ana meets everything, Bruno still misses things he can do, Carla
 * can no longer pass.
 */
async function classOfThree() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
  const exam = await buildExam(t.ctx, course.id, module.id, { title: 'Reglamento', attempts: 1 });
  const people = {
    ana: await signedIn(t.app, t.ctx, 'student', { name: 'Ana Álvarez' }),
    bruno: await signedIn(t.app, t.ctx, 'student', { name: 'Bruno Díaz' }),
    carla: await signedIn(t.app, t.ctx, 'student', { name: 'Carla Sosa' }),
  };
  for (const person of Object.values(people)) await enableModule(t.ctx, person.id, module.id);
  await saveApproval(course.id, body({ minAttendancePercent: 75, examIds: [exam.id], fitness: true, paymentsUpToDate: true }));

  // Three classes held and one to come: Ana came to all, Bruno to two (one more makes 75 %), Carla to none.
  const held = [
    await createLesson(course.id, '2026-11-07'),
    await createLesson(course.id, '2026-11-14'),
    await createLesson(course.id, '2026-11-21'),
  ];
  await createLesson(course.id, '2026-12-05');
  for (const lessonId of held) await mark(lessonId, people.ana.id, 'presente');
  await mark(held[0]!, people.bruno.id, 'presente');
  await mark(held[1]!, people.bruno.id, 'presente');
  await mark(held[2]!, people.bruno.id, 'ausente');
  for (const lessonId of held) await mark(lessonId, people.carla.id, 'ausente');

  // The physical test: Ana passes, Carla does not (she may take it again), Bruno has no result.
  const fitnessUrl = (userId: string) => `/api/courses/${course.id}/trainees/${userId}/fitness-results`;
  await adminCall({ method: 'POST', url: fitnessUrl(people.ana.id), body: { testedOn: '2026-11-21', level: 9 } }, 201);
  await adminCall({ method: 'POST', url: fitnessUrl(people.carla.id), body: { testedOn: '2026-11-21', level: 7 } }, 201);

  // The exam: Ana passes, Carla fails her only attempt, Bruno has not taken it.
  await takeExam(exam.id, people.ana.cookie, true);
  await takeExam(exam.id, people.carla.cookie, false);

  // One instalment of $ 3.000 due on 10 November: Ana and Carla paid it, Bruno did not.
  const plan = await adminCall({
    method: 'PUT',
    url: `/api/courses/${course.id}/payment-plan`,
    body: { options: [{ label: 'Contado', instalments: [{ amount: 3000, dueDate: '2026-11-10' }] }], reminders: false },
  });
  const optionId = (plan.json() as { options: Array<{ id: string }> }).options[0]!.id;
  for (const person of Object.values(people)) {
    await adminCall({ method: 'PUT', url: `/api/courses/${course.id}/trainees/${person.id}/payment-option`, body: { optionId } });
  }
  for (const person of [people.ana, people.carla]) {
    await adminCall(
      {
        method: 'POST',
        url: `/api/courses/${course.id}/payments`,
        body: { userId: person.id, amount: 3000, paidOn: '2026-11-09', method: 'efectivo' },
      },
      201,
    );
  }
  return { course, module, exam, people };
}

const expected = {
  ana: { outcome: 'apto', summary: '' },
  bruno: { outcome: 'en-curso', summary: 'Falta: 1 clase, examen de reglamento, prueba física, pagos ($ 3.000)' },
  carla: { outcome: 'no-apto', summary: 'No puede cumplir: asistencia (no alcanza el 75 %), examen de reglamento (sin intentos)' },
} as const;

describe('who is Apto', () => {
  let setting: Awaited<ReturnType<typeof classOfThree>>;
  beforeAll(async () => {
    t.ctx.clock.now = () => NOW;
    setting = await classOfThree();
  });

  it('judges each trainee from the results recorded, with each requirement and what is missing in words', async () => {
    const { course, exam, people } = setting;
    const approval = await readApproval(course.id);
    expect(approval.trainees.map((tr) => [tr.name, tr.outcome, tr.summary])).toEqual([
      ['Ana Álvarez', 'apto', ''],
      ['Bruno Díaz', 'en-curso', expected.bruno.summary],
      ['Carla Sosa', 'no-apto', expected.carla.summary],
    ]);
    const bruno = approval.trainees.find((tr) => tr.id === people.bruno.id)!;
    expect(bruno.results).toEqual([
      { key: 'attendance', label: 'Asistencia mínima 75 %', state: 'falta', result: '67 %', missing: '1 clase' },
      { key: 'exam', examId: exam.id, label: 'Reglamento', state: 'falta', result: 'No aprobado', missing: 'examen de reglamento' },
      { key: 'fitness', label: 'Prueba física aprobada', state: 'falta', result: 'Sin resultado', missing: 'prueba física' },
      { key: 'payments', label: 'Pagos al día', state: 'falta', result: 'Debe $ 3.000', missing: 'pagos ($ 3.000)' },
    ]);
    const carla = approval.trainees.find((tr) => tr.id === people.carla.id)!;
    expect(carla.results.map((r) => [r.key, r.state, r.result])).toEqual([
      ['attendance', 'imposible', '0 %'],
      ['exam', 'imposible', 'No aprobado'],
      ['fitness', 'falta', 'No aprobada'],
      ['payments', 'cumplido', 'Al día'],
    ]);
  });

  it('follows new results: Bruno comes to the next class, passes the test, pays and takes the exam', async () => {
    const { course, exam, people } = setting;
    const one = (await readApproval(course.id)).trainees.find((tr) => tr.id === people.bruno.id)!;
    expect(one.outcome).toBe('en-curso');
    const later = new Date('2026-12-05T14:00:00-03:00');
    t.ctx.clock.now = () => later;
    const next = (await call(t.app, { url: `/api/courses/${course.id}/lessons`, cookie: admin })).json() as { lessons: Lesson[] };
    await mark(next.lessons.find((l) => l.date === '2026-12-05')!.id, people.bruno.id, 'presente');
    await adminCall(
      {
        method: 'POST',
        url: `/api/courses/${course.id}/trainees/${people.bruno.id}/fitness-results`,
        body: { testedOn: '2026-12-05', level: 8.5 },
      },
      201,
    );
    await adminCall(
      {
        method: 'POST',
        url: `/api/courses/${course.id}/payments`,
        body: { userId: people.bruno.id, amount: 3000, paidOn: '2026-12-05', method: 'transferencia' },
      },
      201,
    );
    expect(await traineeApproval(t.ctx.db, course.id, people.bruno.id, later)).toMatchObject({
      outcome: 'en-curso',
      summary: 'Falta: examen de reglamento',
    });
    await takeExam(exam.id, people.bruno.cookie, true);
    expect(await traineeApproval(t.ctx.db, course.id, people.bruno.id, later)).toMatchObject({ outcome: 'apto', summary: '' });
    t.ctx.clock.now = () => NOW;
  });

  it('shows the outcome on the trainee page', async () => {
    const { course, people } = setting;
    const response = await adminCall({ url: `/api/courses/${course.id}/trainees/${people.carla.id}/record` });
    // The course asks something, so the record shows the outcome (`defined`).
    expect((response.json() as TraineeRecord).approval).toEqual({ ...expected.carla, defined: true });
  });
});

describe('the class board', () => {
  let setting: Awaited<ReturnType<typeof classOfThree>>;
  beforeAll(async () => {
    t.ctx.clock.now = () => NOW;
    setting = await classOfThree();
  });

  const board = async (courseId: string, query = '') =>
    (await adminCall({ url: `/api/courses/${courseId}/progress${query}` })).json() as ProgressBoard;

  it('has the Habilitación column for every student', async () => {
    const { course } = setting;
    const all = await board(course.id);
    expect(all.students.map((s) => [s.name, s.approval])).toEqual([
      ['Ana Álvarez', expected.ana],
      ['Bruno Díaz', expected.bruno],
      ['Carla Sosa', expected.carla],
    ]);
    expect(all.total).toBe(3);
  });

  it('filters by outcome: the students, the count and the module totals follow the filter, and the search still applies', async () => {
    const { course, module } = setting;
    for (const [outcome, name] of [
      ['apto', 'Ana Álvarez'],
      ['en-curso', 'Bruno Díaz'],
      ['no-apto', 'Carla Sosa'],
    ] as const) {
      const filtered = await board(course.id, `?outcome=${outcome}`);
      expect(filtered.students.map((s) => s.name)).toEqual([name]);
      expect(filtered.total).toBe(1);
      const totals = filtered.modules.find((m) => m.id === module.id)!.totals;
      expect(Object.values(totals).reduce((a, b) => a + b, 0)).toBe(1);
    }
    expect((await board(course.id, '?outcome=apto&search=bruno')).students).toEqual([]);
    expect((await board(course.id, '?outcome=en-curso&search=bruno')).total).toBe(1);
    expect((await board(course.id, '?outcome=apto&page=2')).students).toEqual([]);
    const wrong = await call(t.app, { url: `/api/courses/${course.id}/progress?outcome=aprobado`, cookie: admin });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.outcome).toBe(approvalMessages.invalidOutcome);
  });

  it('writes the Habilitación column in the CSV, and filters it the same way', async () => {
    const { course } = setting;
    const csv = await adminCall({ url: `/api/courses/${course.id}/progress.csv` });
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(';').at(-1)).toBe('Habilitación');
    expect(lines.slice(1).map((line) => line.split(';').at(-1))).toEqual([
      'Apto',
      `En curso · ${expected.bruno.summary}`,
      `No apto · ${expected.carla.summary}`,
    ]);
    const only = await adminCall({ url: `/api/courses/${course.id}/progress.csv?outcome=no-apto` });
    expect(only.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('shows the closed record’s outcomes while it is in force, and a late trainee as the record would have written them', async () => {
    const { course, people } = setting;
    const before = await readApproval(course.id);
    // The record froze Bruno as 'No apto', as closing makes what is missing final.
    const frozen = before.trainees.map(({ id, name, email, outcome, results, summary }): RecordRow => ({
      userId: id,
      name,
      email,
      ...closingOutcome({ outcome, results, summary }),
    }));
    const recordId = await closeRecord(course.id, frozen);
    const late = await signedIn(t.app, t.ctx, 'student', { name: 'Diego Ruiz' });
    await enableCourse(t.ctx, late.id, course.id);
    // Results recorded after closing change nothing on the record.
    await adminCall(
      {
        method: 'POST',
        url: `/api/courses/${course.id}/trainees/${people.bruno.id}/fitness-results`,
        body: { testedOn: '2026-11-28', level: 10 },
      },
      201,
    );

    const after = await readApproval(course.id);
    expect(after.closedRecord?.id).toBe(recordId);
    expect(after.trainees.map((tr) => [tr.name, tr.outcome, tr.summary])).toEqual([
      ['Ana Álvarez', 'apto', ''],
      ['Bruno Díaz', 'no-apto', 'No cumplió: 1 clase, examen de reglamento, prueba física, pagos ($ 3.000)'],
      // The record names every requirement not met.
      ['Carla Sosa', 'no-apto', 'No cumplió: asistencia (no alcanza el 75 %), examen de reglamento (sin intentos), prueba física'],
      // Diego came after the record: judged as it would have written him (he missed every class held).
      ['Diego Ruiz', 'no-apto', 'No cumplió: asistencia (no alcanza el 75 %), examen de reglamento, prueba física'],
    ]);
    expect((await board(course.id, '?outcome=no-apto')).students.map((s) => s.name)).toEqual(['Bruno Díaz', 'Carla Sosa', 'Diego Ruiz']);
    expect((await board(course.id, '?outcome=en-curso')).total).toBe(0);
    await t.ctx.db.delete(courseRecord).where(eq(courseRecord.id, recordId));
  });
});

describe('reading a whole class', () => {
  it('judges every trainee in a fixed number of statements, on the approval page and on the filtered board', async () => {
    const roundTrips = countRoundTrips(t.ctx.database);
    const classOf = async (size: number) => {
      const course = await buildCourse(t.ctx);
      const module = await buildModule(t.ctx, course.id);
      await buildJugada(t.ctx, module.id);
      await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
      const exam = await buildExam(t.ctx, course.id, module.id);
      const lessonId = await buildLesson(t.ctx, course.id, '2026-11-21');
      const option = await buildPaymentOption(t.ctx, course.id);
      await saveApproval(
        course.id,
        body({
          minAttendancePercent: 50,
          examIds: [exam.id],
          allActivities: true,
          minJugadasPercent: 50,
          fitness: true,
          minObservationAverage: 3,
          paymentsUpToDate: true,
        }),
      );
      for (let i = 0; i < size; i += 1) {
        const trainee = await signedIn(t.app, t.ctx);
        await enableModule(t.ctx, trainee.id, module.id);
        await markAttendance(t.ctx, lessonId, trainee.id, 'presente');
        await assignOption(t.ctx, course.id, trainee.id, option);
        await recordFitnessResult(t.ctx, course.id, trainee.id, 10);
        await recordObservation(t.ctx, course.id, trainee.id, 4);
      }
      const ok = (url: string) => async () => expect((await call(t.app, { url, cookie: admin })).statusCode).toBe(200);
      return {
        page: await roundTrips.during(ok(approvalUrl(course.id))),
        board: await roundTrips.during(ok(`/api/courses/${course.id}/progress?outcome=en-curso`)),
      };
    };
    expect(await classOf(8)).toEqual(await classOf(2));
  });
});

describe('the facts behind the outcome', () => {
  it('reads activities, jugadas, observations, exams still open and closed exams in one batch', async () => {
    const course = await buildCourse(t.ctx);
    const withQuestions = await buildModule(t.ctx, course.id);
    const second = await buildModule(t.ctx, course.id);
    await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
    const open = await buildExam(t.ctx, course.id, withQuestions.id, { title: 'Parcial', attempts: 2 });
    // An exam that closed a week ago: nobody can start it any more.
    const closed = await buildExam(t.ctx, course.id, second.id, { title: 'Final', closesAt: '2026-11-20T12:00:00.000Z' });
    const jugadas = [
      await buildJugada(t.ctx, withQuestions.id),
      await buildJugada(t.ctx, withQuestions.id),
      await buildJugada(t.ctx, second.id),
    ];
    const ana = await signedIn(t.app, t.ctx, 'student', { name: 'Ana' });
    const bruno = await signedIn(t.app, t.ctx, 'student', { name: 'Bruno' });
    for (const person of [ana, bruno]) {
      await enableModule(t.ctx, person.id, withQuestions.id);
      await enableModule(t.ctx, person.id, second.id);
    }
    // Ana: both activities approved, two jugadas answered (one right), two observations; an attempt left open.
    for (const moduleId of [withQuestions.id, second.id]) {
      await submitAnswers(t.ctx, ana.id, moduleId);
      await correctActivity(t.ctx, ana.id, moduleId, [true, true]);
    }
    // Bruno: one activity with corrections.
    await submitAnswers(t.ctx, bruno.id, withQuestions.id);
    await correctActivity(t.ctx, bruno.id, withQuestions.id, [true, false]);
    const decision = await optionId(t.ctx, course.id, 'Tiro de 7 metros');
    const sanction = await optionId(t.ctx, course.id, 'Exclusión de 2 minutos');
    const answer = (jugadaId: string, correct: boolean) =>
      t.ctx.db.insert(jugadaAnswer).values({
        jugadaId,
        userId: ana.id,
        decisionId: decision,
        sanctionId: sanction,
        decisionCorrect: correct,
        sanctionCorrect: correct,
        correct,
      });
    await answer(jugadas[0]!.id, true);
    await answer(jugadas[2]!.id, false);
    await recordObservation(t.ctx, course.id, ana.id, 4);
    await recordObservation(t.ctx, course.id, ana.id, 3);
    expect((await start(open.id, ana.cookie)).statusCode).toBe(201);

    const facts = await courseFacts(t.ctx.db, course.id, NOW);
    expect([...facts.keys()].sort()).toEqual([ana.id, bruno.id].sort());
    expect(facts.get(ana.id)).toMatchObject({
      attendance: { attended: 0, counted: 0, upcoming: 0 },
      activities: { total: 2, approved: 2 },
      jugadas: { total: 3, answered: 2, correct: 1 },
      fitness: null,
      observationAverage: 3.5,
      owed: 0,
    });
    expect(facts.get(ana.id)!.exams).toEqual([
      { id: open.id, title: 'Parcial', kind: 'reglamento', passed: false, attemptsLeft: 2, closed: false },
      { id: closed.id, title: 'Final', kind: 'reglamento', passed: false, attemptsLeft: 2, closed: true },
    ]);
    expect(facts.get(bruno.id)).toMatchObject({ activities: { total: 2, approved: 0 }, jugadas: { total: 3, answered: 0, correct: 0 } });
    const only = await courseFacts(t.ctx.db, course.id, NOW, [bruno.id]);
    expect([...only.keys()]).toEqual([bruno.id]);

    const requirements = {
      ...noRequirements,
      allActivities: true,
      minJugadasPercent: 60,
      minObservationAverage: 3.5,
      examIds: [closed.id],
    };
    expect(decideOutcome(requirements, facts.get(ana.id)!).summary).toBe('No puede cumplir: examen de reglamento (sin intentos)');
    await t.ctx.db
      .update(courseTable)
      .set({ requirements: { ...requirements, examIds: [] } })
      .where(eq(courseTable.id, course.id));
    expect(await traineeApproval(t.ctx.db, course.id, ana.id, NOW)).toMatchObject({ outcome: 'en-curso', summary: 'Falta: jugadas' });
    expect(await traineeApproval(t.ctx.db, course.id, bruno.id, NOW)).toMatchObject({
      outcome: 'en-curso',
      summary: 'Falta: 2 actividades, jugadas, observación de partido',
    });
  });
});

// The trainee's module list flags a module whose exam they can take now ('Examen abierto', 'Examen
// en curso'). The page's data carries the facts only (each exam's dates and attempts, and the
// trainee's own attempts at it), never a judgement by the clock: it is kept between requests and its
// drawing reused for the same data (pages/kept-rows.ts, http/drawn-documents.ts), and the browser
// works out what is open now. Starting, handing in or running out of time on an attempt, and an
// exam's new dates, show on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExpiredAttempts } from '../../src/server/exams/attempts.ts';
import type { ModuleExam, StudentModule } from '../../src/shared/schemas/content.ts';
import type { CourseModulesPage, ModulePage } from '../../src/shared/schemas/pages.ts';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { call, login } from './helpers/http.ts';
import { countRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let now = new Date('2026-11-28T12:00:00Z');
let courseId: string;
/** With an exam; without one; with an exam but blocked for the trainees. */
let withExam: string;
let withoutExam: string;
let blocked: string;
let examId: string;
let ana: Awaited<ReturnType<typeof signedIn>>;
let bruno: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.now = () => now;
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  withExam = (await buildModule(t.ctx, courseId, { name: 'Reglas' })).id;
  withoutExam = (await buildModule(t.ctx, courseId, { name: 'Mecánica' })).id;
  blocked = (await buildModule(t.ctx, courseId, { name: 'Sanciones' })).id;
  await buildBank(t.ctx, courseId, [{}, {}, {}, {}]);
  examId = (await buildExam(t.ctx, courseId, withExam, { title: 'Parcial de reglas', attempts: 2, waitHours: 0 })).id;
  await buildExam(t.ctx, courseId, blocked, { title: 'Parcial de sanciones' });
  ana = await signedIn(t.app, t.ctx, 'student');
  bruno = await signedIn(t.app, t.ctx, 'student');
  for (const who of [ana, bruno]) {
    await enableModule(t.ctx, who.id, withExam);
    await enableModule(t.ctx, who.id, withoutExam);
  }
});
afterAll(async () => {
  await t?.close();
});

const listPage = async (cookie: string) => {
  const response = await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CourseModulesPage;
};
const moduleOf = (page: { modules: StudentModule[] }, moduleId: string) => page.modules.find((m) => m.id === moduleId)!;
const examsOf = async (cookie: string, moduleId = withExam) => moduleOf(await listPage(cookie), moduleId).exams;

const untouched: Omit<ModuleExam, 'id'> = {
  title: 'Parcial de reglas',
  opensAt: null,
  closesAt: null,
  attempts: 2,
  waitHours: 0,
  attemptsUsed: 0,
  lastSubmittedAt: null,
  passed: false,
  openAttemptEndsAt: null,
};

describe("the module list's exams", () => {
  it('carries each exam of an open module with its conditions and the trainee’s attempts; nothing for a module without one or blocked', async () => {
    const page = await listPage(ana.cookie);
    expect(moduleOf(page, withExam).exams).toEqual([{ id: examId, ...untouched }]);
    expect(moduleOf(page, withoutExam).exams).toEqual([]);
    // Blocked: not even the exam's title.
    expect(moduleOf(page, blocked)).toMatchObject({ enabled: false, exams: [] });
    expect(JSON.stringify(page)).not.toContain('Parcial de sanciones');
    // The module page's list is the same list.
    const modulePage = (await call(t.app, { url: `/api/pages/modules/${withExam}`, cookie: ana.cookie })).json() as ModulePage;
    expect(modulePage.modules).toEqual(page.modules);
  });

  it('an attempt started and handed in shows at the next request, for that trainee only; the classmate’s page stays kept', async () => {
    // Both lists read and kept.
    await listPage(ana.cookie);
    await listPage(bruno.cookie);

    const started = await call(t.app, { method: 'POST', url: `/api/exams/${examId}/attempts`, cookie: ana.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().attempt.id as string;
    expect(await examsOf(ana.cookie)).toEqual([
      { id: examId, ...untouched, attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T12:20:00.000Z' },
    ]);
    // Another trainee's attempts are not theirs: their list says nothing of them, and was not even read again.
    const counter = countRoundTrips(t.ctx.database);
    const statements = await counter.statementsDuring(() => listPage(bruno.cookie));
    expect(statements).toEqual(['page_stamps']);
    expect(await examsOf(bruno.cookie)).toEqual([{ id: examId, ...untouched }]);

    now = new Date('2026-11-28T12:10:00Z');
    const submitted = await call(t.app, { method: 'POST', url: `/api/attempts/${attemptId}/submit`, cookie: ana.cookie });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await examsOf(ana.cookie)).toEqual([
      { id: examId, ...untouched, attemptsUsed: 1, lastSubmittedAt: '2026-11-28T12:10:00.000Z', passed: false },
    ]);
    expect((await examsOf(bruno.cookie))[0]).toMatchObject({ attemptsUsed: 0, lastSubmittedAt: null });
  });

  it('an attempt whose time ran out, closed by the scheduled clean-up, shows as handed in', async () => {
    now = new Date('2026-11-28T13:00:00Z');
    const started = await call(t.app, { method: 'POST', url: `/api/exams/${examId}/attempts`, cookie: bruno.cookie });
    expect(started.statusCode, started.body).toBe(201);
    expect((await examsOf(bruno.cookie))[0]).toMatchObject({ attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T13:20:00.000Z' });
    now = new Date('2026-11-28T14:00:00Z');
    await closeExpiredAttempts(t.ctx.db, now);
    expect((await examsOf(bruno.cookie))[0]).toMatchObject({
      attemptsUsed: 1,
      openAttemptEndsAt: null,
      lastSubmittedAt: '2026-11-28T13:20:00.000Z',
      passed: false,
    });
  });

  it('an exam’s new dates show on every trainee’s list at the next request', async () => {
    await listPage(ana.cookie);
    const schedule = await call(t.app, {
      method: 'PUT',
      url: `/api/exams/${examId}/schedule`,
      body: { resultsRelease: 'al-entregar', opensAt: '2026-11-30T12:00:00.000Z', closesAt: '2026-12-01T12:00:00.000Z' },
      cookie: admin,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    for (const who of [ana, bruno])
      expect((await examsOf(who.cookie))[0]).toMatchObject({ opensAt: '2026-11-30T12:00:00.000Z', closesAt: '2026-12-01T12:00:00.000Z' });
  });

  it('is the same data at any hour: nothing in it is judged by the clock', async () => {
    now = new Date('2026-11-29T09:00:00Z');
    const before = await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie: ana.cookie });
    // The exam has opened and closed since: the data (and so its drawing) is the same.
    now = new Date('2026-12-05T09:00:00Z');
    const after = await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie: ana.cookie });
    expect(after.body).toBe(before.body);
    // Even read anew rather than kept.
    const fresh = await signedIn(t.app, t.ctx, 'student');
    await enableModule(t.ctx, fresh.id, withExam);
    now = new Date('2026-11-29T09:00:00Z');
    const early = await examsOf(fresh.cookie);
    now = new Date('2026-12-05T09:00:00Z');
    await enableModule(t.ctx, fresh.id, withoutExam);
    expect(await examsOf(fresh.cookie)).toEqual(early);
  });

  it('is 401 without a session and 404 for a course the trainee does not have', async () => {
    expect((await call(t.app, { url: `/api/pages/courses/${courseId}/modules` })).statusCode).toBe(401);
    const other = (await buildCourse(t.ctx)).id;
    const response = await call(t.app, { url: `/api/pages/courses/${other}/modules`, cookie: ana.cookie });
    expect(response.statusCode).toBe(404);
  });
});

// 'Prueba física': the course's test (name and minimum level) and each trainee's results, judged
// against the current minimum. Time is the app's clock (ctx.clock); a day is the Argentine one.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fitnessResult, recordChange } from '../../src/server/db/schema.ts';
import { fitnessOf, fitnessStatuses } from '../../src/server/fitness/read.ts';
import { messages, recordMessages } from '../../src/shared/messages.ts';
import { FIRST_YEAR, LAST_YEAR } from '../../src/shared/calendar.ts';
import type { FitnessResult, TraineeFitness } from '../../src/shared/schemas/fitness.ts';
import { buildCourse, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
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
const TODAY = '2026-11-28';
beforeEach(() => {
  t.ctx.clock.now = () => new Date('2026-11-28T10:00:00-03:00');
});

/** A course and a trainee with it enabled. */
async function setting() {
  const course = await buildCourse(t.ctx);
  const trainee = await createUser(t.ctx);
  await enableCourse(t.ctx, trainee.id, course.id);
  return { courseId: course.id, userId: trainee.id };
}

const resultsUrl = (courseId: string, userId: string) => `/api/courses/${courseId}/trainees/${userId}/fitness-results`;

async function record(courseId: string, userId: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await call(t.app, { method: 'POST', url: resultsUrl(courseId, userId), cookie: admin, body, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as FitnessResult;
}

async function fitness(courseId: string, userId: string) {
  const response = await call(t.app, { url: resultsUrl(courseId, userId), cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TraineeFitness;
}

async function setTest(courseId: string, body: unknown) {
  return call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/fitness-test`, cookie: admin, body });
}

const changesOf = (courseId: string, userId: string | null) =>
  t.ctx.db
    .select({ summary: recordChange.summary, actorName: recordChange.actorName })
    .from(recordChange)
    .where(and(eq(recordChange.courseId, courseId), userId === null ? isNull(recordChange.userId) : eq(recordChange.userId, userId)))
    .orderBy(recordChange.at);

describe('who can use the physical test', () => {
  it('answers 401 without a session, 403 to a student, 404 for unknown ids and 400 for malformed ids', async () => {
    const { courseId, userId } = await setting();
    const result = await record(courseId, userId, { testedOn: TODAY, level: 9 });
    const routes = (course: string, user: string, resultId: string): CallOptions[] => [
      { url: `/api/courses/${course}/fitness-test` },
      { method: 'PUT', url: `/api/courses/${course}/fitness-test`, body: { name: 'Course navette', minLevel: 9 } },
      { url: resultsUrl(course, user) },
      { method: 'POST', url: resultsUrl(course, user), body: { testedOn: TODAY, level: 9 } },
      { method: 'DELETE', url: `/api/fitness-results/${resultId}` },
    ];
    for (const request of routes(courseId, userId, result.id)) {
      const name = `${request.method ?? 'GET'} ${request.url}`;
      expect((await call(t.app, request)).statusCode, name).toBe(401);
      expect((await call(t.app, { ...request, cookie: student })).statusCode, name).toBe(403);
    }
    for (const request of [...routes(unknownId(), userId, unknownId()), ...routes(courseId, unknownId(), unknownId()).slice(2, 4)]) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(404);
      expect([messages.courseNotFound, messages.userNotFound, recordMessages.fitnessResultNotFound]).toContain(
        response.json().error.message,
      );
    }
    for (const request of routes('x'.repeat(80), 'x'.repeat(80), 'x'.repeat(80))) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error.message).toBe(messages.invalidId);
    }
    // Nothing of that touched the result or the test.
    expect((await fitness(courseId, userId)).results).toEqual([result]);
    expect((await fitness(courseId, userId)).minLevel).toBe(8.5);
  });

  it('records results only for trainees with the course enabled: anyone else is the 404 of a missing user', async () => {
    const { courseId } = await setting();
    const notGiven = await createUser(t.ctx);
    const blocked = await createUser(t.ctx);
    await enableCourse(t.ctx, blocked.id, courseId);
    await enableCourse(t.ctx, blocked.id, courseId, false);
    const otherCourse = await buildCourse(t.ctx);
    const ofOtherCourse = await createUser(t.ctx);
    await enableCourse(t.ctx, ofOtherCourse.id, otherCourse.id);
    const anAdmin = await createUser(t.ctx, { role: 'admin' });
    await enableCourse(t.ctx, anAdmin.id, courseId);
    for (const userId of [notGiven.id, blocked.id, ofOtherCourse.id, anAdmin.id, unknownId()]) {
      const response = await call(t.app, {
        method: 'POST',
        url: resultsUrl(courseId, userId),
        cookie: admin,
        body: { testedOn: TODAY, level: 9 },
      });
      expect(response.statusCode, userId).toBe(404);
      expect(response.json().error.message).toBe(messages.userNotFound);
    }
    // Never given the course, or not a trainee: not theirs to read either. A blocked trainee's record stays readable.
    for (const userId of [notGiven.id, ofOtherCourse.id, anAdmin.id]) {
      expect((await call(t.app, { url: resultsUrl(courseId, userId), cookie: admin })).statusCode, userId).toBe(404);
    }
    expect((await fitness(courseId, blocked.id)).results).toEqual([]);
    expect(await t.ctx.db.select().from(fitnessResult).where(eq(fitnessResult.courseId, courseId))).toEqual([]);
    expect(await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, courseId))).toEqual([]);
  });
});

describe("the course's test", () => {
  it("starts as 'Course navette' with 8.5 to pass, and is changed with the change logged", async () => {
    const { courseId } = await setting();
    const response = await call(t.app, { url: `/api/courses/${courseId}/fitness-test`, cookie: admin });
    expect(response.json()).toEqual({ test: { name: 'Course navette', minLevel: 8.5 } });

    const saved = await setTest(courseId, { name: '  Test de Léger  ', minLevel: 9.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ test: { name: 'Test de Léger', minLevel: 9.5 } });
    expect((await call(t.app, { url: `/api/courses/${courseId}/fitness-test`, cookie: admin })).json().test).toEqual({
      name: 'Test de Léger',
      minLevel: 9.5,
    });
    // The same again changes nothing, and logs nothing.
    expect((await setTest(courseId, { name: 'Test de Léger', minLevel: 9.5 })).statusCode).toBe(200);
    expect(await changesOf(courseId, null)).toEqual([
      { summary: 'Prueba física del curso: Test de Léger, nivel mínimo 9,5', actorName: expect.any(String) },
    ]);
  });

  it('refuses a minimum off the scale or a missing name, in Spanish with the field, changing nothing', async () => {
    const { courseId } = await setting();
    const scale = recordMessages.levelScale('El nivel mínimo', 1, 21);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Course navette', minLevel: 0 }, 'minLevel', scale],
      [{ name: 'Course navette', minLevel: 21.5 }, 'minLevel', scale],
      [{ name: 'Course navette', minLevel: 8.3 }, 'minLevel', scale],
      [{ name: 'Course navette', minLevel: '9' }, 'minLevel', scale],
      [{ name: 'Course navette' }, 'minLevel', scale],
      [{ name: '   ', minLevel: 9 }, 'name', messages.requiredField],
      [{ name: 'x'.repeat(81), minLevel: 9 }, 'name', 'El nombre de la prueba no puede tener más de 80 caracteres'],
    ];
    for (const [body, field, message] of cases) {
      const response = await setTest(courseId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect((await call(t.app, { url: `/api/courses/${courseId}/fitness-test`, cookie: admin })).json().test.minLevel).toBe(8.5);
    expect(await changesOf(courseId, null)).toEqual([]);
  });
});

describe("a trainee's results", () => {
  it('passes at or above the minimum, fails below it or for No se presentó, and logs each one', async () => {
    const { courseId, userId } = await setting();
    expect(await fitness(courseId, userId)).toEqual({ testName: 'Course navette', minLevel: 8.5, status: null, results: [] });

    const absent = await record(courseId, userId, { testedOn: '2026-11-07', level: null });
    expect(absent).toMatchObject({ testedOn: '2026-11-07', level: null, passed: false });
    expect((await fitness(courseId, userId)).status).toBe('no-aprobada');

    const low = await record(courseId, userId, { testedOn: '2026-11-14', level: 8 });
    expect(low.passed).toBe(false);
    const response = await call(t.app, {
      method: 'POST',
      url: resultsUrl(courseId, userId),
      cookie: admin,
      body: { testedOn: TODAY, level: 9 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(recordMessages.fitnessRecorded);
    const passed = response.json().result as FitnessResult;
    expect(passed).toMatchObject({ testedOn: TODAY, level: 9, passed: true });
    expect((await record(courseId, userId, { testedOn: TODAY, level: 8.5 })).passed).toBe(true);

    const shown = await fitness(courseId, userId);
    expect(shown.status).toBe('aprobada');
    // Newest first: by day, then the later entry of the same day.
    expect(shown.results.map((r) => r.level)).toEqual([8.5, 9, 8, null]);
    expect(await changesOf(courseId, userId)).toEqual(
      [
        'Prueba física del 7 nov 2026 registrada: No se presentó',
        'Prueba física del 14 nov 2026 registrada: Nivel 8 (No aprobada)',
        'Prueba física del 28 nov 2026 registrada: Nivel 9 (Aprobada)',
        'Prueba física del 28 nov 2026 registrada: Nivel 8,5 (Aprobada)',
      ].map((summary) => ({ summary, actorName: expect.any(String) })),
    );
  });

  it('judges every result again when the minimum changes', async () => {
    const { courseId, userId } = await setting();
    await record(courseId, userId, { testedOn: TODAY, level: 9 });
    expect((await fitness(courseId, userId)).status).toBe('aprobada');
    expect((await setTest(courseId, { name: 'Course navette', minLevel: 9.5 })).statusCode).toBe(200);
    const after = await fitness(courseId, userId);
    expect(after).toMatchObject({ minLevel: 9.5, status: 'no-aprobada', results: [{ level: 9, passed: false }] });
    expect((await setTest(courseId, { name: 'Course navette', minLevel: 9 })).statusCode).toBe(200);
    expect((await fitness(courseId, userId)).status).toBe('aprobada');
  });

  it('refuses levels off the scale and bad or future days, in Spanish with the field, writing nothing', async () => {
    const { courseId, userId } = await setting();
    const scale = recordMessages.levelScale('El nivel', 1, 21);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ testedOn: TODAY, level: 0 }, 'level', scale],
      [{ testedOn: TODAY, level: 21.5 }, 'level', scale],
      [{ testedOn: TODAY, level: 8.3 }, 'level', scale],
      [{ testedOn: TODAY, level: -9 }, 'level', scale],
      [{ testedOn: TODAY, level: '9' }, 'level', scale],
      [{ testedOn: TODAY }, 'level', scale],
      [{ testedOn: '2026-02-30', level: 9 }, 'testedOn', recordMessages.invalidDay],
      [{ testedOn: '2026-13-01', level: 9 }, 'testedOn', recordMessages.invalidDay],
      [{ testedOn: '28/11/2026', level: 9 }, 'testedOn', recordMessages.invalidDay],
      [{ testedOn: '', level: 9 }, 'testedOn', recordMessages.invalidDay],
      [{ level: 9 }, 'testedOn', recordMessages.invalidDay],
      // Real days, in years no record is from: refused, not stored as another year nor failing.
      [{ testedOn: '0000-01-01', level: 9 }, 'testedOn', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
      [{ testedOn: '0001-01-01', level: 9 }, 'testedOn', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
      [{ testedOn: '1999-12-31', level: 9 }, 'testedOn', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
      // Tomorrow in Buenos Aires.
      [{ testedOn: '2026-11-29', level: 9 }, 'testedOn', recordMessages.futureDay],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(t.app, { method: 'POST', url: resultsUrl(courseId, userId), cookie: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect((await fitness(courseId, userId)).results).toEqual([]);
    expect(await changesOf(courseId, userId)).toEqual([]);
  });

  it('records a repeated request (same Idempotency-Key) once', async () => {
    const { courseId, userId } = await setting();
    const headers = { 'idempotency-key': 'prueba-fisica-1' };
    const first = await record(courseId, userId, { testedOn: TODAY, level: 10 }, headers);
    const again = await record(courseId, userId, { testedOn: TODAY, level: 10 }, headers);
    expect(again).toEqual(first);
    expect((await fitness(courseId, userId)).results).toHaveLength(1);
    expect(await changesOf(courseId, userId)).toHaveLength(1);
  });

  it('deletes a result with the deletion logged; the status follows', async () => {
    const { courseId, userId } = await setting();
    const result = await record(courseId, userId, { testedOn: TODAY, level: 9 });
    const response = await call(t.app, { method: 'DELETE', url: `/api/fitness-results/${result.id}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(recordMessages.fitnessResultDeleted);
    expect(await fitness(courseId, userId)).toMatchObject({ status: null, results: [] });
    expect((await changesOf(courseId, userId)).map((c) => c.summary)).toEqual([
      'Prueba física del 28 nov 2026 registrada: Nivel 9 (Aprobada)',
      'Prueba física del 28 nov 2026 borrada (Nivel 9 (Aprobada))',
    ]);
    const again = await call(t.app, { method: 'DELETE', url: `/api/fitness-results/${result.id}`, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(recordMessages.fitnessResultNotFound);
  });
});

describe('the reads the trainee page and the class board use', () => {
  it("give one trainee's test and many trainees' statuses from the course's current minimum", async () => {
    const { courseId, userId: passed } = await setting();
    const failed = await createUser(t.ctx);
    const absent = await createUser(t.ctx);
    const untested = await createUser(t.ctx);
    for (const u of [failed, absent, untested]) await enableCourse(t.ctx, u.id, courseId);
    await record(courseId, passed, { testedOn: TODAY, level: 12 });
    await record(courseId, passed, { testedOn: '2026-11-01', level: 7 });
    await record(courseId, failed.id, { testedOn: TODAY, level: 8 });
    await record(courseId, absent.id, { testedOn: TODAY, level: null });
    // Another course's result counts nowhere here.
    const other = await setting();
    await record(other.courseId, other.userId, { testedOn: TODAY, level: 15 });

    const statuses = await fitnessStatuses(t.ctx.db, courseId, [passed, failed.id, absent.id, untested.id, other.userId]);
    expect(Object.fromEntries(statuses)).toEqual({
      [passed]: 'aprobada',
      [failed.id]: 'no-aprobada',
      [absent.id]: 'no-aprobada',
      [untested.id]: null,
      [other.userId]: null,
    });
    expect((await fitnessStatuses(t.ctx.db, courseId, [])).size).toBe(0);
    // A whole class at once (more ids than one statement lists): the same answers.
    const many = [passed, failed.id, untested.id, ...Array.from({ length: 1_000 }, () => unknownId())];
    const all = await fitnessStatuses(t.ctx.db, courseId, many);
    expect(all.size).toBe(many.length);
    expect([all.get(passed), all.get(failed.id), all.get(untested.id), all.get(many[3]!)]).toEqual(['aprobada', 'no-aprobada', null, null]);
    expect(await fitnessOf(t.ctx.db, courseId, passed)).toEqual(await fitness(courseId, passed));
  });
});

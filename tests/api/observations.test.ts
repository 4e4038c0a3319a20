// 'Observaciones de partido': the instructor's form after watching a trainee referee a match,
// five criteria scored 1 to 5, each observation's average and the trainee's over all of them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { observation, recordChange } from '../../src/server/db/schema.ts';
import { observationAverages, observationsOf } from '../../src/server/observations/read.ts';
import { messages, recordMessages } from '../../src/shared/messages.ts';
import { FIRST_YEAR, LAST_YEAR } from '../../src/shared/calendar.ts';
import { criterionKeys } from '../../src/shared/record-rules.ts';
import type { Observation, ObservationInput, TraineeObservations } from '../../src/shared/schemas/observations.ts';
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

const TODAY = '2026-11-28';
beforeEach(() => {
  t.ctx.clock.now = () => new Date('2026-11-28T10:00:00-03:00');
});

async function setting() {
  const course = await buildCourse(t.ctx);
  const trainee = await createUser(t.ctx);
  await enableCourse(t.ctx, trainee.id, course.id);
  return { courseId: course.id, userId: trainee.id };
}

/** A form with the five scores in the criteria's order. */
const form = (scores: number[] = [4, 4, 3, 4, 4], overrides: Partial<ObservationInput> = {}): ObservationInput => ({
  observedOn: TODAY,
  match: 'Club Ferro – Club Atlético (Primera B)',
  category: 'Juveniles',
  observer: 'Laura Gómez',
  criteria: Object.fromEntries(criterionKeys.map((key, i) => [key, { score: scores[i]!, comment: '' }])) as ObservationInput['criteria'],
  comment: 'Buen partido, mejorar la comunicación con la mesa.',
  ...overrides,
});

const listUrl = (courseId: string, userId: string) => `/api/courses/${courseId}/trainees/${userId}/observations`;

async function create(courseId: string, userId: string, body: unknown = form(), headers: Record<string, string> = {}) {
  const response = await call(t.app, { method: 'POST', url: listUrl(courseId, userId), cookie: admin, body, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().observation as Observation;
}

async function list(courseId: string, userId: string) {
  const response = await call(t.app, { url: listUrl(courseId, userId), cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TraineeObservations;
}

const summaries = async (courseId: string, userId: string) =>
  (
    await t.ctx.db
      .select({ summary: recordChange.summary })
      .from(recordChange)
      .where(and(eq(recordChange.courseId, courseId), eq(recordChange.userId, userId)))
      .orderBy(recordChange.at)
  ).map((row) => row.summary);

describe('who can use match observations', () => {
  it('answers 401 without a session, 403 to a student, 404 for unknown ids and 400 for malformed ids', async () => {
    const { courseId, userId } = await setting();
    const observed = await create(courseId, userId);
    const routes = (course: string, user: string, observationId: string): CallOptions[] => [
      { url: listUrl(course, user) },
      { method: 'POST', url: listUrl(course, user), body: form() },
      { method: 'PUT', url: `/api/observations/${observationId}`, body: form() },
      { method: 'DELETE', url: `/api/observations/${observationId}` },
    ];
    for (const request of routes(courseId, userId, observed.id)) {
      const name = `${request.method ?? 'GET'} ${request.url}`;
      expect((await call(t.app, request)).statusCode, name).toBe(401);
      expect((await call(t.app, { ...request, cookie: student })).statusCode, name).toBe(403);
    }
    for (const request of [...routes(unknownId(), userId, unknownId()), ...routes(courseId, unknownId(), unknownId()).slice(0, 2)]) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(404);
      expect([messages.courseNotFound, messages.userNotFound, recordMessages.observationNotFound]).toContain(response.json().error.message);
    }
    for (const request of routes('x'.repeat(80), 'x'.repeat(80), 'x'.repeat(80))) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error.message).toBe(messages.invalidId);
    }
    expect((await list(courseId, userId)).observations).toEqual([observed]);
  });

  it('records observations only for trainees with the course enabled: anyone else is the 404 of a missing user', async () => {
    const { courseId } = await setting();
    const notGiven = await createUser(t.ctx);
    const blocked = await createUser(t.ctx);
    await enableCourse(t.ctx, blocked.id, courseId);
    await enableCourse(t.ctx, blocked.id, courseId, false);
    const anAdmin = await createUser(t.ctx, { role: 'admin' });
    await enableCourse(t.ctx, anAdmin.id, courseId);
    for (const userId of [notGiven.id, blocked.id, anAdmin.id, unknownId()]) {
      const response = await call(t.app, { method: 'POST', url: listUrl(courseId, userId), cookie: admin, body: form() });
      expect(response.statusCode, userId).toBe(404);
      expect(response.json().error.message).toBe(messages.userNotFound);
    }
    for (const userId of [notGiven.id, anAdmin.id]) {
      expect((await call(t.app, { url: listUrl(courseId, userId), cookie: admin })).statusCode).toBe(404);
    }
    expect(await list(courseId, blocked.id)).toEqual({ count: 0, average: null, observations: [] });
    expect(await t.ctx.db.select().from(observation).where(eq(observation.courseId, courseId))).toEqual([]);
  });
});

describe('an observation', () => {
  it('is recorded with its five criteria and average, listed newest first with the overall average, and logged', async () => {
    const { courseId, userId } = await setting();
    expect(await list(courseId, userId)).toEqual({ count: 0, average: null, observations: [] });

    const withComment = form([4, 4, 3, 4, 4]);
    withComment.criteria.comunicacion = { score: 4, comment: '  Clara con los oficiales de mesa.  ' };
    const first = await create(courseId, userId, { ...withComment, observedOn: '2026-11-14' });
    expect(first).toMatchObject({
      observedOn: '2026-11-14',
      match: 'Club Ferro – Club Atlético (Primera B)',
      category: 'Juveniles',
      observer: 'Laura Gómez',
      average: 3.8,
    });
    expect(first.criteria.comunicacion).toEqual({ score: 4, comment: 'Clara con los oficiales de mesa.' });
    expect(first.criteria['sancion-progresiva']).toEqual({ score: 3, comment: '' });

    // Category and the comments may be left out.
    const { category: _c, comment: _m, ...bare } = form([4, 4, 4, 4, 4]);
    const second = await create(courseId, userId, bare);
    expect(second).toMatchObject({ category: '', comment: '', average: 4 });

    const shown = await list(courseId, userId);
    expect(shown.observations.map((o) => o.id)).toEqual([second.id, first.id]);
    // 19 + 20 over 10 scores.
    expect(shown).toMatchObject({ count: 2, average: 3.9 });
    expect(await summaries(courseId, userId)).toEqual([
      'Observación de partido del 14 nov 2026 registrada (Club Ferro – Club Atlético (Primera B), promedio 3,8)',
      'Observación de partido del 28 nov 2026 registrada (Club Ferro – Club Atlético (Primera B), promedio 4,0)',
    ]);
  });

  it('refuses scores other than whole numbers 1 to 5, missing fields and bad or future days, in Spanish, writing nothing', async () => {
    const { courseId, userId } = await setting();
    const observed = await create(courseId, userId);
    const score = recordMessages.scoreRange(1, 5);
    const withScore = (value: unknown) => {
      const body = form() as unknown as { criteria: Record<string, { score: unknown }> };
      body.criteria['senalizacion'] = { score: value };
      return body;
    };
    const { criteria: _criteria, ...noCriteria } = form();
    const oneMissing = form() as unknown as { criteria: Record<string, unknown> };
    delete oneMissing.criteria['condicion-fisica'];
    const cases: Array<[unknown, string, string]> = [
      [withScore(0), 'criteria.senalizacion.score', score],
      [withScore(6), 'criteria.senalizacion.score', score],
      [withScore(2.5), 'criteria.senalizacion.score', score],
      [withScore('4'), 'criteria.senalizacion.score', score],
      [withScore(null), 'criteria.senalizacion.score', score],
      [noCriteria, 'criteria', expect.any(String)],
      [oneMissing, 'criteria.condicion-fisica', expect.any(String)],
      [form(undefined, { match: '  ' }), 'match', messages.requiredField],
      [form(undefined, { observer: '' }), 'observer', messages.requiredField],
      [form(undefined, { match: 'x'.repeat(161) }), 'match', 'El partido no puede tener más de 160 caracteres'],
      [form(undefined, { comment: 'x'.repeat(5001) }), 'comment', 'El comentario general no puede tener más de 5.000 caracteres'],
      [form(undefined, { observedOn: '2026-13-01' }), 'observedOn', recordMessages.invalidDay],
      [form(undefined, { observedOn: 'ayer' }), 'observedOn', recordMessages.invalidDay],
      [form(undefined, { observedOn: '0000-05-05' }), 'observedOn', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
      [form(undefined, { observedOn: '0099-05-05' }), 'observedOn', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
      [form(undefined, { observedOn: '2026-11-29' }), 'observedOn', recordMessages.futureDay],
    ];
    const longComment = form();
    longComment.criteria.ubicacion = { score: 3, comment: 'x'.repeat(1001) };
    cases.push([longComment, 'criteria.ubicacion.comment', 'El comentario no puede tener más de 1.000 caracteres']);
    for (const [body, field, message] of cases) {
      for (const [method, url] of [
        ['POST', listUrl(courseId, userId)],
        ['PUT', `/api/observations/${observed.id}`],
      ] as const) {
        const response = await call(t.app, { method, url, cookie: admin, body });
        expect(response.statusCode, `${method} ${field}`).toBe(400);
        expect(response.json().error.fields[field], `${method} ${field}`).toEqual(message);
      }
    }
    expect((await list(courseId, userId)).observations).toEqual([observed]);
    expect(await summaries(courseId, userId)).toHaveLength(1);
  });

  it('is edited as a whole and deleted, each change logged; the average follows', async () => {
    const { courseId, userId } = await setting();
    const observed = await create(courseId, userId);
    const edited = form([5, 5, 4, 5, 5], { match: 'Club Ferro – Club Atlético', comment: '' });
    const response = await call(t.app, { method: 'PUT', url: `/api/observations/${observed.id}`, cookie: admin, body: edited });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(recordMessages.observationSaved);
    expect(response.json().observation).toMatchObject({ id: observed.id, match: 'Club Ferro – Club Atlético', comment: '', average: 4.8 });
    expect(await list(courseId, userId)).toMatchObject({ count: 1, average: 4.8 });

    const removed = await call(t.app, { method: 'DELETE', url: `/api/observations/${observed.id}`, cookie: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(recordMessages.observationDeleted);
    expect(await list(courseId, userId)).toEqual({ count: 0, average: null, observations: [] });
    expect(await summaries(courseId, userId)).toEqual([
      'Observación de partido del 28 nov 2026 registrada (Club Ferro – Club Atlético (Primera B), promedio 3,8)',
      'Observación de partido del 28 nov 2026 modificada (Club Ferro – Club Atlético, promedio 4,8)',
      'Observación de partido del 28 nov 2026 borrada (Club Ferro – Club Atlético)',
    ]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const again = await call(t.app, {
        method,
        url: `/api/observations/${observed.id}`,
        cookie: admin,
        body: method === 'PUT' ? edited : undefined,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(recordMessages.observationNotFound);
    }
  });

  it('records a repeated request (same Idempotency-Key) once', async () => {
    const { courseId, userId } = await setting();
    const headers = { 'idempotency-key': 'observacion-0001' };
    const first = await create(courseId, userId, form(), headers);
    expect(await create(courseId, userId, form(), headers)).toEqual(first);
    expect((await list(courseId, userId)).count).toBe(1);
    expect(await summaries(courseId, userId)).toHaveLength(1);
  });
});

describe('the reads the trainee page and the class board use', () => {
  it("give one trainee's observations and many trainees' averages", async () => {
    const { courseId, userId } = await setting();
    const other = await createUser(t.ctx);
    const none = await createUser(t.ctx);
    for (const u of [other, none]) await enableCourse(t.ctx, u.id, courseId);
    await create(courseId, userId, form([3, 3, 4, 4, 4]));
    await create(courseId, userId, form([3, 3, 4, 4, 4]));
    await create(courseId, userId, form([3, 3, 4, 4, 4]));
    await create(courseId, userId, form([3, 3, 3, 3, 3]));
    await create(courseId, other.id, form([5, 5, 5, 5, 4]));
    const elsewhere = await setting();
    await create(elsewhere.courseId, elsewhere.userId, form([1, 1, 1, 1, 1]));

    const averages = await observationAverages(t.ctx.db, courseId, [userId, other.id, none.id, elsewhere.userId]);
    expect(Object.fromEntries(averages)).toEqual({
      // 69 over 20 scores: 3.45, shown 3.5.
      [userId]: { count: 4, average: 3.5 },
      [other.id]: { count: 1, average: 4.8 },
      [none.id]: { count: 0, average: null },
      [elsewhere.userId]: { count: 0, average: null },
    });
    // A whole class at once (more ids than one statement lists): the same answers.
    const many = [userId, none.id, ...Array.from({ length: 1_000 }, () => unknownId())];
    const all = await observationAverages(t.ctx.db, courseId, many);
    expect(all.size).toBe(many.length);
    expect([all.get(userId), all.get(none.id), all.get(many[2]!)]).toEqual([
      { count: 4, average: 3.5 },
      { count: 0, average: null },
      { count: 0, average: null },
    ]);
    expect(await observationsOf(t.ctx.db, courseId, userId)).toEqual(await list(courseId, userId));
  });
});

// 'Etiquetas' and 'Uso' of a jugada: saved and returned, the exam rule (an uploaded clip with a
// known end), clips only for exams kept out of every practice view and score, and the admin's
// 'Jugadas del curso' with its tag filter.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jugada, video } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildJugada, buildModule, enableModule, optionId, signedIn, unknownId } from './helpers/content.ts';
import { multipart, webmBytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/** An uploaded clip; `duration` is what the server read of its length (null: unknown). */
async function uploadClip(duration: number | null = null) {
  const { body, headers } = multipart([{ name: 'file', filename: 'jugada.webm', content: webmBytes(), contentType: 'video/webm' }]);
  const uploaded = await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: admin });
  const id = uploaded.json().id as string;
  await t.ctx.db.update(video).set({ durationSeconds: duration }).where(eq(video.id, id));
  return id;
}

/** A course with one module enabled for a student, and a jugada body as the admin's form sends it. */
async function setup() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const body = {
    video: { kind: 'file', videoId: await uploadClip(6) },
    start: null,
    end: null,
    prompt: '¿Qué cobrás?',
    correctDecisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
    correctSanctionId: await optionId(t.ctx, course.id, 'Exclusión de 2 minutos'),
    moment: null,
    tolerance: 1,
    explanation: 'Regla 8:5',
  };
  const create = (change: Record<string, unknown> = {}, moduleId = module.id) =>
    call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/jugadas`, cookie: admin, body: { ...body, ...change } });
  return { course, module, student, body, create };
}

describe('tags and use', () => {
  it('are saved and returned, tags trimmed and merged ignoring case and accents; without them, none and practice', async () => {
    const { module, body, create } = await setup();
    const plain = await create();
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().jugada).toMatchObject({ tags: [], use: 'practica' });

    const tagged = await create({ tags: ['  7 metros ', 'Técnica', '7 Metros', 'tecnica', 'pasivo'], use: 'ambos' });
    expect(tagged.statusCode, tagged.body).toBe(201);
    const created = tagged.json().jugada;
    expect(created).toMatchObject({ tags: ['7 metros', 'Técnica', 'pasivo'], use: 'ambos' });
    const [row] = await t.ctx.db.select().from(jugada).where(eq(jugada.id, created.id));
    expect(row).toMatchObject({ tags: ['7 metros', 'Técnica', 'pasivo'], use: 'ambos' });

    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${created.id}`,
      cookie: admin,
      body: { ...body, tags: ['Pasivo'], use: 'examen' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().jugada).toMatchObject({ tags: ['Pasivo'], use: 'examen' });
    const listed = (await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin })).json().jugadas;
    expect(listed.map((j: { tags: string[]; use: string }) => [j.tags, j.use])).toEqual([
      [[], 'practica'],
      [['Pasivo'], 'examen'],
    ]);
  });

  it('refuses bad tags and uses, and a clip for exams without an uploaded file or a known end, with a Spanish 400 naming the field', async () => {
    const { module, create } = await setup();
    const unknownLength = await uploadClip(null);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tags: ['ok', '  '] }, 'tags.1', messages.jugadaTagEmpty],
      [{ tags: ['x'.repeat(41)] }, 'tags.0', 'Una etiqueta no puede tener más de 40 caracteres'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `etiqueta ${i}`) }, 'tags', 'Una jugada puede tener como máximo 10 etiquetas'],
      [{ tags: 'pasivo' }, 'tags', ''],
      [{ use: 'torneo' }, 'use', messages.jugadaUseChoice],
      [{ use: 'examen', video: { kind: 'youtube', url: 'dQw4w9WgXcQ' } }, 'use', messages.jugadaExamNeedsFile],
      [{ use: 'ambos', video: { kind: 'youtube', url: 'dQw4w9WgXcQ' }, end: 8 }, 'use', messages.jugadaExamNeedsFile],
      [{ use: 'examen', video: { kind: 'file', videoId: unknownLength } }, 'use', messages.jugadaExamNeedsEnd],
      [{ use: 'ambos', video: { kind: 'file', videoId: unknownLength }, start: 2 }, 'use', messages.jugadaExamNeedsEnd],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(change)).toContain(field);
      if (message) expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await t.ctx.db.select().from(jugada).where(eq(jugada.moduleId, module.id))).toEqual([]);

    // Eleven tags that are ten once merged are fine; so is an exam clip with 'Hasta' though its length is unknown, and a YouTube one for practice.
    const merged = await create({ tags: [...Array.from({ length: 10 }, (_, i) => `etiqueta ${i}`), 'ETIQUETA 0'] });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json().jugada.tags).toHaveLength(10);
    const withEnd = await create({ use: 'examen', video: { kind: 'file', videoId: unknownLength }, start: 1, end: 5 });
    expect(withEnd.statusCode, withEnd.body).toBe(201);
    expect((await create({ use: 'practica', video: { kind: 'youtube', url: 'dQw4w9WgXcQ' } })).statusCode).toBe(201);

    // Editing into an exam clip is held to the same rule.
    const youtube = await buildJugada(t.ctx, module.id);
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${youtube.id}`,
      cookie: admin,
      body: { ...(await setup()).body, video: { kind: 'youtube', url: 'dQw4w9WgXcQ' }, use: 'examen' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields.use).toBe(messages.jugadaExamNeedsFile);
  });
});

describe('a clip only for exams', () => {
  /** A module with a practice jugada and an exam one, the student right on the practice one. */
  async function withExamClip() {
    const { course, module, student, create } = await setup();
    const practice = (await create({ use: 'ambos', prompt: 'Práctica y examen' })).json().jugada;
    const exam = (await create({ use: 'examen', prompt: 'Sólo examen' })).json().jugada;
    const answer = (jugadaId: string, cookie: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${jugadaId}/answer`,
        cookie,
        body: { decisionId: practice.correctDecisionId, sanctionId: practice.correctSanctionId, moment: null },
      });
    expect((await answer(practice.id, student.cookie)).json()).toMatchObject({ counted: true, score: { correct: 1, total: 1 } });
    return { course, module, student, practice, exam, answer };
  }

  it("is not in the student's jugadas nor in any score they or the admin see", async () => {
    const { course, module, student, practice, exam } = await withExamClip();
    const mine = await call(t.app, { url: `/api/modules/${module.id}/my-jugadas`, cookie: student.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().jugadas.jugadas.map((j: { id: string }) => j.id)).toEqual([practice.id]);
    expect(mine.body).not.toContain(exam.id);
    expect(mine.body).not.toContain('Sólo examen');
    expect(mine.json().jugadas.score).toEqual({ correct: 1, total: 1 });

    const list = (await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: student.cookie })).json();
    expect(list.modules.find((m: { id: string }) => m.id === module.id).jugadas).toEqual({ correct: 1, total: 1 });
    const page = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(page.module.jugadas).toEqual({ correct: 1, total: 1 });
    const perUser = (await call(t.app, { url: `/api/users/${student.id}/modules/${module.id}/jugadas`, cookie: admin })).json();
    expect(perUser.score).toEqual({ correct: 1, total: 1 });
    expect(perUser.jugadas.map((j: { jugadaId: string }) => j.jugadaId)).toEqual([practice.id]);
    const userModules = (await call(t.app, { url: `/api/users/${student.id}/courses/${course.id}/modules`, cookie: admin })).json();
    expect(userModules.modules.find((m: { id: string }) => m.id === module.id).jugadas).toEqual({ correct: 1, total: 1 });

    // A module with only exam clips shows no jugadas score at all.
    const examOnly = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, examOnly.id);
    const created = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${examOnly.id}/jugadas`,
      cookie: admin,
      body: {
        ...(await setup()).body,
        video: { kind: 'file', videoId: await uploadClip(4) },
        correctDecisionId: practice.correctDecisionId,
        correctSanctionId: practice.correctSanctionId,
        use: 'examen',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: student.cookie })).json();
    expect(after.modules.find((m: { id: string }) => m.id === examOnly.id).jugadas).toBeNull();
    expect((await call(t.app, { url: `/api/modules/${examOnly.id}/my-jugadas`, cookie: student.cookie })).json().jugadas).toMatchObject({
      jugadas: [],
      score: { correct: 0, total: 0 },
    });
  });

  it('answers 404 to a student on its answer and video routes, as for a jugada that does not exist; the admin gets its clip', async () => {
    const { student, exam, practice, answer } = await withExamClip();
    for (const response of [
      await answer(exam.id, student.cookie),
      await call(t.app, { url: `/api/jugadas/${exam.id}/video`, cookie: student.cookie }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(messages.jugadaNotFound);
    }
    const served = await call(t.app, { url: `/api/jugadas/${exam.id}/video`, cookie: admin });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    // 'Ambos' is practice too.
    expect((await call(t.app, { url: `/api/jugadas/${practice.id}/video`, cookie: student.cookie })).statusCode).toBe(200);

    // Back to practice, it is the student's again.
    const { body } = await setup();
    const toPractice = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${exam.id}`,
      cookie: admin,
      body: { ...body, correctDecisionId: exam.correctDecisionId, correctSanctionId: exam.correctSanctionId, use: 'practica' },
    });
    expect(toPractice.statusCode, toPractice.body).toBe(200);
    expect((await answer(exam.id, student.cookie)).json()).toMatchObject({ counted: true, score: { correct: 2, total: 2 } });
  });
});

describe("'Jugadas del curso'", () => {
  it('lists every clip of the course in order with its module, tags, use and first attempts, and the course tags; ?tag= filters', async () => {
    const { course, module, student, create } = await setup();
    const second = await buildModule(t.ctx, course.id, { name: 'Segundo módulo' });
    await enableModule(t.ctx, student.id, second.id);
    const a = (await create({ tags: ['7 metros', 'Pasivo'], prompt: 'Primera' })).json().jugada;
    const b = (await create({ tags: ['pasivo'], use: 'examen', prompt: 'Segunda' })).json().jugada;
    const c = (await create({ tags: ['Técnica'], prompt: 'Tercera' }, second.id)).json().jugada;
    await call(t.app, { method: 'PUT', url: `/api/jugadas/${c.id}/archived`, cookie: admin, body: { archived: true } });
    // Another course's clips and tags stay out.
    const other = await setup();
    await other.create({ tags: ['Ajeno'] });

    const wrong = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, wrong.id, module.id);
    const send = (cookie: string, decision: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${a.id}/answer`,
        cookie,
        body: { decisionId: decision, sanctionId: a.correctSanctionId, moment: null },
      });
    await send(student.cookie, a.correctDecisionId);
    await send(wrong.cookie, await optionId(t.ctx, course.id, 'Gol'));
    // Practice after the first attempt does not count.
    await send(wrong.cookie, a.correctDecisionId);

    const response = await call(t.app, { url: `/api/courses/${course.id}/jugadas`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json();
    expect(listed.jugadas).toEqual([
      {
        id: a.id,
        moduleId: module.id,
        moduleName: module.name,
        moduleNumber: 1,
        moduleArchived: false,
        number: 1,
        prompt: 'Primera',
        tags: ['7 metros', 'Pasivo'],
        use: 'practica',
        archived: false,
        answered: 2,
        correct: 1,
        percentCorrect: 50,
      },
      expect.objectContaining({ id: b.id, number: 2, use: 'examen', answered: 0, correct: 0, percentCorrect: null }),
      expect.objectContaining({ id: c.id, moduleName: 'Segundo módulo', moduleNumber: 2, number: 1, archived: true }),
    ]);
    expect(listed.tags).toEqual([
      { tag: '7 metros', count: 1 },
      { tag: 'Pasivo', count: 2 },
      { tag: 'Técnica', count: 1 },
    ]);

    const filtered = async (tag: string) =>
      (await call(t.app, { url: `/api/courses/${course.id}/jugadas?tag=${encodeURIComponent(tag)}`, cookie: admin })).json();
    expect((await filtered('PASIVO')).jugadas.map((j: { id: string }) => j.id)).toEqual([a.id, b.id]);
    expect((await filtered('tecnica')).jugadas.map((j: { id: string }) => j.id)).toEqual([c.id]);
    expect((await filtered('Ajeno')).jugadas).toEqual([]);
    // The course's tags are all there whatever the filter.
    expect((await filtered('tecnica')).tags).toEqual(listed.tags);
    expect((await filtered('')).jugadas).toHaveLength(3);
  });

  it('answers without a session 401, for a student 403, for an unknown course 404 and with a malformed id or tag 400', async () => {
    const { course, student } = await setup();
    const cases: Array<[Awaited<ReturnType<typeof call>>, number, string]> = [
      [await call(t.app, { url: `/api/courses/${course.id}/jugadas` }), 401, messages.unauthorized],
      [await call(t.app, { url: `/api/courses/${course.id}/jugadas`, cookie: student.cookie }), 403, messages.forbidden],
      [await call(t.app, { url: `/api/courses/${unknownId()}/jugadas`, cookie: admin }), 404, messages.courseNotFound],
      [await call(t.app, { url: '/api/courses/no%20v%C3%A1lido/jugadas', cookie: admin }), 400, messages.invalidId],
    ];
    for (const [response, status, message] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const longTag = await call(t.app, { url: `/api/courses/${course.id}/jugadas?tag=${'x'.repeat(41)}`, cookie: admin });
    expect(longTag.statusCode).toBe(400);
  });
});

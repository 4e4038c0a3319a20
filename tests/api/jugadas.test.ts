import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jugada, jugadaAnswer, jugadaOption, video } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { DEFAULT_DECISIONS, DEFAULT_SANCTIONS } from '../../src/shared/schemas/jugadas.ts';
import { buildCourse, buildJugada, buildModule, enableModule, optionId, signedIn } from './helpers/content.ts';
import { mp4Bytes, multipart, pngBytes, storedFiles, webmBytes } from './helpers/files.ts';
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

/** A course with one module, a student with the module enabled, and the course's option ids by label. */
async function setup() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const id = (label: string) => optionId(t.ctx, course.id, label);
  return { course, module, student, id };
}

const uploadVideo = (content: Buffer, filename = 'jugada.webm', cookie = admin) => {
  const { body, headers } = multipart([{ name: 'file', filename, content, contentType: 'video/webm' }]);
  return call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie });
};

const storedObjects = async () => (await storedFiles(t.ctx)).objects;

describe('option lists', () => {
  it('start as the IHF lists and can be renamed, reordered, extended and shortened', async () => {
    const { course } = await setup();
    const first = await call(t.app, { url: `/api/courses/${course.id}/jugada-options`, cookie: admin });
    expect(first.statusCode).toBe(200);
    const { options } = first.json() as {
      options: { decisions: { id: string; label: string }[]; sanctions: { id: string; label: string }[] };
    };
    expect(options.decisions.map((o) => o.label)).toEqual(DEFAULT_DECISIONS);
    expect(options.sanctions.map((o) => o.label)).toEqual(DEFAULT_SANCTIONS);

    const [gol, ...rest] = options.decisions;
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/api/courses/${course.id}/jugada-options`,
      cookie: admin,
      body: {
        decisions: [...rest.slice(0, 2), { id: gol!.id, label: 'Sigue el juego' }, { label: 'Cambio antirreglamentario' }],
        sanctions: options.sanctions,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().options.decisions.map((o: { label: string }) => o.label)).toEqual([
      'Tiro libre',
      'Tiro de 7 metros',
      'Sigue el juego',
      'Cambio antirreglamentario',
    ]);
    expect(saved.json().options.decisions[2].id).toBe(gol!.id);
    // Another course keeps its own lists.
    const other = await buildCourse(t.ctx);
    const untouched = await call(t.app, { url: `/api/courses/${other.id}/jugada-options`, cookie: admin });
    expect(untouched.json().options.decisions).toHaveLength(DEFAULT_DECISIONS.length);
  });

  it('refuses empty lists, repeated labels, foreign ids and removing an option a jugada uses, changing nothing', async () => {
    const { course, module } = await setup();
    await buildJugada(t.ctx, module.id);
    const { options } = (await call(t.app, { url: `/api/courses/${course.id}/jugada-options`, cookie: admin })).json() as {
      options: { decisions: { id: string; label: string }[]; sanctions: { id: string; label: string }[] };
    };
    const other = await buildCourse(t.ctx);
    const foreign = await optionId(t.ctx, other.id, 'Gol');
    const put = (body: unknown) => call(t.app, { method: 'PUT', url: `/api/courses/${course.id}/jugada-options`, cookie: admin, body });
    const cases: Array<[unknown, number, string]> = [
      [{ decisions: [], sanctions: options.sanctions }, 400, messages.jugadaOptionListEmpty],
      [{ decisions: [...options.decisions, { label: 'gol' }], sanctions: options.sanctions }, 400, messages.jugadaOptionDuplicate],
      [
        { decisions: [...options.decisions, { id: foreign, label: 'Otro' }], sanctions: options.sanctions },
        400,
        messages.jugadaOptionUnknown,
      ],
      [
        { decisions: options.decisions, sanctions: [...options.sanctions, { id: options.decisions[0]!.id, label: 'X' }] },
        400,
        messages.jugadaOptionUnknown,
      ],
      [
        { decisions: options.decisions.filter((o) => o.label !== 'Tiro de 7 metros'), sanctions: options.sanctions },
        409,
        messages.jugadaOptionInUse,
      ],
      [{ decisions: options.decisions, sanctions: [...options.sanctions, { label: '   ' }] }, 400, messages.jugadaOptionEmpty],
    ];
    for (const [body, status, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const after = await t.ctx.db.select().from(jugadaOption).where(eq(jugadaOption.courseId, course.id));
    expect(after).toHaveLength(DEFAULT_DECISIONS.length + DEFAULT_SANCTIONS.length);
  });
});

describe('video uploads', () => {
  it('keeps WebM and MP4 clips, checked by content, and refuses anything else', async () => {
    const webm = await uploadVideo(webmBytes());
    expect(webm.statusCode, webm.body).toBe(201);
    expect(webm.json()).toMatchObject({ mimeType: 'video/webm' });
    const mp4 = await uploadVideo(mp4Bytes(), 'jugada.mp4');
    expect(mp4.json()).toMatchObject({ mimeType: 'video/mp4' });

    const before = (await storedObjects()).length;
    const png = await uploadVideo(pngBytes(), 'disfrazado.webm');
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe(messages.videoType);
    expect(await storedObjects()).toHaveLength(before);
  });
});

describe('jugadas (admin)', () => {
  it('creates, edits, reorders and deletes jugadas; an uploaded clip is served to students of the module only', async () => {
    const { module, student, id } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const clip = webmBytes();
    const videoId = (await uploadVideo(clip)).json().id as string;
    const body = {
      video: { kind: 'file', videoId },
      start: 0.5,
      end: 3.5,
      prompt: '¿Qué cobrás?',
      correctDecisionId: await id('Tiro libre'),
      correctSanctionId: await id('Ninguna'),
      moment: 2,
      tolerance: 1,
      explanation: 'Regla 8:1',
    };
    const created = await call(t.app, { method: 'POST', url: `/api/modules/${module.id}/jugadas`, cookie: admin, body });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json().jugada;
    expect(first).toMatchObject({
      position: 0,
      start: 0.5,
      end: 3.5,
      moment: 2,
      video: { kind: 'file', videoId, mimeType: 'video/webm', url: `/api/jugadas/${first.id}/video` },
    });

    const served = await call(t.app, { url: first.video.url, cookie: student.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(clip)).toBe(true);
    expect((await call(t.app, { url: first.video.url, cookie: outsider.cookie })).statusCode).toBe(404);

    const second = (
      await call(t.app, {
        method: 'POST',
        url: `/api/modules/${module.id}/jugadas`,
        cookie: admin,
        body: { ...body, video: { kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, moment: null },
      })
    ).json().jugada;
    expect(second).toMatchObject({ position: 1, video: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' }, moment: null });

    const order = await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/jugadas/order`,
      cookie: admin,
      body: { jugadaIds: [second.id, first.id] },
    });
    expect(order.statusCode).toBe(204);
    const listed = await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin });
    expect(listed.json().jugadas.map((j: { id: string }) => j.id)).toEqual([second.id, first.id]);
    const badOrder = await call(t.app, {
      method: 'PUT',
      url: `/api/modules/${module.id}/jugadas/order`,
      cookie: admin,
      body: { jugadaIds: [first.id] },
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().error.message).toBe(messages.jugadaOrderInvalid);

    // Replacing the clip by a YouTube address frees the uploaded file.
    const filesBefore = await storedObjects();
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${first.id}`,
      cookie: admin,
      body: { ...body, video: { kind: 'youtube', url: 'dQw4w9WgXcQ' }, explanation: 'Regla 8:2' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().jugada).toMatchObject({ explanation: 'Regla 8:2', video: { kind: 'youtube' } });
    expect(await storedObjects()).toHaveLength(filesBefore.length - 1);
    expect(await t.ctx.db.select().from(video).where(eq(video.id, videoId))).toEqual([]);

    const removed = await call(t.app, { method: 'DELETE', url: `/api/jugadas/${second.id}`, cookie: admin });
    expect(removed.statusCode).toBe(204);
    expect((await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin })).json().jugadas).toHaveLength(1);
  });

  it('answers bad input with a Spanish 400 and writes nothing', async () => {
    const { module, id } = await setup();
    const other = await buildCourse(t.ctx);
    const valid = {
      video: { kind: 'youtube', url: 'dQw4w9WgXcQ' },
      start: null,
      end: null,
      prompt: '¿Qué cobrás?',
      correctDecisionId: await id('Gol'),
      correctSanctionId: await id('Ninguna'),
      moment: null,
      tolerance: 1,
      explanation: '',
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ start: 5, end: 3 }, messages.jugadaEndBeforeStart],
      [{ start: 1, end: 3, moment: 4 }, messages.jugadaMomentOutside],
      [{ video: { kind: 'youtube', url: 'https://vimeo.com/1' } }, messages.jugadaYoutubeInvalid],
      [{ video: { kind: 'file', videoId: 'no-existe' } }, messages.videoNotFound],
      [{ correctDecisionId: await optionId(t.ctx, other.id, 'Gol') }, messages.jugadaDecisionUnknown],
      [{ correctSanctionId: await id('Gol') }, messages.jugadaSanctionUnknown],
      [{ tolerance: 0 }, messages.jugadaTolerance],
      [{ start: -1 }, 'Desde no puede ser negativo'],
      [{ prompt: '  ' }, messages.requiredField],
    ];
    for (const [change, message] of cases) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/modules/${module.id}/jugadas`,
        cookie: admin,
        body: { ...valid, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body).toContain(message.replaceAll('"', '\\"'));
    }
    expect(await t.ctx.db.select().from(jugada).where(eq(jugada.moduleId, module.id))).toEqual([]);
  });
});

describe('the student', () => {
  it('never receives the correct call before answering, and gets it, graded, at once after', async () => {
    const { module, student, id } = await setup();
    const first = await buildJugada(t.ctx, module.id, { explanation: 'EXPLICACION-SECRETA-1', moment: 4.25 });
    await buildJugada(t.ctx, module.id, { explanation: 'EXPLICACION-SECRETA-2', decision: 'Pasos', sanction: 'Ninguna', moment: null });

    const before = await call(t.app, { url: `/api/modules/${module.id}/my-jugadas`, cookie: student.cookie });
    expect(before.statusCode).toBe(200);
    const view = before.json().jugadas;
    expect(view.jugadas).toHaveLength(2);
    expect(view.jugadas[0]).toEqual({
      id: first.id,
      position: 0,
      video: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' },
      start: 1,
      end: 9,
      prompt: '¿Qué cobrás?',
      hasMoment: true,
      firstAnswer: null,
    });
    expect(view.jugadas[1].hasMoment).toBe(false);
    expect(view.score).toEqual({ correct: 0, total: 2 });
    // Nothing in the response gives the answer away: the jugadas carry no call, explanation or
    // moment (the option ids appear only in the course's lists, which hold every option).
    expect(before.body).not.toContain('EXPLICACION-SECRETA');
    expect(before.body).not.toContain('4.25');
    const jugadasJson = JSON.stringify(view.jugadas);
    for (const secret of [first.correctDecisionId, first.correctSanctionId]) expect(jugadasJson).not.toContain(secret);
    expect(jugadasJson).not.toMatch(/correct|explanation|"moment"|tolerance/i);
    expect(Object.keys(view).sort()).toEqual(['courseId', 'jugadas', 'moduleId', 'moduleName', 'options', 'score']);

    const answer = await call(t.app, {
      method: 'POST',
      url: `/api/jugadas/${first.id}/answer`,
      cookie: student.cookie,
      body: { decisionId: await id('Tiro de 7 metros'), sanctionId: await id('Ninguna'), moment: 4.1 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      counted: true,
      score: { correct: 0, total: 2 },
      result: {
        decisionId: await id('Tiro de 7 metros'),
        sanctionId: await id('Ninguna'),
        moment: 4.1,
        decisionCorrect: true,
        sanctionCorrect: false,
        momentCorrect: true,
        correct: false,
        correctDecision: { id: await id('Tiro de 7 metros'), label: 'Tiro de 7 metros' },
        correctSanction: { id: await id('Exclusión de 2 minutos'), label: 'Exclusión de 2 minutos' },
        correctMoment: 4.25,
        tolerance: 1,
        explanation: 'EXPLICACION-SECRETA-1',
      },
    });

    // Only the answered jugada now carries its call.
    const after = await call(t.app, { url: `/api/modules/${module.id}/my-jugadas`, cookie: student.cookie });
    expect(after.json().jugadas.jugadas[0].firstAnswer).toMatchObject({ correct: false, explanation: 'EXPLICACION-SECRETA-1' });
    expect(after.json().jugadas.jugadas[1].firstAnswer).toBeNull();
    expect(after.body).not.toContain('EXPLICACION-SECRETA-2');
  });

  it('counts only the first attempt: practising again is graded but changes nothing', async () => {
    const { module, student, id } = await setup();
    const only = await buildJugada(t.ctx, module.id, { moment: null });
    const answer = async (decision: string, sanction: string) =>
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/jugadas/${only.id}/answer`,
          cookie: student.cookie,
          body: { decisionId: await id(decision), sanctionId: await id(sanction), moment: null },
        })
      ).json();
    const wrong = await answer('Gol', 'Ninguna');
    expect(wrong).toMatchObject({
      counted: true,
      score: { correct: 0, total: 1 },
      result: { correct: false, decisionCorrect: false, sanctionCorrect: false, momentCorrect: null },
    });
    const right = await answer('Tiro de 7 metros', 'Exclusión de 2 minutos');
    expect(right).toMatchObject({ counted: false, score: { correct: 0, total: 1 }, result: { correct: true } });
    const rows = await t.ctx.db.select().from(jugadaAnswer).where(eq(jugadaAnswer.jugadaId, only.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ correct: false, decisionId: await id('Gol') });
  });

  it('refuses options of another list or course and malformed answers, writing nothing', async () => {
    const { module, student, id } = await setup();
    const only = await buildJugada(t.ctx, module.id);
    const other = await buildCourse(t.ctx);
    const send = (body: unknown) => call(t.app, { method: 'POST', url: `/api/jugadas/${only.id}/answer`, cookie: student.cookie, body });
    const cases: Array<[unknown, string]> = [
      [{ decisionId: await id('Ninguna'), sanctionId: await id('Ninguna'), moment: null }, messages.jugadaDecisionUnknown],
      [
        { decisionId: await id('Gol'), sanctionId: await optionId(t.ctx, other.id, 'Ninguna'), moment: null },
        messages.jugadaSanctionUnknown,
      ],
      [{ decisionId: '', sanctionId: await id('Ninguna'), moment: null }, messages.jugadaChooseDecision],
      [{ decisionId: await id('Gol'), sanctionId: await id('Ninguna'), moment: -2 }, 'El momento no puede ser negativo'],
      [{ decisionId: await id('Gol'), sanctionId: await id('Ninguna'), moment: 'tres' }, 'El momento: ingresá un número de segundos'],
      // The jugada has a moment: an answer without it is not an attempt, so the next one still counts.
      [
        { decisionId: await id('Tiro de 7 metros'), sanctionId: await id('Exclusión de 2 minutos'), moment: null },
        messages.jugadaMarkMoment,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await t.ctx.db.select().from(jugadaAnswer).where(eq(jugadaAnswer.jugadaId, only.id))).toEqual([]);
  });
});

describe('results', () => {
  it('gives the admin the share of right first attempts, what the class chose and each answer', async () => {
    const { module, student, id } = await setup();
    const second = await signedIn(t.app, t.ctx, 'student', { name: 'Zoe Árbitra' });
    await enableModule(t.ctx, second.id, module.id);
    const first = await buildJugada(t.ctx, module.id, { moment: null });
    const other = await buildJugada(t.ctx, module.id, { moment: null });
    const answer = async (cookie: string, jugadaId: string, decision: string, sanction: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${jugadaId}/answer`,
        cookie,
        body: { decisionId: await id(decision), sanctionId: await id(sanction), moment: null },
      });
    await answer(student.cookie, first.id, 'Tiro de 7 metros', 'Exclusión de 2 minutos');
    await answer(second.cookie, first.id, 'Tiro libre', 'Exclusión de 2 minutos');
    // Practice after a wrong first answer does not count.
    await answer(second.cookie, first.id, 'Tiro de 7 metros', 'Exclusión de 2 minutos');

    const response = await call(t.app, { url: `/api/modules/${module.id}/jugadas/results`, cookie: admin });
    expect(response.statusCode).toBe(200);
    const [r1, r2] = response.json().jugadas;
    expect(r1).toMatchObject({ jugadaId: first.id, answered: 2, correct: 1, percentCorrect: 50 });
    expect(r1.decisions.filter((d: { count: number }) => d.count > 0)).toEqual([
      { id: await id('Tiro libre'), label: 'Tiro libre', count: 1 },
      { id: await id('Tiro de 7 metros'), label: 'Tiro de 7 metros', count: 1 },
    ]);
    expect(r1.sanctions.find((s: { label: string }) => s.label === 'Exclusión de 2 minutos').count).toBe(2);
    expect(r1.answers.map((a: { name: string; decision: string; correct: boolean }) => [a.name, a.decision, a.correct])).toEqual([
      [student.name, 'Tiro de 7 metros', true],
      ['Zoe Árbitra', 'Tiro libre', false],
    ]);
    expect(r2).toMatchObject({ jugadaId: other.id, answered: 0, percentCorrect: null, answers: [] });

    const perUser = await call(t.app, { url: `/api/users/${second.id}/modules/${module.id}/jugadas`, cookie: admin });
    expect(perUser.statusCode).toBe(200);
    expect(perUser.json()).toMatchObject({
      score: { correct: 0, total: 2 },
      jugadas: [
        {
          jugadaId: first.id,
          correctDecision: 'Tiro de 7 metros',
          correctSanction: 'Exclusión de 2 minutos',
          correctMoment: null,
          // The first answer, not the practice that followed it; each part graded.
          answer: {
            decision: 'Tiro libre',
            sanction: 'Exclusión de 2 minutos',
            decisionCorrect: false,
            sanctionCorrect: true,
            momentCorrect: null,
            correct: false,
          },
        },
        { jugadaId: other.id, answer: null },
      ],
    });
  });
});

describe('the score on the module list and the module page', () => {
  it('shows the jugadas right on the first attempt, of how many, only for modules open to the student', async () => {
    const { course, module, student, id } = await setup();
    const closed = await buildModule(t.ctx, course.id);
    await buildJugada(t.ctx, closed.id);
    const noJugadas = await buildModule(t.ctx, course.id);
    await enableModule(t.ctx, student.id, noJugadas.id);
    const [first, second] = [await buildJugada(t.ctx, module.id, { moment: null }), await buildJugada(t.ctx, module.id, { moment: null })];
    const send = async (jugadaId: string, decision: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${jugadaId}/answer`,
        cookie: student.cookie,
        body: { decisionId: await id(decision), sanctionId: await id('Exclusión de 2 minutos'), moment: null },
      });
    await send(first.id, 'Tiro de 7 metros');
    await send(second.id, 'Gol');
    await send(second.id, 'Tiro de 7 metros');

    const list = (await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: student.cookie })).json().modules as Array<{
      id: string;
      jugadas: unknown;
    }>;
    expect(list.find((m) => m.id === module.id)?.jugadas).toEqual({ correct: 1, total: 2 });
    expect(list.find((m) => m.id === closed.id)?.jugadas).toBeNull();
    expect(list.find((m) => m.id === noJugadas.id)?.jugadas).toBeNull();
    const page = await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie });
    expect(page.json().module.jugadas).toEqual({ correct: 1, total: 2 });
    // The pages' single requests carry the same score.
    const listPage = (await call(t.app, { url: `/api/pages/courses/${course.id}/modules`, cookie: student.cookie })).json();
    expect(listPage.modules).toEqual(list);
    const modulePage = (await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie })).json();
    expect(modulePage.module.jugadas).toEqual({ correct: 1, total: 2 });
    expect(modulePage.modules).toEqual(list);
  });
});

describe('deleting and archiving a jugada', () => {
  /** A module with three jugadas; the student got the first right and the third wrong. */
  async function answered() {
    const { course, module, student, id } = await setup();
    const [first, second, third] = [
      await buildJugada(t.ctx, module.id, { moment: null }),
      await buildJugada(t.ctx, module.id, { moment: null }),
      await buildJugada(t.ctx, module.id, { moment: null }),
    ];
    const send = async (jugadaId: string, decision: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/jugadas/${jugadaId}/answer`,
        cookie: student.cookie,
        body: { decisionId: await id(decision), sanctionId: await id('Exclusión de 2 minutos'), moment: null },
      });
    expect((await send(first.id, 'Tiro de 7 metros')).json()).toMatchObject({ counted: true, result: { correct: true } });
    expect((await send(third.id, 'Gol')).json()).toMatchObject({ counted: true, result: { correct: false } });
    return { course, module, student, first, second, third, send };
  }

  /** The student's score as every place they see it says it: all must agree. */
  async function scoresSeen(courseId: string, moduleId: string, cookie: string) {
    const mine = (await call(t.app, { url: `/api/modules/${moduleId}/my-jugadas`, cookie })).json().jugadas;
    const list = (await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie })).json().modules as Array<{
      id: string;
      jugadas: unknown;
    }>;
    const page = (await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie })).json().module;
    const modulePage = (await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie })).json();
    const listPage = (await call(t.app, { url: `/api/pages/courses/${courseId}/modules`, cookie })).json();
    const scores = [
      mine.score,
      list.find((m) => m.id === moduleId)?.jugadas,
      page.jugadas,
      modulePage.module.jugadas,
      modulePage.modules.find((m: { id: string }) => m.id === moduleId)?.jugadas,
      listPage.modules.find((m: { id: string }) => m.id === moduleId)?.jugadas,
    ];
    for (const score of scores) expect(score).toEqual(scores[0]);
    return { score: scores[0], jugadaIds: (mine.jugadas as Array<{ id: string }>).map((j) => j.id), mine };
  }

  it('refuses to delete a jugada students answered, with a Spanish 409 that deletes nothing; one without answers is deleted', async () => {
    const { course, module, student, first, second } = await answered();
    expect((await scoresSeen(course.id, module.id, student.cookie)).score).toEqual({ correct: 1, total: 3 });
    const listed = (await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin })).json().jugadas as Array<{
      id: string;
      answerCount: number;
      archivedAt: string | null;
    }>;
    expect(listed.map((j) => [j.answerCount, j.archivedAt])).toEqual([
      [1, null],
      [0, null],
      [1, null],
    ]);

    const refused = await call(t.app, { method: 'DELETE', url: `/api/jugadas/${first.id}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.jugadaHasAnswers);
    expect(await t.ctx.db.select().from(jugada).where(eq(jugada.id, first.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(jugadaAnswer).where(eq(jugadaAnswer.jugadaId, first.id))).toHaveLength(1);
    expect((await scoresSeen(course.id, module.id, student.cookie)).score).toEqual({ correct: 1, total: 3 });

    const removed = await call(t.app, { method: 'DELETE', url: `/api/jugadas/${second.id}`, cookie: admin });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(jugada).where(eq(jugada.id, second.id))).toEqual([]);
    expect((await scoresSeen(course.id, module.id, student.cookie)).score).toEqual({ correct: 1, total: 2 });
  });

  it("archives a jugada: it leaves the student's jugadas and every score they see, their answer is kept and comes back on restore", async () => {
    const { course, module, student, first, second, third, send } = await answered();
    const archived = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${first.id}/archived`,
      cookie: admin,
      body: { archived: true },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const archivedAt = archived.json().jugada.archivedAt as string;
    expect(archived.json().jugada).toMatchObject({ id: first.id, answerCount: 1 });
    expect(new Date(archivedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Archived (the one they got right): 0 of the 2 they still see.
    const seen = await scoresSeen(course.id, module.id, student.cookie);
    expect(seen.score).toEqual({ correct: 0, total: 2 });
    expect(seen.jugadaIds).toEqual([second.id, third.id]);
    expect(JSON.stringify(seen.mine)).not.toContain(first.id);
    // Answering it, or fetching its clip, is answered as for a jugada that does not exist.
    for (const response of [
      await send(first.id, 'Gol'),
      await call(t.app, { url: `/api/jugadas/${first.id}/video`, cookie: student.cookie }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(messages.jugadaNotFound);
    }
    // The admin per student counts the same; the class results keep it, marked.
    const perUser = (await call(t.app, { url: `/api/users/${student.id}/modules/${module.id}/jugadas`, cookie: admin })).json();
    expect(perUser.score).toEqual({ correct: 0, total: 2 });
    expect(perUser.jugadas.map((j: { jugadaId: string }) => j.jugadaId)).toEqual([second.id, third.id]);
    const results = (await call(t.app, { url: `/api/modules/${module.id}/jugadas/results`, cookie: admin })).json().jugadas;
    expect(results.map((r: { jugadaId: string; archived: boolean; answered: number }) => [r.jugadaId, r.archived, r.answered])).toEqual([
      [first.id, true, 1],
      [second.id, false, 0],
      [third.id, false, 1],
    ]);
    expect(await t.ctx.db.select().from(jugadaAnswer).where(eq(jugadaAnswer.jugadaId, first.id))).toHaveLength(1);

    // Archiving again changes nothing; the admin still lists it, to restore it.
    const again = await call(t.app, { method: 'PUT', url: `/api/jugadas/${first.id}/archived`, cookie: admin, body: { archived: true } });
    expect(again.json().jugada.archivedAt).toBe(archivedAt);
    const listed = (await call(t.app, { url: `/api/modules/${module.id}/jugadas`, cookie: admin })).json().jugadas as Array<{
      id: string;
      archivedAt: string | null;
    }>;
    expect(listed.map((j) => j.archivedAt !== null)).toEqual([true, false, false]);

    const restored = await call(t.app, {
      method: 'PUT',
      url: `/api/jugadas/${first.id}/archived`,
      cookie: admin,
      body: { archived: false },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().jugada.archivedAt).toBeNull();
    const back = await scoresSeen(course.id, module.id, student.cookie);
    expect(back.score).toEqual({ correct: 1, total: 3 });
    expect(back.mine.jugadas[0]).toMatchObject({ id: first.id, firstAnswer: { correct: true } });
  });

  it('answers archiving without a session 401, for a student 403, for an unknown jugada 404 and with a bad body 400, changing nothing', async () => {
    const { module, student, first } = await answered();
    const put = (url: string, body: unknown, cookie?: string) => call(t.app, { method: 'PUT', url, body, ...(cookie ? { cookie } : {}) });
    const url = `/api/jugadas/${first.id}/archived`;
    const cases: Array<[Awaited<ReturnType<typeof put>>, number, string]> = [
      [await put(url, { archived: true }), 401, messages.unauthorized],
      [await put(url, { archived: true }, student.cookie), 403, messages.forbidden],
      [await put('/api/jugadas/no-existe/archived', { archived: true }, admin), 404, messages.jugadaNotFound],
      [await put(url, { archived: 'sí' }, admin), 400, messages.archiveChoice],
      [await put(url, {}, admin), 400, messages.archiveChoice],
    ];
    for (const [response, status, message] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(jugada).where(eq(jugada.id, first.id));
    expect(row?.archivedAt).toBeNull();
    expect(
      (await call(t.app, { url: `/api/modules/${module.id}/my-jugadas`, cookie: student.cookie })).json().jugadas.jugadas,
    ).toHaveLength(3);
  });
});

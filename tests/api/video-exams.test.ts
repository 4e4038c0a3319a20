// The video exam on the server: clips drawn from the course's jugadas for 'Examen', each played
// only as often as allowed, answered only in its window (a clock the test controls), its file sent
// only to its trainee inside a viewing, and its correct call never in a response before grading
// and release.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { examAttemptClip, jugada as jugadaTable } from '../../src/server/db/schema.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { createJugada } from '../../src/server/jugadas/service.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { ANSWER_GRACE_SECONDS, VIEW_LOADING_SECONDS } from '../../src/shared/exam-rules.ts';
import { examMessages } from '../../src/shared/messages.ts';
import type { Attempt, ClipResponse, Exam, ExamResults } from '../../src/shared/schemas/exams.ts';
import { buildCourse, buildModule, enableModule, optionId, signedIn, unknownId } from './helpers/content.ts';
import { buildExam } from './helpers/exams.ts';
import { mp4Bytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let now = new Date('2026-11-28T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  t.ctx.clock.now = () => now;
});
afterEach(() => {
  now = new Date('2026-11-28T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

/** Clips of 8 seconds (from 2 to 10 in their file). */
const CLIP_SECONDS = 8;
/** A viewing of one: the clip and the time for its file to arrive. */
const VIEW_SECONDS = CLIP_SECONDS + VIEW_LOADING_SECONDS;

/** A jugada on an uploaded file, for `use`, with `tags`; its call given by the course's option labels. */
async function buildClip(courseId: string, moduleId: string, use: 'practica' | 'examen' | 'ambos', tags: string[], prompt: string) {
  const videoId = await insertVideo(t.ctx.db, {
    key: await storeBuffer(t.ctx.storage, mp4Bytes(), 'mp4', 'video/mp4'),
    mime: 'video/mp4',
    size: mp4Bytes().length,
    durationSeconds: 30,
  });
  const created = await createJugada(t.ctx.db, moduleId, {
    video: { kind: 'file', videoId },
    start: 2,
    end: 2 + CLIP_SECONDS,
    prompt,
    correctDecisionId: await optionId(t.ctx, courseId, 'Tiro de 7 metros'),
    correctSanctionId: await optionId(t.ctx, courseId, 'Exclusión de 2 minutos'),
    moment: null,
    tolerance: 1,
    explanation: `Explicación de ${prompt}`,
  });
  await t.ctx.db.update(jugadaTable).set({ use, tags }).where(eq(jugadaTable.id, created.id));
  return created;
}

/** A course whose exam module has three clips for exams (two tagged 'Sanción progresiva') and one for practice only. */
async function setup(exam: Parameters<typeof buildExam>[3] = {}) {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const clips = [
    await buildClip(course.id, module.id, 'examen', ['Sanción progresiva'], 'Jugada A'),
    await buildClip(course.id, module.id, 'ambos', ['Sanción progresiva', '7 metros'], 'Jugada B'),
    await buildClip(course.id, module.id, 'examen', ['Juego pasivo'], 'Jugada C'),
    await buildClip(course.id, module.id, 'practica', ['Juego pasivo'], 'Jugada de práctica'),
  ];
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const created = await buildExam(t.ctx, course.id, module.id, {
    kind: 'video',
    title: 'Examen de video',
    questionCount: 2,
    timeMinutes: undefined,
    passPercent: 50,
    ...exam,
  });
  const right = {
    decisionId: await optionId(t.ctx, course.id, 'Tiro de 7 metros'),
    sanctionId: await optionId(t.ctx, course.id, 'Exclusión de 2 minutos'),
    moment: null,
  };
  const wrong = { ...right, decisionId: await optionId(t.ctx, course.id, 'Tiro libre') };
  return { course, module, clips, student, exam: created, right, wrong };
}

const start = (examId: string, cookie: string) => call(t.app, { method: 'POST', url: `/api/exams/${examId}/attempts`, cookie });
const view = (attemptId: string, position: number, cookie: string) =>
  call(t.app, { method: 'POST', url: `/api/attempts/${attemptId}/clips/${position}/views`, cookie });
const answer = (attemptId: string, position: number, body: object, cookie: string) =>
  call(t.app, { method: 'PUT', url: `/api/attempts/${attemptId}/clips/${position}/answer`, body, cookie });
const file = (attemptId: string, position: number, cookie: string | undefined, viewing = 1, range?: string) =>
  call(t.app, {
    method: 'GET',
    url: `/api/attempts/${attemptId}/clips/${position}/video?viewing=${viewing}`,
    cookie,
    headers: range ? { range } : undefined,
  });

async function started(examId: string, cookie: string) {
  const response = await start(examId, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ attempt: Attempt }>().attempt;
}

describe('a video exam is written', () => {
  it('draws only clips for exams, and says in Spanish when the course has too few', async () => {
    const { course, module } = await setup();
    const create = (body: object) => call(t.app, { method: 'POST', url: `/api/courses/${course.id}/exams`, body, cookie: admin });
    const base = {
      kind: 'video',
      title: 'Video',
      moduleId: module.id,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      passPercent: 60,
      attempts: 1,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
    };
    // Three clips for exams: the practice one does not count.
    const tooMany = await create({ ...base, questionCount: 4 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.questionCount).toBe(examMessages.poolTooSmall(3));
    const byTag = await create({ ...base, questionCount: 3, perChapter: [{ chapter: 'sancion progresiva', count: 3 }] });
    expect(byTag.json().error.fields.perChapter).toBe(examMessages.tagTooSmall('sancion progresiva', 2));
    const created = await create({ ...base, questionCount: 3, viewsPerClip: 2, answerSeconds: 15 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ exam: Exam }>().exam).toMatchObject({ kind: 'video', timeMinutes: 0, viewsPerClip: 2, answerSeconds: 15 });
    // A rules exam still needs its time.
    const noTime = await create({ ...base, kind: 'reglamento', questionCount: 1 });
    expect(noTime.json().error.fields.timeMinutes).toBe(examMessages.timeMissing);
    const badViews = await create({ ...base, questionCount: 1, viewsPerClip: 0 });
    expect(badViews.statusCode).toBe(400);
  });
});

describe('a trainee sits it', () => {
  it('plays each clip once, takes the call in its window, moves on when it closes, and grades it', async () => {
    const mine = await setup();
    const first = await started(mine.exam.id, mine.student.cookie);
    expect(first.kind).toBe('video');
    expect(first.clips).toHaveLength(2);
    expect(first.clips[0]).toMatchObject({ position: 0, views: 0, stage: 'sin-ver', startSeconds: 2, endSeconds: 10, answer: null });
    expect(first.currentPosition).toBe(0);
    expect(first.jugadaOptions?.decisions.length).toBeGreaterThan(0);
    // The order stays on a reload (and a second tap resumes, 200).
    const again = await start(mine.exam.id, mine.student.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ attempt: Attempt }>().attempt.clips.map((c) => c.prompt)).toEqual(first.clips.map((c) => c.prompt));

    // Not before watching; not the next clip before this one is done.
    expect((await answer(first.id, 0, mine.right, mine.student.cookie)).json().error.message).toBe(examMessages.watchFirst);
    expect((await view(first.id, 1, mine.student.cookie)).json().error.message).toBe(examMessages.clipNotCurrent);

    const viewed = await view(first.id, 0, mine.student.cookie);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json<ClipResponse>().clip).toMatchObject({
      views: 1,
      stage: 'viendo',
      viewEndsInMs: VIEW_SECONDS * 1000,
      windowEndsInMs: (VIEW_SECONDS + 10) * 1000,
    });
    // One viewing: not a second, during or after it; the file is sent while it plays, not after.
    expect((await view(first.id, 0, mine.student.cookie)).json().error.message).toBe(examMessages.noViewsLeft);
    later(VIEW_SECONDS - 1);
    expect((await file(first.id, 0, mine.student.cookie)).statusCode).toBe(200);
    later(2);
    expect((await file(first.id, 0, mine.student.cookie)).statusCode).toBe(404);
    expect((await view(first.id, 0, mine.student.cookie)).json().error.message).toBe(examMessages.noViewsLeft);
    // Nor the next clip's while the trainee answers this one.
    expect((await file(first.id, 1, mine.student.cookie)).statusCode).toBe(404);

    // A made-up option is refused; the answer is saved once (a double tap answers the same).
    expect((await answer(first.id, 0, { ...mine.right, decisionId: unknownId() }, mine.student.cookie)).statusCode).toBe(400);
    const saved = await answer(first.id, 0, mine.right, mine.student.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ClipResponse>()).toMatchObject({ clip: { stage: 'respondida' }, currentPosition: 1 });
    expect((await answer(first.id, 0, mine.right, mine.student.cookie)).statusCode).toBe(200);
    expect((await answer(first.id, 0, mine.wrong, mine.student.cookie)).json().error.message).toBe(examMessages.clipAnswered);
    expect((await view(first.id, 0, mine.student.cookie)).json().error.message).toBe(examMessages.clipPassed);

    // The second clip: watched, then its window (and the grace) runs out.
    expect((await view(first.id, 1, mine.student.cookie)).statusCode).toBe(200);
    later(VIEW_SECONDS + 10 + ANSWER_GRACE_SECONDS + 1);
    const late = await answer(first.id, 1, mine.wrong, mine.student.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(examMessages.answerWindowClosed);
    const read = (await call(t.app, { url: `/api/attempts/${first.id}`, cookie: mine.student.cookie })).json<{ attempt: Attempt }>()
      .attempt;
    expect(read.clips[1]!.stage).toBe('vencida');
    expect(read.currentPosition).toBeNull();

    const handed = await call(t.app, { method: 'POST', url: `/api/attempts/${first.id}/submit`, cookie: mine.student.cookie });
    const graded = handed.json<{ attempt: Attempt }>().attempt;
    expect(graded.result).toMatchObject({ right: 1, total: 2, scorePercent: 50, passed: true, released: true });
    expect(graded.clipReview![0]).toMatchObject({ right: true, correctDecision: { label: 'Tiro de 7 metros' } });
    expect(graded.clipReview![1]).toMatchObject({ right: false, stage: 'vencida', answer: null });
    expect(graded.result!.chapters.length).toBeGreaterThan(0);
    // Its files are not sent once it is handed in.
    expect((await file(first.id, 1, mine.student.cookie)).statusCode).toBe(404);
  });

  it('answers within the grace after the window, and hands the attempt in with the last answer', async () => {
    const { exam, student, right } = await setup();
    const attempt = await started(exam.id, student.cookie);
    await view(attempt.id, 0, student.cookie);
    later(VIEW_SECONDS + 10 + ANSWER_GRACE_SECONDS);
    expect((await answer(attempt.id, 0, right, student.cookie)).statusCode).toBe(200);
    await view(attempt.id, 1, student.cookie);
    later(1);
    const last = await answer(attempt.id, 1, right, student.cookie);
    expect(last.json<ClipResponse>().currentPosition).toBeNull();
    const read = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json<{ attempt: Attempt }>().attempt;
    expect(read.open).toBe(false);
    expect(read.result).toMatchObject({ right: 2, scorePercent: 100, passed: true });
  });

  it('gives a second viewing only when the exam allows it, and counts the window from its end', async () => {
    const { exam, student } = await setup({ viewsPerClip: 2 });
    const attempt = await started(exam.id, student.cookie);
    await view(attempt.id, 0, student.cookie);
    later(3);
    expect((await view(attempt.id, 0, student.cookie)).json().error.message).toBe(examMessages.clipPlaying);
    later(VIEW_SECONDS + 5);
    const second = await view(attempt.id, 0, student.cookie);
    expect(second.json<ClipResponse>().clip).toMatchObject({ views: 2, windowEndsInMs: (VIEW_SECONDS + 10) * 1000 });
    later(VIEW_SECONDS + 1);
    expect((await file(attempt.id, 0, student.cookie)).statusCode).toBe(404);
  });

  it('never sends the correct call before grading, nor before release', async () => {
    const closesAt = new Date(now.getTime() + 3_600_000).toISOString();
    const { exam, student, right, clips } = await setup({ resultsRelease: 'al-cerrar', closesAt });
    const attempt = await started(exam.id, student.cookie);
    const secrets = [right.decisionId, right.sanctionId, ...clips.map((clip) => `Explicación de ${clip.prompt}`), 'correctDecision'];
    const bodies: string[] = [JSON.stringify(attempt)];
    bodies.push((await view(attempt.id, 0, student.cookie)).body);
    bodies.push((await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).body);
    bodies.push(
      (await answer(attempt.id, 0, right, student.cookie)).body.replaceAll(right.decisionId, '').replaceAll(right.sanctionId, ''),
    );
    bodies.push((await call(t.app, { method: 'POST', url: `/api/attempts/${attempt.id}/submit`, cookie: student.cookie })).body);
    bodies.push((await call(t.app, { url: `/api/exams/${exam.id}/me`, cookie: student.cookie })).body);
    // The trainee's own answer may come back (it is theirs); the call itself and the explanations may not.
    const shown = bodies.map((body, i) =>
      i === 0 || i === 3 ? body : body.replaceAll(right.decisionId, '').replaceAll(right.sanctionId, ''),
    );
    for (const body of shown) for (const secret of secrets.slice(2)) expect(body).not.toContain(secret);
    const closed = JSON.parse(bodies[4]!) as { attempt: Attempt };
    expect(closed.attempt.result?.released).toBe(false);
    expect(closed.attempt.clipReview).toBeNull();
    // The exam closes: now the call and the explanation are there.
    later(3_601);
    const released = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json<{ attempt: Attempt }>()
      .attempt;
    expect(released.clipReview?.[0]?.explanation).toMatch(/^Explicación de Jugada/);
  });

  it('closes an attempt left halfway once its time for every clip and for loading has passed', async () => {
    const { exam, student, right } = await setup();
    const attempt = await started(exam.id, student.cookie);
    await view(attempt.id, 0, student.cookie);
    await answer(attempt.id, 0, right, student.cookie);
    later(60 * 60);
    const read = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json<{ attempt: Attempt }>().attempt;
    expect(read).toMatchObject({ open: false, result: { right: 1, total: 2, closedBy: 'tiempo' } });
  });
});

describe('only its trainee reaches an attempt clip', () => {
  it('answers 401 without a session, 403 to an admin, 404 to another trainee and for unknown ones, 400 when malformed', async () => {
    const { exam, student, right } = await setup();
    const attempt = await started(exam.id, student.cookie);
    const other = await signedIn(t.app, t.ctx);
    const routes = [
      (cookie?: string, id = attempt.id, position: string | number = 0) =>
        call(t.app, { method: 'POST', url: `/api/attempts/${id}/clips/${position}/views`, cookie }),
      (cookie?: string, id = attempt.id, position: string | number = 0) =>
        call(t.app, { method: 'PUT', url: `/api/attempts/${id}/clips/${position}/answer`, body: right, cookie }),
      (cookie?: string, id = attempt.id, position: string | number = 0) =>
        call(t.app, { method: 'GET', url: `/api/attempts/${id}/clips/${position}/video?viewing=1`, cookie }),
    ];
    for (const route of routes) {
      expect((await route()).statusCode).toBe(401);
      expect((await route(admin)).statusCode).toBe(403);
      expect((await route(other.cookie)).statusCode).toBe(404);
      expect((await route(student.cookie, unknownId())).statusCode).toBe(404);
      expect((await route(student.cookie, attempt.id, 7)).statusCode).toBe(404);
      expect((await route(student.cookie, 'no válido')).statusCode).toBe(400);
      expect((await route(student.cookie, attempt.id, 'x')).statusCode).toBe(400);
    }
    const malformed = await call(t.app, {
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/clips/0/answer`,
      body: { decisionId: 5 },
      cookie: student.cookie,
    });
    expect(malformed.statusCode).toBe(400);
    // A file asked for without its viewing, or with one that cannot be.
    for (const query of ['', '?viewing=0', '?viewing=-1', '?viewing=1.5', '?viewing=x', '?viewing=99999']) {
      const response = await call(t.app, { url: `/api/attempts/${attempt.id}/clips/0/video${query}`, cookie: student.cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe(examMessages.clipViewingInvalid);
    }
    // Nothing of the above changed the clip.
    const [row] = await t.ctx.db.select().from(examAttemptClip).where(eq(examAttemptClip.attemptId, attempt.id)).limit(1);
    expect(row).toMatchObject({ views: 0, answeredAt: null });
  });

  it('does not send a clip two positions ahead, nor a rules exam answer to a video attempt', async () => {
    const { exam, student } = await setup({ questionCount: 3 });
    const attempt = await started(exam.id, student.cookie);
    expect((await file(attempt.id, 2, student.cookie)).statusCode).toBe(404);
    const asQuestion = await call(t.app, {
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/0`,
      body: { answer: [0], seq: 1 },
      cookie: student.cookie,
    });
    expect(asQuestion.statusCode).toBe(404);
  });
});

describe("a clip's file is sent only inside its viewing", () => {
  it('not before Ver, during it (whole or in ranges) for that clip and viewing only, not after, not out of turn', async () => {
    const { exam, student, right } = await setup({ viewsPerClip: 2 });
    const attempt = await started(exam.id, student.cookie);
    const refused = async (position: number, viewing = 1) =>
      expect((await file(attempt.id, position, student.cookie, viewing)).statusCode).toBe(404);

    // Before 'Ver': neither this clip's file nor the next's, as often as asked.
    for (let i = 0; i < 3; i++) {
      await refused(0);
      await refused(1);
      await refused(0, 2);
    }

    // During the first viewing: this clip, this viewing, whole or by ranges as a player asks.
    await view(attempt.id, 0, student.cookie);
    const whole = await file(attempt.id, 0, student.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.length).toBe(mp4Bytes().length);
    later(VIEW_SECONDS / 2);
    const part = await file(attempt.id, 0, student.cookie, 1, 'bytes=0-99');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // Not a viewing that has not started, nor the next clip out of turn.
    await refused(0, 2);
    await refused(1);

    // Its end: nothing more, also in the answer window between the viewings.
    later(VIEW_SECONDS / 2);
    await refused(0);
    expect((await file(attempt.id, 0, student.cookie, 1, 'bytes=100-199')).statusCode).toBe(404);
    later(3);
    await refused(0);
    await refused(0, 2);
    await refused(1);

    // The second viewing: its own number, not the first's.
    await view(attempt.id, 0, student.cookie);
    expect((await file(attempt.id, 0, student.cookie, 2)).statusCode).toBe(200);
    await refused(0, 1);
    await refused(1);

    // Answered: this clip's file is over; the next one's waits for its own 'Ver'.
    expect((await answer(attempt.id, 0, right, student.cookie)).statusCode).toBe(200);
    await refused(0, 2);
    await refused(1);
    await view(attempt.id, 1, student.cookie);
    expect((await file(attempt.id, 1, student.cookie)).statusCode).toBe(200);
    await refused(0, 2);
    // Handed in: nothing.
    expect((await answer(attempt.id, 1, right, student.cookie)).statusCode).toBe(200);
    await refused(1);

    // None of the refused requests counted a viewing or changed the clips.
    const rows = await t.ctx.db
      .select()
      .from(examAttemptClip)
      .where(eq(examAttemptClip.attemptId, attempt.id))
      .orderBy(examAttemptClip.position);
    expect(rows.map((row) => row.views)).toEqual([2, 1]);
  });
});

describe('what an attempt drew stays', () => {
  it('a jugada drawn in an attempt can be archived, not deleted; an option an attempt holds cannot be removed', async () => {
    const { exam, student, course, clips, wrong } = await setup({ questionCount: 3 });
    const attempt = await started(exam.id, student.cookie);
    const drawn = clips.slice(0, 3);
    for (const clip of drawn) {
      const deleted = await call(t.app, { method: 'DELETE', url: `/api/jugadas/${clip.id}`, cookie: admin });
      expect(deleted.statusCode).toBe(409);
    }
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/jugadas/${drawn[0]!.id}/archived`, body: { archived: true }, cookie: admin }))
        .statusCode,
    ).toBe(200);
    // 'Tiro libre' is no jugada's call: only the trainee's answer in the attempt holds it.
    await view(attempt.id, 0, student.cookie);
    expect((await answer(attempt.id, 0, wrong, student.cookie)).statusCode).toBe(200);
    const options = (await call(t.app, { url: `/api/courses/${course.id}/jugada-options`, cookie: admin })).json<{
      options: { decisions: Array<{ id: string; label: string }>; sanctions: Array<{ id: string; label: string }> };
    }>().options;
    const withoutIt = { decisions: options.decisions.filter((o) => o.label !== 'Tiro libre'), sanctions: options.sanctions };
    const removed = await call(t.app, { method: 'PUT', url: `/api/courses/${course.id}/jugada-options`, body: withoutIt, cookie: admin });
    expect(removed.statusCode).toBe(409);
    // Another unused option goes.
    const withoutPasos = { decisions: options.decisions.filter((o) => o.label !== 'Dobles'), sanctions: options.sanctions };
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/courses/${course.id}/jugada-options`, body: withoutPasos, cookie: admin })).statusCode,
    ).toBe(200);
  });
});

describe("the instructor's results", () => {
  it('per clip the share right and what the class chose, per tag, per trainee, and as CSV', async () => {
    const { exam, student, right, wrong, module } = await setup({ questionCount: 3 });
    const second = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, second.id, module.id);
    for (const [trainee, call_] of [
      [student, right],
      [second, wrong],
    ] as const) {
      const attempt = await started(exam.id, trainee.cookie);
      for (const clip of attempt.clips) {
        await view(attempt.id, clip.position, trainee.cookie);
        const answered = await answer(attempt.id, clip.position, call_, trainee.cookie);
        expect(answered.statusCode, answered.body).toBe(200);
      }
    }
    const results = (await call(t.app, { url: `/api/exams/${exam.id}/results`, cookie: admin })).json<ExamResults>();
    expect(results.clips).toHaveLength(3);
    for (const clip of results.clips) {
      expect(clip).toMatchObject({ answered: 2, right: 1, percentRight: 50, unanswered: 0 });
      expect(clip.decisions.find((d) => d.label === 'Tiro de 7 metros')?.count).toBe(1);
      expect(clip.decisions.find((d) => d.label === 'Tiro libre')?.count).toBe(1);
    }
    expect(results.tags.find((tag) => tag.tag === 'Sanción progresiva')).toMatchObject({ right: 2, total: 4, percentRight: 50 });
    expect(results.rows.map((row) => row.scorePercent).sort()).toEqual([0, 100]);
    expect(results.questions).toEqual([]);
    const csv = await call(t.app, { url: `/api/exams/${exam.id}/results.csv`, cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('100');
  });

  it('a clip whose prompt was edited between two attempts is named as the newest attempt drew it', async () => {
    const { exam, student, right, module, clips } = await setup({ questionCount: 3 });
    const answerAll = async (trainee: { cookie: string }) => {
      const attempt = await started(exam.id, trainee.cookie);
      for (const clip of attempt.clips) {
        await view(attempt.id, clip.position, trainee.cookie);
        await answer(attempt.id, clip.position, right, trainee.cookie);
      }
    };
    await answerAll(student);
    await t.ctx.db.update(jugadaTable).set({ prompt: 'Jugada A: ¿qué cobrás?' }).where(eq(jugadaTable.id, clips[0]!.id));
    later(600);
    const second = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, second.id, module.id);
    await answerAll(second);
    for (let read = 0; read < 3; read++) {
      const results = (await call(t.app, { url: `/api/exams/${exam.id}/results`, cookie: admin })).json<ExamResults>();
      expect(results.clips.find((clip) => clip.jugadaId === clips[0]!.id)).toMatchObject({ prompt: 'Jugada A: ¿qué cobrás?', answered: 2 });
    }
  });
});

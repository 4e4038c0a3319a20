// The rules exam on the server: its conditions, the trainee's attempt (drawn and shuffled once,
// resumed after a reload, answered as it goes, closed at its deadline by a clock the test
// controls), results, and what never reaches the browser before it may.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankQuestion, examAttempt, examAttemptQuestion, recordChange } from '../../src/server/db/schema.ts';
import { cleanUp } from '../../src/server/maintenance/cleanup.ts';
import { FIRST_YEAR, LAST_YEAR } from '../../src/shared/calendar.ts';
import { examMessages, messages } from '../../src/shared/messages.ts';
import { ANSWER_SEQ_MAX, EXAM_ATTEMPTS_MAX } from '../../src/shared/schemas/exams.ts';
import type { Attempt, Exam, ExamResults, StudentExam } from '../../src/shared/schemas/exams.ts';
import type { ProgressBoard } from '../../src/shared/schemas/progress.ts';
import { buildCourse, buildModule, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
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

/** A course with a module, a bank of four questions (the last one multi-answer), a trainee with the module, and an exam on it. */
async function setup(exam: Parameters<typeof buildExam>[3] = {}) {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const bank = await buildBank(t.ctx, course.id, [
    { text: '¿Cuántos jugadores en cancha por equipo?', options: ['Siete', 'Seis', 'Ocho'], correct: [0], chapter: 'Regla 4' },
    { text: '¿Cuánto dura un partido de adultos?', options: ['60 minutos', '50 minutos', '70 minutos'], correct: [0], chapter: 'Regla 2' },
    { text: '¿Qué indica el brazo en alto?', options: ['Juego pasivo', 'Tiempo muerto', 'Gol'], correct: [0], chapter: 'Regla 7' },
    {
      text: '¿Qué se sanciona con exclusión?',
      options: ['Protesta antideportiva reiterada', 'Un saque mal hecho', 'Cambio antirreglamentario', 'Un pase largo'],
      correct: [0, 2],
      chapter: 'Regla 16',
    },
  ]);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const created = await buildExam(t.ctx, course.id, module.id, exam);
  return { course, module, bank, student, exam: created };
}

const start = (examId: string, cookie: string) => call(t.app, { method: 'POST', url: `/api/exams/${examId}/attempts`, cookie });
const answer = (attemptId: string, position: number, body: { answer: number[]; seq: number }, cookie: string) =>
  call(t.app, { method: 'PUT', url: `/api/attempts/${attemptId}/answers/${position}`, body, cookie });
const submit = (attemptId: string, cookie: string) => call(t.app, { method: 'POST', url: `/api/attempts/${attemptId}/submit`, cookie });

/** The shown places of a question's right options, read from the database (the browser never gets them before the end). */
async function rightOptions(attemptId: string, position: number) {
  const [row] = await t.ctx.db
    .select()
    .from(examAttemptQuestion)
    .where(eq(examAttemptQuestion.attemptId, attemptId))
    .then((rows) => rows.filter((q) => q.position === position));
  return row!.optionOrder.flatMap((bankIndex, shown) => (row!.correct.includes(bankIndex) ? [shown] : []));
}

/** Answers every question of the attempt, right for the positions in `right`, wrong for the others. */
async function answerAll(attempt: Attempt, right: (position: number) => boolean, cookie: string) {
  for (const question of attempt.questions) {
    const correct = await rightOptions(attempt.id, question.position);
    const wrong = [question.options.findIndex((_, i) => !correct.includes(i))];
    const response = await answer(attempt.id, question.position, { answer: right(question.position) ? correct : wrong, seq: 1 }, cookie);
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('creating and editing an exam', () => {
  it('checks the bank can give what the exam asks for, naming the field', async () => {
    const { course, module } = await setup();
    const body = (overrides: object) => ({
      title: 'Parcial',
      moduleId: module.id,
      questionCount: 4,
      perChapter: [],
      fixedQuestionIds: [],
      criticalQuestionIds: [],
      timeMinutes: 20,
      passPercent: 75,
      attempts: 1,
      waitHours: 0,
      resultsRelease: 'al-entregar',
      opensAt: null,
      closesAt: null,
      ...overrides,
    });
    const post = (overrides: object) =>
      call(t.app, { method: 'POST', url: `/api/courses/${course.id}/exams`, body: body(overrides), cookie: admin });

    const tooMany = await post({ questionCount: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      message: examMessages.bankTooSmall(4),
      fields: { questionCount: examMessages.bankTooSmall(4) },
    });
    const chapter = await post({ perChapter: [{ chapter: 'Regla 4', count: 2 }] });
    expect(chapter.json().error.message).toBe(examMessages.chapterTooSmall('Regla 4', 1));
    expect((await post({ fixedQuestionIds: [unknownId()] })).json().error.message).toBe(examMessages.fixedUnknown);
    expect((await post({ criticalQuestionIds: [unknownId()] })).json().error.message).toBe(examMessages.criticalNotFixed);
    expect((await post({ resultsRelease: 'al-cerrar' })).json().error.message).toBe(examMessages.releaseNeedsClose);
    expect((await post({ passPercent: 101 })).json().error.message).toBe(examMessages.between('La nota para aprobar', 1, 100));
    expect((await post({ moduleId: (await buildModule(t.ctx, (await buildCourse(t.ctx)).id)).id })).json().error.message).toBe(
      examMessages.moduleMissing,
    );

    // Times in years no exam is held: refused with the field named, never a 500.
    for (const when of ['0000-01-01T00:00:00Z', '0099-05-05T10:00:00-03:00', '9999-12-31T23:59:00Z']) {
      for (const field of ['opensAt', 'closesAt'] as const) {
        const outOfRange = await post({ [field]: when, ...(field === 'closesAt' ? { resultsRelease: 'al-entregar' } : {}) });
        expect(outOfRange.statusCode, `${field} ${when}`).toBe(400);
        expect(outOfRange.json().error.fields[field], `${field} ${when}`).toBe(messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR));
      }
    }

    const created = await post({});
    expect(created.statusCode).toBe(201);
    expect(created.json().exam).toMatchObject({ title: 'Parcial', moduleId: module.id, attemptsStarted: 0, attemptsOpen: 0 });
    const list = await call(t.app, { url: `/api/courses/${course.id}/exams`, cookie: admin });
    expect(list.json().exams.map((exam: Exam) => exam.title)).toEqual(['Examen de reglamento', 'Parcial']);
  });

  it('can be edited until the first attempt starts; then only its schedule', async () => {
    const { exam, student } = await setup();
    const { id, courseId: _c, moduleName: _n, attemptsStarted: _s, attemptsOpen: _o, ...input } = exam;
    const edit = (body: object) => call(t.app, { method: 'PUT', url: `/api/exams/${id}`, body, cookie: admin });
    expect((await edit({ ...input, title: 'Parcial 1' })).json().exam.title).toBe('Parcial 1');
    await start(id, student.cookie);
    const refused = await edit({ ...input, title: 'Parcial 2' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(examMessages.examStarted);
    const schedule = await call(t.app, {
      method: 'PUT',
      url: `/api/exams/${id}/schedule`,
      body: { resultsRelease: 'al-cerrar', opensAt: null, closesAt: '2026-12-01T12:00:00.000Z' },
      cookie: admin,
    });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json().exam).toMatchObject({ title: 'Parcial 1', resultsRelease: 'al-cerrar', closesAt: '2026-12-01T12:00:00.000Z' });
    // The new dates are in the course's record of changes; the same dates again add nothing.
    const logged = async () =>
      (
        await t.ctx.db
          .select()
          .from(recordChange)
          .where(and(eq(recordChange.courseId, exam.courseId), eq(recordChange.kind, 'examenes')))
          .orderBy(recordChange.at)
      ).map((row) => row.summary);
    expect(await logged()).toEqual(['Examen «Parcial 1»: abierto sin fecha de inicio, cierra el 1 de diciembre de 2026 a las 09:00']);
    await call(t.app, {
      method: 'PUT',
      url: `/api/exams/${id}/schedule`,
      body: { resultsRelease: 'al-entregar', opensAt: null, closesAt: '2026-12-01T12:00:00.000Z' },
      cookie: admin,
    });
    expect(await logged()).toHaveLength(1);
  });

  it('cannot be deleted while a trainee is sitting it; can once the attempt closed', async () => {
    const { exam, student } = await setup();
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    const refused = await call(t.app, { method: 'DELETE', url: `/api/exams/${exam.id}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(examMessages.examHasOpenAttempt);
    // Its time runs out: it is closed, and the exam can go.
    later(21 * 60);
    expect((await call(t.app, { method: 'DELETE', url: `/api/exams/${exam.id}`, cookie: admin })).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(examAttempt).where(eq(examAttempt.id, attempt.id))).toEqual([]);
    // The results it took away stay in the course's record of changes, and in the trainee's.
    const changes = await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, exam.courseId)).orderBy(recordChange.at);
    expect(changes.map(({ userId, kind, actorName, summary }) => ({ userId, kind, actorName, summary }))).toEqual([
      {
        userId: null,
        kind: 'examenes',
        actorName: 'Administrador',
        summary: `Examen «${exam.title}» borrado, con los resultados de 1 alumno`,
      },
      {
        userId: student.id,
        kind: 'examenes',
        actorName: 'Administrador',
        summary: `Examen «${exam.title}» borrado: se borró su resultado (1 intento, mejor nota 0 %, no aprobado)`,
      },
    ]);
  });
});

describe("a trainee's attempt", () => {
  it('three right (one multi-answer) and one wrong: Aprobado with 75 %; the second attempt is refused when there is one', async () => {
    const { exam, student } = await setup({ attempts: 1 });
    const started = await start(exam.id, student.cookie);
    expect(started.statusCode).toBe(201);
    const attempt = started.json().attempt as Attempt;
    expect(attempt).toMatchObject({ open: true, number: 1, attempts: 1, remainingSeconds: 20 * 60, result: null, review: null });
    expect(attempt.questions).toHaveLength(4);
    const multi = attempt.questions.find((question) => question.text.startsWith('¿Qué se sanciona'))!;
    await answerAll(attempt, (position) => position !== (multi.position + 1) % 4, student.cookie);

    const handed = await submit(attempt.id, student.cookie);
    expect(handed.statusCode).toBe(200);
    const graded = handed.json().attempt as Attempt;
    expect(graded.result).toMatchObject({ right: 3, total: 4, scorePercent: 75, passed: true, closedBy: 'alumno', released: true });
    expect(graded.review!.filter((question) => question.right)).toHaveLength(3);
    expect(graded.review!.find((question) => question.position === multi.position)).toMatchObject({
      right: true,
      correct: expect.any(Array),
    });

    const again = await start(exam.id, student.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(examMessages.noAttemptsLeft);
    const mine = (await call(t.app, { url: `/api/exams/${exam.id}/me`, cookie: student.cookie })).json() as StudentExam;
    expect(mine).toMatchObject({ status: 'sin-intentos', attemptsUsed: 1, openAttemptId: null });
    expect(mine.results[0]).toMatchObject({ scorePercent: 75, passed: true });
  });

  it('a reload, a second tab or a double tap resumes the same questions, order and remaining time', async () => {
    const { exam, student } = await setup();
    const [first, second] = await Promise.all([start(exam.id, student.cookie), start(exam.id, student.cookie)]);
    const one = first.json().attempt as Attempt;
    const other = second.json().attempt as Attempt;
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(other.id).toBe(one.id);
    expect(await t.ctx.db.select().from(examAttempt).where(eq(examAttempt.examId, exam.id))).toHaveLength(1);

    await answer(one.id, 2, { answer: [1], seq: 1 }, student.cookie);
    later(5 * 60 + 30);
    const resumed = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    expect(resumed.questions.map((q) => [q.text, q.options])).toEqual(one.questions.map((q) => [q.text, q.options]));
    expect(resumed.questions[2]!.answer).toEqual([1]);
    expect(resumed.remainingSeconds).toBe(20 * 60 - 330);
    expect(resumed.deadline).toBe(one.deadline);
  });

  it('an older answer arriving after a newer one does not overwrite it; options the question lacks are refused', async () => {
    const { exam, student } = await setup();
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    expect((await answer(attempt.id, 0, { answer: [2], seq: 2 }, student.cookie)).json()).toMatchObject({ answerSeq: 2 });
    const late = await answer(attempt.id, 0, { answer: [1], seq: 1 }, student.cookie);
    expect(late.statusCode).toBe(200);
    expect(late.json().answerSeq).toBe(2);
    const read = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json().attempt as Attempt;
    expect(read.questions[0]!.answer).toEqual([2]);

    const four = attempt.questions.find((q) => q.options.length === 3)!;
    const unknownOption = await answer(attempt.id, four.position, { answer: [3], seq: 5 }, student.cookie);
    expect(unknownOption.statusCode).toBe(400);
    expect(unknownOption.json().error.message).toBe(examMessages.answerUnknownOption);
    expect((await answer(attempt.id, 99, { answer: [0], seq: 1 }, student.cookie)).statusCode).toBe(404);
    expect((await answer(attempt.id, 0, { answer: [0], seq: 0 }, student.cookie)).statusCode).toBe(400);
    // Past the stored column's 32-bit integer (once a 500): refused, and what was stored stands.
    const huge = await answer(attempt.id, 0, { answer: [1], seq: 2 ** 31 }, student.cookie);
    expect(huge.statusCode).toBe(400);
    expect((await answer(attempt.id, 0, { answer: [1], seq: 2 ** 53 - 1 }, student.cookie)).statusCode).toBe(400);
    expect((await answer(attempt.id, 0, { answer: [0], seq: ANSWER_SEQ_MAX }, student.cookie)).json()).toMatchObject({
      answerSeq: ANSWER_SEQ_MAX,
    });
    expect((await answer(attempt.id, 0, { answer: 'a', seq: 1 } as never, student.cookie)).statusCode).toBe(400);
  });

  it('the deadline is the server’s: an answer after it (plus the grace) is refused and the attempt is graded with what it had', async () => {
    const { exam, student } = await setup({ timeMinutes: 10 });
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    const first = attempt.questions[0]!;
    await answer(attempt.id, first.position, { answer: await rightOptions(attempt.id, first.position), seq: 1 }, student.cookie);
    later(10 * 60 + 5);
    // Within the grace: the phone's last tap still counts.
    expect((await answer(attempt.id, 1, { answer: await rightOptions(attempt.id, 1), seq: 1 }, student.cookie)).statusCode).toBe(200);
    later(10);
    const refused = await answer(attempt.id, 2, { answer: [0], seq: 1 }, student.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(examMessages.attemptClosed);
    const read = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json().attempt as Attempt;
    expect(read).toMatchObject({ open: false, remainingSeconds: 0 });
    expect(read.result).toMatchObject({ right: 2, total: 4, scorePercent: 50, passed: false, closedBy: 'tiempo' });
    const [row] = await t.ctx.db.select().from(examAttempt).where(eq(examAttempt.id, attempt.id));
    expect(row!.submittedAt!.toISOString()).toBe(attempt.deadline);
  });

  it('an answer arriving while the attempt is being closed waits for the close, and is then refused and not stored', async () => {
    const { exam, student } = await setup();
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    let saved: Awaited<ReturnType<typeof answer>> | undefined;
    let pending: Promise<unknown> | undefined;
    // A close as the server makes it: the attempt locked, its answers read and graded, then marked.
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(examAttempt).where(eq(examAttempt.id, attempt.id)).for('update');
      pending = answer(attempt.id, 0, { answer: [0], seq: 1 }, student.cookie).then((response) => (saved = response));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The answer has not been acknowledged while the close is under way.
      expect(saved).toBeUndefined();
      await tx
        .update(examAttempt)
        .set({ submittedAt: now, closedBy: 'alumno', right: 0, scorePercent: 0, passed: false })
        .where(eq(examAttempt.id, attempt.id));
    });
    await pending;
    expect(saved!.statusCode, saved!.body).toBe(409);
    expect(saved!.json().error.message).toBe(examMessages.attemptClosed);
    const [question] = await t.ctx.db
      .select()
      .from(examAttemptQuestion)
      .where(eq(examAttemptQuestion.attemptId, attempt.id))
      .then((rows) => rows.filter((q) => q.position === 0));
    expect(question!.answerSeq).toBe(0);
  });

  it('answers racing the hand-in: every answer acknowledged is in the grade, every one refused is not stored', async () => {
    // Twenty attempts of each of two trainees: in each, the four answers and 'Entregar' leave at
    // once, in a shuffled order a few milliseconds apart (on PostgreSQL they run side by side, each
    // on a connection of its own).
    const { exam, module, student } = await setup({ attempts: EXAM_ATTEMPTS_MAX });
    const other = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, other.id, module.id);
    const pause = () => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
    let acknowledged = 0;
    let refused = 0;
    for (let round = 0; round < EXAM_ATTEMPTS_MAX * 2; round++) {
      const cookie = round % 2 === 0 ? student.cookie : other.cookie;
      const attempt = (await start(exam.id, cookie)).json().attempt as Attempt;
      const right = await Promise.all(attempt.questions.map((q) => rightOptions(attempt.id, q.position)));
      const requests = [
        ...attempt.questions.map((q) => async () => ({
          position: q.position,
          response: await answer(attempt.id, q.position, { answer: right[q.position]!, seq: 1 }, cookie),
        })),
        async () => ({ position: null, response: await submit(attempt.id, cookie) }),
      ].sort(() => Math.random() - 0.5);
      const results = await Promise.all(requests.map(async (request) => (await pause(), request())));
      const submitted = results.find((result) => result.position === null)!.response;
      expect(submitted.statusCode, submitted.body).toBe(200);
      const saved: number[] = [];
      for (const { position, response } of results) {
        if (position === null) continue;
        if (response.statusCode === 200) {
          saved.push(position);
          acknowledged++;
        } else {
          expect(response.statusCode, response.body).toBe(409);
          expect(response.json().error.message).toBe(examMessages.attemptClosed);
          refused++;
        }
      }
      // And one that arrives once the attempt is closed.
      const late = await answer(attempt.id, 0, { answer: right[0]!, seq: 2 }, cookie);
      expect(late.statusCode, late.body).toBe(409);
      refused++;
      const graded = submitted.json().attempt as Attempt;
      expect(graded.result?.right, `intento ${round + 1}`).toBe(saved.length);
      const stored = await t.ctx.db.select().from(examAttemptQuestion).where(eq(examAttemptQuestion.attemptId, attempt.id));
      const storedPositions = stored.filter((q) => q.answerSeq > 0).map((q) => q.position);
      expect(storedPositions.sort(), `intento ${round + 1}`).toEqual(saved.sort());
    }
    // Answers made it in before the close (the refused ones include each attempt's late one).
    expect(acknowledged).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(EXAM_ATTEMPTS_MAX * 2 - 1);
  });

  it('an attempt the trainee never came back to is closed and graded when the admin reads the results', async () => {
    const { exam, student } = await setup({ timeMinutes: 5 });
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    later(6 * 60);
    const results = (await call(t.app, { url: `/api/exams/${exam.id}/results`, cookie: admin })).json() as ExamResults;
    expect(results.rows).toEqual([
      expect.objectContaining({ userId: student.id, scorePercent: 0, passed: false, attempts: 1, open: false }),
    ]);
    const [row] = await t.ctx.db.select().from(examAttempt).where(eq(examAttempt.id, attempt.id));
    expect(row).toMatchObject({ closedBy: 'tiempo', scorePercent: 0 });
  });

  it('the scheduled cleanup closes and grades attempts nobody came back to', async () => {
    const { exam, student } = await setup({ timeMinutes: 5 });
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    expect((await cleanUp(t.ctx.database, t.ctx.storage, now)).expiredAttempts).toBe(0);
    const report = await cleanUp(t.ctx.database, t.ctx.storage, new Date(now.getTime() + 6 * 60_000));
    expect(report.expiredAttempts).toBe(1);
    const [row] = await t.ctx.db.select().from(examAttempt).where(eq(examAttempt.id, attempt.id));
    expect(row).toMatchObject({ closedBy: 'tiempo', passed: false });
    expect(row!.submittedAt!.toISOString()).toBe(attempt.deadline);
  });

  it('a closing time cuts the attempt short; attempts and the wait between them are enforced', async () => {
    const { exam, student } = await setup({
      attempts: 2,
      waitHours: 24,
      opensAt: '2026-11-28T12:30:00.000Z',
      closesAt: '2026-11-30T12:10:00.000Z',
      resultsRelease: 'al-cerrar',
    });
    const early = await start(exam.id, student.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(examMessages.examNotOpenYet('2026-11-28T12:30:00.000Z'));
    later(30 * 60);
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    const graded = (await submit(attempt.id, student.cookie)).json().attempt as Attempt;
    // Results held until the close: the score, but not the answers.
    expect(graded.result).toMatchObject({ released: false });
    expect(graded.review).toBeNull();
    const wait = await start(exam.id, student.cookie);
    expect(wait.statusCode).toBe(409);
    expect(wait.json().error.message).toBe(examMessages.tryAgainOn(new Date(now.getTime() + 24 * 3600_000).toISOString()));
    later(24 * 3600 + 60 * 60 * 23 + 35 * 60);
    // 23:35 past the wait, on the 30th at 12:05: five minutes left before the close.
    const second = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    expect(second.deadline).toBe('2026-11-30T12:10:00.000Z');
    later(10 * 60);
    const released = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json().attempt as Attempt;
    expect(released.review).toHaveLength(4);
    expect((await start(exam.id, student.cookie)).json().error.message).toBe(examMessages.noAttemptsLeft);
  });

  it('a wrong critical question fails the attempt whatever the score', async () => {
    const base = await setup();
    const critical = base.bank[3]!.id;
    const exam = await buildExam(t.ctx, base.course.id, base.module.id, {
      fixedQuestionIds: [critical],
      criticalQuestionIds: [critical],
      passPercent: 50,
    });
    const attempt = (await start(exam.id, base.student.cookie)).json().attempt as Attempt;
    const criticalPosition = attempt.questions.find((q) => q.text.startsWith('¿Qué se sanciona'))!.position;
    await answerAll(attempt, (position) => position !== criticalPosition, base.student.cookie);
    const graded = (await submit(attempt.id, base.student.cookie)).json().attempt as Attempt;
    expect(graded.result).toMatchObject({ scorePercent: 75, passed: false, criticalMissed: true });
  });
});

describe('what reaches the browser', () => {
  it('no response carries the right options or the explanations before the attempt is graded and released', async () => {
    const { exam, student, bank, module } = await setup({ closesAt: '2026-12-05T12:00:00.000Z', resultsRelease: 'al-cerrar' });
    const secrets = bank.flatMap((question) => [question.explanation]);
    const responses = [
      await call(t.app, { url: `/api/pages/modules/${module.id}`, cookie: student.cookie }),
      await call(t.app, { url: `/api/exams/${exam.id}/me`, cookie: student.cookie }),
    ];
    const started = await start(exam.id, student.cookie);
    const attempt = started.json().attempt as Attempt;
    responses.push(started, await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie }));
    responses.push(await answer(attempt.id, 0, { answer: [0], seq: 1 }, student.cookie));
    responses.push(await submit(attempt.id, student.cookie));
    responses.push(await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie }));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.body).not.toMatch(/"correct"|"explanation"|"critical"|"rule"/);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
  });
});

describe('results', () => {
  it('a row per trainee, the hardest questions first, and the CSV with formula cells escaped', async () => {
    const { exam, student, module } = await setup();
    const waiting = await signedIn(t.app, t.ctx, 'student', { name: '=HYPERLINK("x")' });
    await enableModule(t.ctx, waiting.id, module.id);
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    await answerAll(attempt, (position) => position < 2, student.cookie);
    later(90);
    await submit(attempt.id, student.cookie);

    const results = (await call(t.app, { url: `/api/exams/${exam.id}/results`, cookie: admin })).json() as ExamResults;
    const row = results.rows.find((r) => r.userId === student.id)!;
    expect(row).toMatchObject({ scorePercent: 50, passed: false, secondsUsed: 90, attempts: 1, open: false });
    expect(results.rows.find((r) => r.userId === waiting.id)).toMatchObject({ scorePercent: null, attempts: 0 });
    expect(results.questions.map((q) => q.percentRight)).toEqual([0, 0, 100, 100]);

    const csv = await call(t.app, { url: `/api/exams/${exam.id}/results.csv`, cookie: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`'=HYPERLINK(""x"")`);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFNombre;Email;Nota (%);Aprobado;Tiempo usado;Intentos;Fecha');
  });

  it('a question edited between two attempts is named as the newest attempt drew it, on every read', async () => {
    const { exam, student, module, bank } = await setup();
    const first = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    await submit(first.id, student.cookie);
    await t.ctx.db
      .update(bankQuestion)
      .set({ text: '¿Cuántos jugadores de campo y arqueros por equipo?' })
      .where(eq(bankQuestion.id, bank[0]!.id));
    later(60);
    const other = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, other.id, module.id);
    const second = (await start(exam.id, other.cookie)).json().attempt as Attempt;
    await submit(second.id, other.cookie);

    for (let read = 0; read < 3; read++) {
      const results = (await call(t.app, { url: `/api/exams/${exam.id}/results`, cookie: admin })).json() as ExamResults;
      const edited = results.questions.find((q) => q.questionId === bank[0]!.id)!;
      expect(edited).toMatchObject({ text: '¿Cuántos jugadores de campo y arqueros por equipo?', answered: 2 });
    }
  });
});

describe('beside the course', () => {
  it('a started attempt is student work: its module and course can be archived, not deleted', async () => {
    const { exam, student, course, module } = await setup();
    const modules = async () => (await call(t.app, { url: `/api/courses/${course.id}/modules`, cookie: admin })).json().modules;
    expect((await modules()).find((m: { id: string }) => m.id === module.id).hasStudentWork).toBe(false);
    await start(exam.id, student.cookie);
    expect((await modules()).find((m: { id: string }) => m.id === module.id).hasStudentWork).toBe(true);
  });

  it("the class progress board and its CSV show each trainee's best result at each exam", async () => {
    const { exam, student, course } = await setup({ attempts: 2 });
    for (const right of [1, 3]) {
      const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
      await answerAll(attempt, (position) => position < right, student.cookie);
      await submit(attempt.id, student.cookie);
    }
    const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: admin })).json() as ProgressBoard;
    expect(board.exams).toEqual([{ id: exam.id, title: exam.title }]);
    expect(board.students.find((s) => s.id === student.id)!.exams).toEqual([{ scorePercent: 75, passed: true }]);
    const csv = await call(t.app, { url: `/api/courses/${course.id}/progress.csv`, cookie: admin });
    // The exams' columns come after the modules', before the trainee's record.
    expect(csv.body).toContain(`;${exam.title};Asistencia;Pagos;Prueba física;Observaciones;Habilitación\r\n`);
    expect(csv.body).toContain('Aprobado · 75 %');

    const url = `/api/users/${student.id}/courses/${course.id}/exams`;
    const mine = await call(t.app, { url, cookie: admin });
    expect(mine.json().exams).toEqual([{ id: exam.id, title: exam.title, result: { scorePercent: 75, passed: true }, attempts: 2 }]);
    expect((await call(t.app, { url })).statusCode).toBe(401);
    expect((await call(t.app, { url, cookie: student.cookie })).statusCode).toBe(403);
    expect((await call(t.app, { url: `/api/users/${unknownId()}/courses/${course.id}/exams`, cookie: admin })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/users/${student.id}/courses/no%20v%C3%A1lido/exams`, cookie: admin })).statusCode).toBe(400);
  });
});

describe('authorization', () => {
  it('admin routes: 401 signed out, 403 for a trainee, 404 for unknown ids, 400 for malformed ones', async () => {
    const { exam, course, student } = await setup();
    const routes = [
      { method: 'GET' as const, url: `/api/courses/${course.id}/exams` },
      { method: 'GET' as const, url: `/api/exams/${exam.id}/results` },
      { method: 'GET' as const, url: `/api/exams/${exam.id}/results.csv` },
      {
        method: 'PUT' as const,
        url: `/api/exams/${exam.id}/schedule`,
        body: { resultsRelease: 'al-entregar', opensAt: null, closesAt: null },
      },
      { method: 'DELETE' as const, url: `/api/exams/${exam.id}` },
    ];
    for (const route of routes) {
      expect((await call(t.app, route)).statusCode, route.url).toBe(401);
      expect((await call(t.app, { ...route, cookie: student.cookie })).statusCode, route.url).toBe(403);
      const unknown = { ...route, url: route.url.replace(exam.id, unknownId()).replace(course.id, unknownId()) };
      expect((await call(t.app, { ...unknown, cookie: admin })).statusCode, unknown.url).toBe(404);
      const malformed = { ...route, url: route.url.replace(exam.id, 'no%20v%C3%A1lido').replace(course.id, 'no%20v%C3%A1lido') };
      expect((await call(t.app, { ...malformed, cookie: admin })).statusCode, malformed.url).toBe(400);
    }
  });

  it('a trainee without the module gets the same 404 as for an unknown exam; another trainee’s attempt is 404; admins cannot sit exams', async () => {
    const { exam, student, module } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    const unknownExam = await call(t.app, { url: `/api/exams/${unknownId()}/me`, cookie: outsider.cookie });
    for (const request of [
      { url: `/api/exams/${exam.id}/me` },
      { url: `/api/pages/modules/${module.id}` },
      { method: 'POST' as const, url: `/api/exams/${exam.id}/attempts` },
    ]) {
      const response = await call(t.app, { ...request, cookie: outsider.cookie });
      expect(response.statusCode, request.url).toBe(404);
    }
    expect((await call(t.app, { url: `/api/exams/${exam.id}/me`, cookie: outsider.cookie })).json().error.message).toBe(
      unknownExam.json().error.message,
    );
    for (const request of [
      { url: `/api/attempts/${attempt.id}` },
      { method: 'PUT' as const, url: `/api/attempts/${attempt.id}/answers/0`, body: { answer: [0], seq: 1 } },
      { method: 'POST' as const, url: `/api/attempts/${attempt.id}/submit` },
    ]) {
      expect((await call(t.app, { ...request, cookie: outsider.cookie })).statusCode, request.url).toBe(404);
      expect((await call(t.app, request)).statusCode, request.url).toBe(401);
    }
    expect((await start(exam.id, admin)).statusCode).toBe(403);
    // The admin reads any attempt, with its review.
    expect((await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: admin })).statusCode).toBe(200);
    // Blocking the module hides the exam from its trainee.
    await enableModule(t.ctx, student.id, module.id, false);
    expect((await call(t.app, { url: `/api/exams/${exam.id}/me`, cookie: student.cookie })).statusCode).toBe(404);
  });

  it('bank questions an attempt used stay in the database (the attempt keeps its copy)', async () => {
    const { exam, student, bank } = await setup();
    const attempt = (await start(exam.id, student.cookie)).json().attempt as Attempt;
    await t.ctx.db.update(bankQuestion).set({ text: 'Cambiada después' }).where(eq(bankQuestion.id, bank[0]!.id));
    const read = (await call(t.app, { url: `/api/attempts/${attempt.id}`, cookie: student.cookie })).json().attempt as Attempt;
    expect(read.questions.map((q) => q.text)).not.toContain('Cambiada después');
  });
});

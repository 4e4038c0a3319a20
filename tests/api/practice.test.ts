// 'Practicar reglamento': a trainee practises the course's question bank with Leitner boxes.
// Time is the app's clock (ctx.clock), set by each test; a practice day is the Argentine one.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCourseArchived } from '../../src/server/courses/archive.ts';
import { bankQuestion, practiceCard } from '../../src/server/db/schema.ts';
import { LEARNED_BOX, LEITNER_DAYS, NEW_PER_DAY } from '../../src/shared/exam-rules.ts';
import { examMessages, messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, enableCourse, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';
import { login } from './helpers/http.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
/** Noon in Buenos Aires (UTC−3), far from the edges of the day. */
const T0 = new Date('2030-03-10T12:00:00-03:00');
let now = T0;
const setNow = (at: Date) => {
  now = at;
  t.ctx.clock.now = () => now;
};
const later = (ms: number) => setNow(new Date(now.getTime() + ms));
beforeEach(() => setNow(T0));

interface QuestionSpec {
  chapter?: string;
  correct?: number[];
  options?: string[];
  archived?: boolean;
}

/** Bank questions of the course, written straight to the table; their ids in order. */
async function addQuestions(courseId: string, count: number, spec: QuestionSpec = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    ids.push(id);
    await t.ctx.db.insert(bankQuestion).values({
      id,
      courseId,
      text: `¿Pregunta ${i + 1}?`,
      options: spec.options ?? ['Opción a', 'Opción b', 'Opción c'],
      correct: spec.correct ?? [0, 2],
      chapter: spec.chapter ?? 'Regla 8',
      rule: '8:5',
      explanation: 'Porque lo dice la regla.',
      edition: 2022,
      archivedAt: spec.archived ? new Date() : null,
    });
  }
  return ids;
}

/** A course with a module enabled for a new signed-in student, and `questions` bank questions. */
async function setup(questions = 1, spec: QuestionSpec = {}) {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  const ids = await addQuestions(course.id, questions, spec);
  return { course, student, ids };
}

const practice = (courseId: string, cookie: string) => call(t.app, { url: `/api/courses/${courseId}/practice`, cookie });
const answer = (courseId: string, cookie: string, questionId: string, marked: number[], headers?: Record<string, string>) =>
  call(t.app, {
    method: 'POST',
    url: `/api/courses/${courseId}/practice/answers`,
    cookie,
    body: { questionId, answer: marked },
    ...(headers ? { headers } : {}),
  });

async function cardOf(userId: string, questionId: string) {
  const [card] = await t.ctx.db
    .select()
    .from(practiceCard)
    .where(and(eq(practiceCard.userId, userId), eq(practiceCard.questionId, questionId)));
  return card;
}

describe('who may practise', () => {
  it('answers 401 without a session, 403 to an admin and to another origin', async () => {
    const { course, student, ids } = await setup();
    expect((await practice(course.id, '')).statusCode).toBe(401);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/practice/answers`,
      body: { questionId: ids[0], answer: [0] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(messages.unauthorized);

    expect((await practice(course.id, admin)).statusCode).toBe(403);
    expect((await answer(course.id, admin, ids[0]!, [0])).statusCode).toBe(403);
    const foreign = await answer(course.id, student.cookie, ids[0]!, [0], { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await cardOf(student.id, ids[0]!)).toBeUndefined();
  });

  it('answers a course not enabled, blocked or archived exactly like an unknown one', async () => {
    const { course, student, ids } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const unknown = await practice(unknownId(), student.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.courseNotFound);
    const unknownPost = await answer(unknownId(), student.cookie, ids[0]!, [0]);
    expect(unknownPost.statusCode).toBe(404);
    expect(unknownPost.json().error.message).toBe(messages.courseNotFound);

    const notEnabled = [await practice(course.id, outsider.cookie), await answer(course.id, outsider.cookie, ids[0]!, [0])];
    await enableCourse(t.ctx, student.id, course.id, false);
    const blocked = [await practice(course.id, student.cookie), await answer(course.id, student.cookie, ids[0]!, [0])];
    await enableCourse(t.ctx, student.id, course.id, true);
    expect((await practice(course.id, student.cookie)).statusCode).toBe(200);
    await setCourseArchived(t.ctx.db, course.id, true);
    const archived = [await practice(course.id, student.cookie), await answer(course.id, student.cookie, ids[0]!, [0])];
    for (const response of [...notEnabled, ...blocked, ...archived]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: messages.courseNotFound });
    }
    expect(await cardOf(student.id, ids[0]!)).toBeUndefined();
  });

  it('answers 404 for a question of another course, an unknown one and an archived one', async () => {
    const { course, student, ids } = await setup();
    const other = await buildCourse(t.ctx);
    const [foreign] = await addQuestions(other.id, 1);
    const [archived] = await addQuestions(course.id, 1, { archived: true });
    for (const questionId of [foreign!, unknownId(), archived!]) {
      const response = await answer(course.id, student.cookie, questionId, [0]);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe(examMessages.bankQuestionNotFound);
    }
    expect(await cardOf(student.id, ids[0]!)).toBeUndefined();
  });

  it('refuses malformed ids and bodies with a Spanish message', async () => {
    const { course, student, ids } = await setup(1, { options: ['Sí', 'No'], correct: [0] });
    const badId = await practice('x'.repeat(65), student.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe('El identificador no es válido.');
    const post = (body: unknown) =>
      call(t.app, { method: 'POST', url: `/api/courses/${course.id}/practice/answers`, cookie: student.cookie, body });
    const cases: Array<[unknown, string | RegExp]> = [
      [{ questionId: ids[0], answer: [] }, examMessages.markOne],
      [{ questionId: ids[0] }, /./],
      [{ answer: [0] }, /./],
      [{ questionId: 'no válido', answer: [0] }, examMessages.invalidId],
      [{ questionId: ids[0], answer: [9] }, /./],
      [{ questionId: ids[0], answer: [0.5] }, /./],
      [{ questionId: ids[0], answer: [0, 1, 2, 3, 4, 0] }, /./],
      // An option the question does not have (it has two).
      [{ questionId: ids[0], answer: [2] }, examMessages.answerUnknownOption],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.json().error.message).toMatch(message);
      // Spanish, never zod's English.
      expect(response.json().error.message).not.toMatch(/expected|invalid input|required/i);
    }
    const notJson = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/practice/answers`,
      cookie: student.cookie,
      body: '{"questionId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toBe(messages.invalidJson);
    expect(await cardOf(student.id, ids[0]!)).toBeUndefined();
  });
});

describe('the Leitner boxes', () => {
  it('moves a question up a box per right answer, due again after LEITNER_DAYS, and back to box 1 when wrong', async () => {
    const { course, student, ids } = await setup();
    const id = ids[0]!;
    const expectCard = async (box: number) => {
      const card = await cardOf(student.id, id);
      expect(card?.box).toBe(box);
      expect(card?.dueAt.getTime()).toBe(now.getTime() + LEITNER_DAYS[box]! * DAY);
      expect(card?.answeredAt.getTime()).toBe(now.getTime());
    };
    // New (box 1, as Leitner's boxes start): the first right answer moves it to box 2, back tomorrow.
    const first = await answer(course.id, student.cookie, id, [2, 0]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      right: true,
      correct: [0, 2],
      explanation: 'Porque lo dice la regla.',
      rule: '8:5',
      chapter: 'Regla 8',
      box: 2,
    });
    await expectCard(2);
    expect((await cardOf(student.id, id))?.startedAt?.getTime()).toBe(T0.getTime());
    // Asked again a minute later (a page left open), it is not due: graded, nothing moves.
    later(60_000);
    expect((await answer(course.id, student.cookie, id, [0, 2])).json().box).toBe(2);
    expect(await cardOf(student.id, id)).toMatchObject({ box: 2, right: 1 });
    for (const box of [3, 4, 5, 5]) {
      setNow((await cardOf(student.id, id))!.dueAt);
      const response = await answer(course.id, student.cookie, id, [0, 2]);
      expect(response.json()).toMatchObject({ right: true, box });
      await expectCard(box);
    }
    // Part of the right options is wrong: all or nothing.
    setNow((await cardOf(student.id, id))!.dueAt);
    const wrong = await answer(course.id, student.cookie, id, [0]);
    expect(wrong.json()).toMatchObject({ right: false, correct: [0, 2], box: 1 });
    await expectCard(1);
    later(60_000);
    expect((await answer(course.id, student.cookie, id, [0, 1, 2])).json()).toMatchObject({ right: false, box: 1 });
    const card = await cardOf(student.id, id);
    expect(card).toMatchObject({ right: 5, wrong: 2, box: 1 });
    // The first answer stays the card's start.
    expect(card?.startedAt?.getTime()).toBe(T0.getTime());
  });

  it('a wrong first answer also starts in box 1; a question answered ahead of its day keeps its box', async () => {
    const { course, student, ids } = await setup(2);
    expect((await answer(course.id, student.cookie, ids[0]!, [1])).json()).toMatchObject({ right: false, box: 1 });
    expect(await cardOf(student.id, ids[0]!)).toMatchObject({ box: 1, right: 0, wrong: 1 });

    await answer(course.id, student.cookie, ids[1]!, [0, 2]);
    const due = (await cardOf(student.id, ids[1]!))!.dueAt;
    // Box 2 comes back tomorrow: an answer today (a page left open) is graded and moves nothing.
    later(60_000);
    const early = await answer(course.id, student.cookie, ids[1]!, [1]);
    expect(early.json()).toMatchObject({ right: false, correct: [0, 2], box: 2 });
    expect(await cardOf(student.id, ids[1]!)).toMatchObject({ box: 2, dueAt: due, right: 1, wrong: 0 });
  });

  it('moves the card one box only for two identical answers at once', async () => {
    const { course, student, ids } = await setup(1);
    const id = ids[0]!;
    const twice = () => Promise.all([answer(course.id, student.cookie, id, [0, 2]), answer(course.id, student.cookie, id, [0, 2])]);
    // A new question: one card, box 2.
    for (const response of await twice()) expect(response.json()).toMatchObject({ right: true, box: 2 });
    expect(await cardOf(student.id, id)).toMatchObject({ box: 2, right: 1, wrong: 0 });
    // Tomorrow, from box 2: box 3, not 4.
    setNow((await cardOf(student.id, id))!.dueAt);
    for (const response of await twice()) expect(response.json()).toMatchObject({ right: true, box: 3 });
    expect(await cardOf(student.id, id)).toMatchObject({ box: 3, right: 2 });
    // A double tap a moment later is the same answer again.
    later(1_000);
    expect((await answer(course.id, student.cookie, id, [0, 2])).json().box).toBe(3);
    expect(await cardOf(student.id, id)).toMatchObject({ box: 3, right: 2 });
  });

  it('gives a repeated request with the same Idempotency-Key the first answer', async () => {
    const { course, student, ids } = await setup(1);
    const headers = { 'idempotency-key': 'practica-0001' };
    const first = await answer(course.id, student.cookie, ids[0]!, [0, 2], headers);
    later(60_000);
    const again = await answer(course.id, student.cookie, ids[0]!, [0, 2], headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await cardOf(student.id, ids[0]!)).toMatchObject({ box: 2, right: 1 });
  });
});

describe("today's practice", () => {
  it('counts the due cards and the new questions the day has left', async () => {
    const { course, student, ids } = await setup(NEW_PER_DAY + 5);
    const dueToday = async () => (await practice(course.id, student.cookie)).json().dueToday as number;
    expect(await dueToday()).toBe(NEW_PER_DAY);

    // Started today and answered right: box 2, back tomorrow. The day's count goes down by one.
    await answer(course.id, student.cookie, ids[0]!, [0, 2]);
    expect(await dueToday()).toBe(NEW_PER_DAY - 1);
    // A new one answered wrong: due at once.
    later(60_000);
    await answer(course.id, student.cookie, ids[1]!, [1]);
    expect(await dueToday()).toBe(1 + NEW_PER_DAY - 2);

    // Tomorrow: both cards are due, and a whole day's share of new questions.
    setNow(new Date(T0.getTime() + DAY));
    expect(await dueToday()).toBe(2 + NEW_PER_DAY);
  });

  it('counts a card due before the day ends (the Argentine day), and none due tomorrow', async () => {
    const { course, student, ids } = await setup(3);
    const cards = [
      { questionId: ids[0]!, dueAt: new Date('2030-03-10T23:30:00-03:00') },
      { questionId: ids[1]!, dueAt: new Date('2030-03-11T00:30:00-03:00') },
      { questionId: ids[2]!, dueAt: new Date('2030-03-11T02:00:00Z') }, // 23:00 in Buenos Aires
    ];
    await t.ctx.db
      .insert(practiceCard)
      .values(cards.map((c) => ({ ...c, userId: student.id, box: 2, answeredAt: new Date('2030-03-09T12:00:00-03:00') })));
    setNow(new Date('2030-03-10T08:00:00-03:00'));
    const body = (await practice(course.id, student.cookie)).json();
    expect(body.dueToday).toBe(2);
    // The most overdue first: 23:00 before 23:30.
    expect(body.next.questionId).toBe(ids[2]);
  });

  it('offers no new question once the day’s share is used, and says when nothing is left', async () => {
    const { course, student, ids } = await setup(NEW_PER_DAY + 2);
    // The day's share started this morning, each due tomorrow.
    await t.ctx.db.insert(practiceCard).values(
      ids.slice(0, NEW_PER_DAY).map((questionId) => ({
        userId: student.id,
        questionId,
        box: 2,
        dueAt: new Date(T0.getTime() + DAY),
        answeredAt: new Date(T0.getTime() - 3_600_000),
        startedAt: new Date(T0.getTime() - 3_600_000),
      })),
    );
    const today = (await practice(course.id, student.cookie)).json();
    expect(today).toMatchObject({ dueToday: 0, next: null });
    // The two left are tomorrow's new ones, beside the fifteen coming back.
    setNow(new Date(T0.getTime() + DAY));
    expect((await practice(course.id, student.cookie)).json().dueToday).toBe(NEW_PER_DAY + 2);
  });

  it('shows the next question without its right options, rule or explanation', async () => {
    const { course, student, ids } = await setup(1);
    const response = await practice(course.id, student.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.next).toEqual({
      questionId: ids[0],
      text: '¿Pregunta 1?',
      chapter: 'Regla 8',
      options: ['Opción a', 'Opción b', 'Opción c'],
      box: 0,
    });
    expect(response.body).not.toMatch(/correct|explanation|Porque lo dice|"rule"|8:5/);
    // Also for a card being practised.
    await answer(course.id, student.cookie, ids[0]!, [1]);
    later(60_000);
    const again = await practice(course.id, student.cookie);
    expect(again.json().next).toMatchObject({ questionId: ids[0], box: 1 });
    expect(again.body).not.toMatch(/correct|explanation|Porque lo dice|"rule"|8:5/);
  });

  it('brings the most overdue card first, then new questions, and never the one just answered while another is left', async () => {
    const { course, student, ids } = await setup(4);
    const [a, b, c] = ids as [string, string, string, string];
    await t.ctx.db.insert(practiceCard).values([
      { userId: student.id, questionId: a, box: 3, dueAt: new Date(T0.getTime() - DAY), answeredAt: new Date(T0.getTime() - 4 * DAY) },
      { userId: student.id, questionId: b, box: 2, dueAt: new Date(T0.getTime() - 3 * DAY), answeredAt: new Date(T0.getTime() - 4 * DAY) },
      { userId: student.id, questionId: c, box: 4, dueAt: new Date(T0.getTime() + 2 * DAY), answeredAt: new Date(T0.getTime() - 5 * DAY) },
    ]);
    const next = async () => (await practice(course.id, student.cookie)).json().next?.questionId as string | undefined;
    expect(await next()).toBe(b);
    // Wrong: due again at once, but not before the others.
    await answer(course.id, student.cookie, b, [1]);
    later(60_000);
    expect(await next()).toBe(a);
    await answer(course.id, student.cookie, a, [0, 2]);
    later(60_000);
    // b is due again (box 1), and nothing else is: it comes back now that it was not the last one answered.
    expect(await next()).toBe(b);
    await answer(course.id, student.cookie, b, [1]);
    later(60_000);
    // b was just answered: the new question first, then b again.
    expect(await next()).toBe(ids[3]);
    await answer(course.id, student.cookie, ids[3]!, [0, 2]);
    later(60_000);
    expect(await next()).toBe(b);
  });

  it('orders new questions in a stable order of their own for each trainee', async () => {
    const { course, student, ids } = await setup(12);
    const other = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, other.id, course.id);
    const first = (await practice(course.id, student.cookie)).json().next.questionId;
    expect((await practice(course.id, student.cookie)).json().next.questionId).toBe(first);
    expect(ids).toContain(first);
    // Another trainee starts elsewhere (12 questions: the same first one would be a 1-in-12 coincidence; two more checks make it rarer).
    const firsts = new Set<string>([first]);
    for (const trainee of [other, await signedIn(t.app, t.ctx), await signedIn(t.app, t.ctx)]) {
      await enableCourse(t.ctx, trainee.id, course.id);
      firsts.add((await practice(course.id, trainee.cookie)).json().next.questionId);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("shows each chapter's progress: questions, practised and learned", async () => {
    const { course, student } = await setup(0);
    const r2 = await addQuestions(course.id, 3, { chapter: 'Regla 2' });
    const r10 = await addQuestions(course.id, 2, { chapter: 'Regla 10' });
    await addQuestions(course.id, 2, { chapter: 'Regla 2', archived: true });
    const card = (questionId: string, box: number) => ({
      userId: student.id,
      questionId,
      box,
      dueAt: new Date(T0.getTime() + DAY),
      answeredAt: new Date(T0.getTime() - DAY),
    });
    await t.ctx.db.insert(practiceCard).values([card(r2[0]!, LEARNED_BOX), card(r2[1]!, 2), card(r10[0]!, 5)]);
    const body = (await practice(course.id, student.cookie)).json();
    expect(body.chapters).toEqual([
      { chapter: 'Regla 2', total: 3, practised: 2, learned: 1 },
      { chapter: 'Regla 10', total: 2, practised: 1, learned: 1 },
    ]);
  });

  it('leaves archived questions out of the due count, the next question and the chapters', async () => {
    const { course, student, ids } = await setup(2);
    await answer(course.id, student.cookie, ids[0]!, [1]);
    later(60_000);
    await answer(course.id, student.cookie, ids[1]!, [1]);
    later(60_000);
    expect((await practice(course.id, student.cookie)).json().dueToday).toBe(2);
    await t.ctx.db.update(bankQuestion).set({ archivedAt: new Date() }).where(eq(bankQuestion.id, ids[0]!));
    const body = (await practice(course.id, student.cookie)).json();
    expect(body).toMatchObject({ dueToday: 1, next: { questionId: ids[1] } });
    expect(body.chapters).toEqual([{ chapter: 'Regla 8', total: 1, practised: 1, learned: 0 }]);
    const archived = await answer(course.id, student.cookie, ids[0]!, [0, 2]);
    expect(archived.statusCode).toBe(404);
    expect(await cardOf(student.id, ids[0]!)).toMatchObject({ box: 1, wrong: 1, right: 0 });
  });

  it('has nothing to practise in a course without questions', async () => {
    const { course, student } = await setup(0);
    expect((await practice(course.id, student.cookie)).json()).toEqual({ dueToday: 0, chapters: [], next: null });
  });
});

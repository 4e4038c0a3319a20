// 'Clases presenciales': the instructor's classes of a course, the list of each class marked by
// hand, 'Tomar asistencia' with its changing code, and the trainee's 'Marcar asistencia'. Time is
// the app's clock (ctx.clock), set by each test; days and times are Buenos Aires'.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../src/client/lib/paths.ts';
import { attendance, lesson as lessonTable, recordChange } from '../../src/server/db/schema.ts';
import { currentCode } from '../../src/server/lessons/attendance-code.ts';
import { attendanceSummaries, traineeAttendance } from '../../src/server/lessons/read.ts';
import { wrongCodes } from '../../src/server/lessons/service.ts';
import { LESSON_MINUTES_MAX, LESSON_MINUTES_MIN, LESSON_TOPIC_MAX } from '../../src/shared/attendance-rules.ts';
import { lessonMessages, messages } from '../../src/shared/messages.ts';
import { FIRST_YEAR, LAST_YEAR } from '../../src/shared/calendar.ts';
import type { Lesson, LessonCode, LessonDetail, LessonInput, LessonList } from '../../src/shared/schemas/lessons.ts';
import { buildCourse, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/** Saturday 28 November 2026, 10:00 in Buenos Aires (UTC−3): an hour into a 9:00 class. */
const T0 = new Date('2026-11-28T10:00:00-03:00');
let now = T0;
const setNow = (at: Date) => {
  now = at;
  t.ctx.clock.now = () => now;
};
const at = (time: string, day = '2026-11-28') => new Date(`${day}T${time}-03:00`);
beforeEach(() => setNow(T0));

const input = (overrides: Partial<LessonInput> = {}): LessonInput => ({
  date: '2026-11-28',
  time: '09:00',
  durationMinutes: 240,
  place: 'Club Atlético, cancha 2',
  topic: 'Reglas 8 y 16',
  ...overrides,
});

async function createLesson(courseId: string, overrides: Partial<LessonInput> = {}): Promise<Lesson> {
  const response = await call(t.app, { method: 'POST', url: `/api/courses/${courseId}/lessons`, cookie: admin, body: input(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { lesson: Lesson }).lesson;
}

/** A course, its class at 9:00 today and a trainee with the course enabled, signed in. */
async function setup(name?: string) {
  const course = await buildCourse(t.ctx);
  const trainee = await signedIn(t.app, t.ctx, 'student', name ? { name } : {});
  await enableCourse(t.ctx, trainee.id, course.id);
  const lesson = await createLesson(course.id);
  return { course, trainee, lesson };
}

const detail = async (lessonId: string) => {
  const response = await call(t.app, { url: `/api/lessons/${lessonId}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LessonDetail;
};
const entryOf = async (lessonId: string, userId: string) => (await detail(lessonId)).roster.find((e) => e.userId === userId);
const codeOf = async (lessonId: string) => {
  const response = await call(t.app, { url: `/api/lessons/${lessonId}/code`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LessonCode;
};
const mark = (lessonId: string, userId: string, status: string | null, cookie = admin) =>
  call(t.app, { method: 'PUT', url: `/api/lessons/${lessonId}/attendance/${userId}`, cookie, body: { status } });
const sendCode = (courseId: string, code: string, cookie: string) =>
  call(t.app, { method: 'POST', url: `/api/courses/${courseId}/attendance`, cookie, body: { code } });
const current = (courseId: string, cookie: string) => call(t.app, { url: `/api/courses/${courseId}/lessons/current`, cookie });
const secretOf = async (lessonId: string) =>
  (await t.ctx.db.select({ secret: lessonTable.codeSecret }).from(lessonTable).where(eq(lessonTable.id, lessonId)))[0]!.secret;
const changes = (courseId: string) =>
  t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, courseId)).orderBy(recordChange.at);

describe('a course’s classes', () => {
  it('creates a class on a day and time of Buenos Aires, logged in the course’s history', async () => {
    const course = await buildCourse(t.ctx);
    const lesson = await createLesson(course.id);
    expect(lesson).toMatchObject({
      courseId: course.id,
      date: '2026-11-28',
      time: '09:00',
      startsAt: '2026-11-28T12:00:00.000Z',
      durationMinutes: 240,
      place: 'Club Atlético, cancha 2',
      topic: 'Reglas 8 y 16',
      phase: 'abierta',
      counts: { presente: 0, tarde: 0, justificado: 0, ausente: 0 },
      enrolled: 0,
    });
    expect(lesson).not.toHaveProperty('codeSecret');
    const [change] = await changes(course.id);
    expect(change).toMatchObject({ userId: null, actorName: expect.any(String), summary: 'Clase del 28 nov 2026 a las 09:00 creada' });
  });

  it('leaves place and topic empty when they are not given', async () => {
    const course = await buildCourse(t.ctx);
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/lessons`,
      cookie: admin,
      body: { date: '2026-12-05', time: '09:00', durationMinutes: 240 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().lesson).toMatchObject({ place: '', topic: '', phase: 'proxima' });
  });

  it('creates once per Idempotency-Key', async () => {
    const course = await buildCourse(t.ctx);
    const send = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/courses/${course.id}/lessons`,
        cookie: admin,
        body: input(),
        headers: { 'idempotency-key': `clase-${course.id}` },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.json().lesson.id).toBe(first.json().lesson.id);
    expect(await t.ctx.db.select().from(lessonTable).where(eq(lessonTable.courseId, course.id))).toHaveLength(1);
  });

  const invalid: Array<[string, Partial<Record<keyof LessonInput, unknown>>, keyof LessonInput, string]> = [
    ['a day that does not exist', { date: '2026-02-30' }, 'date', lessonMessages.invalidDate],
    ['a day written otherwise', { date: '28/11/2026' }, 'date', lessonMessages.invalidDate],
    // Once stored as 1999-05-05, once a 500: years outside the product's are refused.
    ['a day of the year 99', { date: '0099-05-05' }, 'date', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
    ['a day of the year 0', { date: '0000-01-01' }, 'date', messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR)],
    [
      'the last day of 9999, for 12 hours',
      { date: '9999-12-31', time: '23:59', durationMinutes: 720 },
      'date',
      messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR),
    ],
    ['an hour past 23', { time: '24:00' }, 'time', lessonMessages.invalidTime],
    ['a time without minutes', { time: '9' }, 'time', lessonMessages.invalidTime],
    ['too short', { durationMinutes: LESSON_MINUTES_MIN - 1 }, 'durationMinutes', lessonMessages.duration(15, 720)],
    ['too long', { durationMinutes: LESSON_MINUTES_MAX + 1 }, 'durationMinutes', lessonMessages.duration(15, 720)],
    ['not whole minutes', { durationMinutes: 90.5 }, 'durationMinutes', lessonMessages.duration(15, 720)],
    ['minutes as text', { durationMinutes: '240' }, 'durationMinutes', lessonMessages.duration(15, 720)],
    [
      'a topic too long',
      { topic: 'x'.repeat(LESSON_TOPIC_MAX + 1) },
      'topic',
      `El tema no puede tener más de ${LESSON_TOPIC_MAX} caracteres`,
    ],
  ];
  it.each(invalid)('refuses %s with a 400 in Spanish, and writes nothing', async (_name, overrides, field, message) => {
    const course = await buildCourse(t.ctx);
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/lessons`,
      cookie: admin,
      body: { ...input(), ...overrides },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', fields: { [field]: message } });
    expect(await t.ctx.db.select().from(lessonTable).where(eq(lessonTable.courseId, course.id))).toHaveLength(0);
    expect(await changes(course.id)).toHaveLength(0);
  });

  it('lists the classes by date with their counts per status and the course’s trainees', async () => {
    const { course, trainee, lesson } = await setup();
    const other = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, other.id, course.id);
    const earlier = await createLesson(course.id, { date: '2026-11-21', topic: 'Regla 4' });
    await mark(earlier.id, trainee.id, 'presente');
    await mark(earlier.id, other.id, 'tarde');
    await mark(lesson.id, other.id, 'justificado');
    const response = await call(t.app, { url: `/api/courses/${course.id}/lessons`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as LessonList;
    expect(list.course).toEqual({ id: course.id, name: course.name });
    expect(list.enrolled).toBe(2);
    expect(list.lessons.map((l) => [l.date, l.phase, l.counts])).toEqual([
      ['2026-11-21', 'terminada', { presente: 1, tarde: 1, justificado: 0, ausente: 0 }],
      ['2026-11-28', 'abierta', { presente: 0, tarde: 0, justificado: 1, ausente: 0 }],
    ]);
  });

  it('edits a class (its marks stay) and logs the move', async () => {
    const { course, trainee, lesson } = await setup();
    await mark(lesson.id, trainee.id, 'presente');
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/lessons/${lesson.id}`,
      cookie: admin,
      body: input({ date: '2026-12-05', time: '08:30', durationMinutes: 180, place: '', topic: 'Regla 8' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lesson).toMatchObject({ date: '2026-12-05', time: '08:30', durationMinutes: 180, place: '', topic: 'Regla 8' });
    expect((await entryOf(lesson.id, trainee.id))?.status).toBe('presente');
    const summaries = (await changes(course.id)).map((c) => c.summary);
    expect(summaries).toContain('Clase del 28 nov 2026 a las 09:00 modificada: ahora es el 5 dic 2026 a las 08:30');
  });

  it('refuses a bad edit with a 400, changing nothing', async () => {
    const { lesson } = await setup();
    const response = await call(t.app, { method: 'PUT', url: `/api/lessons/${lesson.id}`, cookie: admin, body: input({ time: '9:75' }) });
    expect(response.statusCode).toBe(400);
    expect((await detail(lesson.id)).lesson.time).toBe('09:00');
  });

  it('deletes a class with its marks, logged', async () => {
    const { course, trainee, lesson } = await setup();
    await mark(lesson.id, trainee.id, 'presente');
    const response = await call(t.app, { method: 'DELETE', url: `/api/lessons/${lesson.id}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: lessonMessages.lessonDeleted });
    expect((await call(t.app, { url: `/api/lessons/${lesson.id}`, cookie: admin })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(attendance).where(eq(attendance.lessonId, lesson.id))).toHaveLength(0);
    const [last] = (await changes(course.id)).filter((c) => c.userId === null).slice(-1);
    expect(last?.summary).toBe('Clase del 28 nov 2026 a las 09:00 borrada (con 1 asistencia registrada)');
  });
});

describe('who may use the classes’ routes', () => {
  it('answers 401 signed out, 403 to a trainee, 404 for unknown ids and 400 for malformed ones', async () => {
    const { course, trainee, lesson } = await setup();
    const adminRoutes = [
      { url: `/api/courses/${course.id}/lessons` },
      { method: 'POST' as const, url: `/api/courses/${course.id}/lessons`, body: input() },
      { url: `/api/lessons/${lesson.id}` },
      { method: 'PUT' as const, url: `/api/lessons/${lesson.id}`, body: input() },
      { method: 'DELETE' as const, url: `/api/lessons/${lesson.id}` },
      { method: 'PUT' as const, url: `/api/lessons/${lesson.id}/attendance/${trainee.id}`, body: { status: 'presente' } },
      { url: `/api/lessons/${lesson.id}/code` },
      { url: `/api/courses/${course.id}/attendance.csv` },
    ];
    for (const route of adminRoutes) {
      expect((await call(t.app, route)).statusCode, route.url).toBe(401);
      expect((await call(t.app, { ...route, cookie: trainee.cookie })).statusCode, route.url).toBe(403);
      const unknown = { ...route, url: route.url.replace(course.id, unknownId()).replace(lesson.id, unknownId()), cookie: admin };
      const missing = await call(t.app, unknown);
      expect(missing.statusCode, route.url).toBe(404);
      expect(missing.json().error.message).toMatch(/no existe/);
      const malformed = await call(t.app, {
        ...route,
        url: route.url.replace(course.id, 'x'.repeat(65)).replace(lesson.id, '%20'),
        cookie: admin,
      });
      expect(malformed.statusCode, route.url).toBe(400);
    }
    expect((await detail(lesson.id)).lesson.id).toBe(lesson.id);
  });

  it('the trainee’s routes: 401 signed out, 403 to an admin, 404 for a course not theirs', async () => {
    const { course, trainee } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    expect((await current(course.id, '')).statusCode).toBe(401);
    expect((await current(course.id, admin)).statusCode).toBe(403);
    expect((await current(course.id, outsider.cookie)).statusCode).toBe(404);
    expect((await current(unknownId(), trainee.cookie)).statusCode).toBe(404);
    expect((await sendCode(course.id, '123456', '')).statusCode).toBe(401);
    expect((await sendCode(course.id, '123456', admin)).statusCode).toBe(403);
    expect((await sendCode(unknownId(), '123456', trainee.cookie)).statusCode).toBe(404);
  });
});

describe('the class’s list, marked by hand', () => {
  it('lists every trainee of the course by name, and nobody else', async () => {
    const { course, trainee, lesson } = await setup('Zoe Pérez');
    const ana = await signedIn(t.app, t.ctx, 'student', { name: 'Ana Gómez' });
    await enableCourse(t.ctx, ana.id, course.id);
    const blocked = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, blocked.id, course.id, false);
    await signedIn(t.app, t.ctx);
    const { roster } = await detail(lesson.id);
    expect(roster.map((e) => [e.name, e.status, e.enrolled])).toEqual([
      ['Ana Gómez', null, true],
      ['Zoe Pérez', null, true],
    ]);
    expect(roster[1]!.userId).toBe(trainee.id);
  });

  it('marks each status, clears it, and logs every change on the trainee’s record', async () => {
    const { course, trainee, lesson } = await setup();
    for (const status of ['presente', 'tarde', 'justificado', 'ausente'] as const) {
      const response = await mark(lesson.id, trainee.id, status);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().entry).toMatchObject({ userId: trainee.id, status, source: 'instructor' });
    }
    // The same status again changes nothing and logs nothing.
    await mark(lesson.id, trainee.id, 'ausente');
    const cleared = await mark(lesson.id, trainee.id, null);
    expect(cleared.json().entry).toMatchObject({ status: null, source: null, markedAt: null });
    const logged = await t.ctx.db
      .select()
      .from(recordChange)
      .where(and(eq(recordChange.courseId, course.id), eq(recordChange.userId, trainee.id)))
      .orderBy(recordChange.at);
    expect(logged.map((c) => c.summary)).toEqual([
      'Asistencia a la clase del 28 nov 2026 a las 09:00: Presente',
      'Asistencia a la clase del 28 nov 2026 a las 09:00: Tarde',
      'Asistencia a la clase del 28 nov 2026 a las 09:00: Justificado',
      'Asistencia a la clase del 28 nov 2026 a las 09:00: Ausente',
      'Asistencia a la clase del 28 nov 2026 a las 09:00 borrada',
    ]);
    expect(new Set(logged.map((c) => c.actorName)).size).toBe(1);
  });

  it('keeps the mark of a trainee whose course was blocked since', async () => {
    const { course, trainee, lesson } = await setup();
    await mark(lesson.id, trainee.id, 'tarde');
    await enableCourse(t.ctx, trainee.id, course.id, false);
    expect(await entryOf(lesson.id, trainee.id)).toMatchObject({ status: 'tarde', enrolled: false });
    expect((await mark(lesson.id, trainee.id, null)).statusCode).toBe(200);
    expect(await entryOf(lesson.id, trainee.id)).toBeUndefined();
  });

  it('refuses someone not on the list (404), an unknown status (400)', async () => {
    const { trainee, lesson } = await setup();
    const outsider = await signedIn(t.app, t.ctx);
    const response = await mark(lesson.id, outsider.id, 'presente');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(lessonMessages.traineeNotFound);
    expect((await mark(lesson.id, unknownId(), 'presente')).statusCode).toBe(404);
    expect((await mark(lesson.id, trainee.id, 'vino')).statusCode).toBe(400);
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/lessons/${lesson.id}/attendance/${trainee.id}`, cookie: admin, body: {} })).statusCode,
    ).toBe(400);
    expect((await entryOf(lesson.id, trainee.id))?.status).toBeNull();
  });
});

describe('Tomar asistencia and Marcar asistencia', () => {
  it('shows the code while the class takes attendance, with the QR’s link and the seconds to the next one', async () => {
    const { course, lesson } = await setup();
    setNow(at('10:00:05'));
    const shown = await codeOf(lesson.id);
    expect(shown.code).toMatch(/^\d{6}$/);
    expect(shown.code).toBe(currentCode(await secretOf(lesson.id), now));
    expect(shown.secondsLeft).toBe(25);
    expect(shown.link).toBe(`${PUBLIC_URL}${paths.markAttendance(course.id, shown.code!)}`);
    expect(shown.link).toBe(`${PUBLIC_URL}/${course.id}/asistencia?codigo=${shown.code}`);
    expect(shown).toMatchObject({ opensAt: '2026-11-28T11:30:00.000Z', closesAt: '2026-11-28T16:00:00.000Z', present: 0 });
    // Another code 30 seconds later.
    setNow(at('10:00:35'));
    expect((await codeOf(lesson.id)).code).not.toBe(shown.code);
    // None before the window or after it.
    setNow(at('08:29:00'));
    expect(await codeOf(lesson.id)).toMatchObject({ code: null, link: null, lesson: { phase: 'proxima' } });
    setNow(at('13:00:00'));
    expect(await codeOf(lesson.id)).toMatchObject({ code: null, link: null, lesson: { phase: 'terminada' } });
  });

  it('marks the trainee Presente with the code on the screen; marking again is not an error', async () => {
    const { course, trainee, lesson } = await setup();
    expect((await current(course.id, trainee.cookie)).json()).toMatchObject({ lesson: { id: lesson.id, time: '09:00' }, status: null });
    const { code } = await codeOf(lesson.id);
    const first = await sendCode(course.id, code!, trainee.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Asistencia registrada', status: 'presente' });
    const again = await sendCode(course.id, ` ${code!.slice(0, 3)} ${code!.slice(3)} `, trainee.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ message: 'Asistencia registrada', status: 'presente' });
    expect(await entryOf(lesson.id, trainee.id)).toMatchObject({ status: 'presente', source: 'codigo' });
    expect((await codeOf(lesson.id)).present).toBe(1);
    expect((await current(course.id, trainee.cookie)).json()).toMatchObject({ status: 'presente' });
    const logged = await t.ctx.db
      .select()
      .from(recordChange)
      .where(and(eq(recordChange.courseId, course.id), eq(recordChange.userId, trainee.id)));
    expect(logged.map((c) => [c.summary, c.actorId])).toEqual([
      ['Asistencia a la clase del 28 nov 2026 a las 09:00: Presente (con el código)', trainee.id],
    ]);
  });

  it('takes a code for 60 seconds after it appeared, not longer', async () => {
    const { course, trainee, lesson } = await setup();
    setNow(at('10:00:00'));
    const { code } = await codeOf(lesson.id);
    setNow(at('10:00:59'));
    expect((await sendCode(course.id, code!, trainee.cookie)).statusCode).toBe(200);
    const late = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, late.id, course.id);
    setNow(at('10:01:00'));
    const refused = await sendCode(course.id, code!, late.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: lessonMessages.codeWrong, fields: { code: lessonMessages.codeWrong } });
    expect(await entryOf(lesson.id, late.id)).toMatchObject({ status: null });
  });

  it('refuses a code outside the class’s window, another course’s code, and a trainee not enrolled', async () => {
    const { course, trainee, lesson } = await setup();
    const other = await setup();
    setNow(at('08:29:00'));
    const early = await sendCode(course.id, currentCode(await secretOf(lesson.id), now), trainee.cookie);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(lessonMessages.noLessonNow);
    expect((await current(course.id, trainee.cookie)).json()).toEqual({ lesson: null, status: null });
    setNow(at('13:00:00'));
    expect((await sendCode(course.id, currentCode(await secretOf(lesson.id), now), trainee.cookie)).json().error.message).toBe(
      lessonMessages.noLessonNow,
    );
    setNow(T0);
    const otherCode = (await codeOf(other.lesson.id)).code!;
    expect((await sendCode(course.id, otherCode, trainee.cookie)).json().error.message).toBe(lessonMessages.codeWrong);
    const notEnrolled = await sendCode(other.course.id, otherCode, trainee.cookie);
    expect(notEnrolled.statusCode).toBe(404);
    expect(await entryOf(other.lesson.id, trainee.id)).toBeUndefined();
    expect(await entryOf(lesson.id, trainee.id)).toMatchObject({ status: null });
    const malformed = await sendCode(course.id, '12a456', trainee.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: lessonMessages.codeFormat });
  });

  it('does not override a status set by hand, except Ausente', async () => {
    const { course, trainee, lesson } = await setup();
    const absent = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, absent.id, course.id);
    await mark(lesson.id, trainee.id, 'tarde');
    await mark(lesson.id, absent.id, 'ausente');
    const { code } = await codeOf(lesson.id);
    expect((await sendCode(course.id, code!, trainee.cookie)).json()).toEqual({ message: 'Asistencia registrada', status: 'tarde' });
    expect((await sendCode(course.id, code!, absent.cookie)).json()).toEqual({ message: 'Asistencia registrada', status: 'presente' });
    expect(await entryOf(lesson.id, trainee.id)).toMatchObject({ status: 'tarde', source: 'instructor' });
    expect(await entryOf(lesson.id, absent.id)).toMatchObject({ status: 'presente', source: 'codigo' });
  });

  it('limits wrong codes per trainee: past 10 in 10 minutes, even the right one waits (429)', async () => {
    const { course, trainee, lesson } = await setup();
    const { code } = await codeOf(lesson.id);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < wrongCodes.max; i++) expect((await sendCode(course.id, wrong, trainee.cookie)).statusCode).toBe(400);
    const limited = await sendCode(course.id, code!, trainee.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: lessonMessages.tooManyCodes });
    expect(limited.headers['retry-after']).toBe(String(wrongCodes.windowSeconds));
    expect(await entryOf(lesson.id, trainee.id)).toMatchObject({ status: null });
    // Another trainee of the class is not held back.
    const classmate = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, classmate.id, course.id);
    expect((await sendCode(course.id, code!, classmate.cookie)).statusCode).toBe(200);
  });
});

describe('each trainee’s attendance', () => {
  it('counts the classes started, leaves Justificado out, and rounds', async () => {
    const { course, trainee, lesson } = await setup();
    const [a, b, c] = [
      await createLesson(course.id, { date: '2026-11-07' }),
      await createLesson(course.id, { date: '2026-11-14' }),
      await createLesson(course.id, { date: '2026-11-21' }),
    ];
    const future = await createLesson(course.id, { date: '2026-12-05', topic: 'Repaso' });
    const nobody = await signedIn(t.app, t.ctx);
    await mark(a.id, trainee.id, 'presente');
    await mark(b.id, trainee.id, 'justificado');
    await mark(c.id, trainee.id, 'ausente');
    await mark(lesson.id, trainee.id, 'tarde');
    await mark(future.id, trainee.id, 'justificado');
    const summaries = await attendanceSummaries(t.ctx.db, course.id, [trainee.id, nobody.id], now);
    expect(summaries.get(trainee.id)).toEqual({ held: 4, attended: 2, justified: 1, percent: 67 });
    expect(summaries.get(nobody.id)).toEqual({ held: 4, attended: 0, justified: 0, percent: 0 });
    const own = await traineeAttendance(t.ctx.db, course.id, trainee.id, now);
    expect(own.summary).toEqual({ held: 4, attended: 2, justified: 1, percent: 67 });
    expect(own.lessons.map((l) => [l.date, l.status])).toEqual([
      ['2026-11-07', 'presente'],
      ['2026-11-14', 'justificado'],
      ['2026-11-21', 'ausente'],
      ['2026-11-28', 'tarde'],
      ['2026-12-05', 'justificado'],
    ]);
    const empty = await buildCourse(t.ctx);
    expect((await attendanceSummaries(t.ctx.db, empty.id, [trainee.id], now)).get(trainee.id)).toEqual({
      held: 0,
      attended: 0,
      justified: 0,
      percent: null,
    });
  });

  it('downloads the course’s attendance as CSV, trainees × classes, formula cells escaped', async () => {
    const { course, trainee, lesson } = await setup('=HYPERLINK("http://x","clic")');
    const earlier = await createLesson(course.id, { date: '2026-11-21', topic: '+SUMA(1;2)' });
    await mark(earlier.id, trainee.id, 'presente');
    await mark(lesson.id, trainee.id, 'ausente');
    const response = await call(t.app, { url: `/api/courses/${course.id}/attendance.csv`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="asistencia-curso-\d+\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Alumno;Email;"21 nov 2026 09:00 +SUMA(1;2)";28 nov 2026 09:00 Reglas 8 y 16;Asistencia');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""clic"")";${trainee.email};Presente;Ausente;50 %`);
  });
});

describe('the change log', () => {
  it('keeps who created and deleted classes (the course’s own history, no trainee)', async () => {
    const course = await buildCourse(t.ctx);
    const lesson = await createLesson(course.id);
    await call(t.app, { method: 'DELETE', url: `/api/lessons/${lesson.id}`, cookie: admin });
    const rows = await t.ctx.db
      .select()
      .from(recordChange)
      .where(and(eq(recordChange.courseId, course.id), isNull(recordChange.userId)))
      .orderBy(recordChange.at);
    expect(rows.map((r) => r.summary)).toEqual(['Clase del 28 nov 2026 a las 09:00 creada', 'Clase del 28 nov 2026 a las 09:00 borrada']);
  });
});

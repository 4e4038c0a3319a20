// 'Calendario': a person's private feed of their courses' dates, read back with an iCalendar parser
// (ical.js, the one Thunderbird's calendar uses) as a calendar app would: times on Buenos Aires
// time with its zone, stable ids (a class moved keeps its id), a cancelled class marked cancelled;
// refused with any other token; the address replaced on request; one class or exam as .ics.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, instantOf, timeOf } from '../../src/shared/calendar.ts';
import { pesos } from '../../src/shared/money.ts';
import { certificate, exam, paymentOption, traineePlan } from '../../src/server/db/schema.ts';
import { buildCourse, buildModule, enableCourse, enableModule, signedIn } from './helpers/content.ts';
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

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { calendar, events, byId: (prefix: string) => events.find((event) => event.uid.startsWith(prefix)) };
}

const feedPath = (url: string) => new URL(url).pathname;

async function traineeWithDates() {
  const course = await buildCourse(t.ctx, { name: 'Árbitros Provinciales' });
  const module = await buildModule(t.ctx, course.id, { name: 'Módulo 1' });
  const trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Carla Tarjeta' });
  await enableCourse(t.ctx, trainee.id, course.id);
  await enableModule(t.ctx, trainee.id, module.id);
  const lesson = async (date: string, time: string, place: string, topic: string) => {
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/lessons`,
      cookie: admin,
      body: { date, time, durationMinutes: 180, place, topic },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().lesson as { id: string };
  };
  const saturday = await lesson('2027-03-06', '09:00', 'Club Ferro, Av. Avellaneda 1240', 'Ley 8: faltas');
  const cancelled = await lesson('2027-03-13', '09:00', 'Club Ferro', 'Ley 16');
  const put = await call(t.app, { method: 'PUT', url: `/api/lessons/${cancelled.id}/cancelled`, cookie: admin, body: { cancelled: true } });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.json().lesson.cancelled).toBe(true);
  const examId = crypto.randomUUID();
  await t.ctx.db.insert(exam).values({
    id: examId,
    courseId: course.id,
    moduleId: module.id,
    title: 'Reglamento',
    questionCount: 10,
    timeMinutes: 30,
    passPercent: 80,
    attempts: 2,
    resultsRelease: 'al-entregar',
    opensAt: instantOf('2027-03-20', '20:00'),
    closesAt: instantOf('2027-03-22', '20:00'),
  });
  const optionId = crypto.randomUUID();
  await t.ctx.db.insert(paymentOption).values({
    id: optionId,
    courseId: course.id,
    label: 'Dos cuotas',
    position: 0,
    instalments: [
      { amount: 3000, dueDate: '2027-03-10' },
      { amount: 3000, dueDate: '2027-04-10' },
    ],
  });
  await t.ctx.db.insert(traineePlan).values({ courseId: course.id, userId: trainee.id, optionId });
  await t.ctx.db.insert(certificate).values({
    id: crypto.randomUUID(),
    code: `C${Date.now()}`,
    courseId: course.id,
    userId: trainee.id,
    holderName: trainee.name,
    courseName: 'Árbitros Provinciales',
    level: 'Árbitro Provincial',
    rulesEdition: 'IHF 2024',
    issuedOn: '2027-01-10',
    expiresOn: '2028-01-10',
    issuedByName: 'Admin',
    signerName: 'Firma',
    signerTitle: 'Director',
  });
  return { course, module, trainee, saturday, cancelled, examId };
}

describe('the feed', () => {
  it('lists the trainee’s classes, instalments, exam window and licence, on Buenos Aires time, readable without a session', async () => {
    const { course, trainee, saturday, cancelled, examId } = await traineeWithDates();
    t.ctx.clock.now = () => instantOf('2027-03-01', '12:00');
    const address = await call(t.app, { url: '/api/me/calendar', cookie: trainee.cookie });
    expect(address.statusCode).toBe(200);
    const { url, webcal, google } = address.json() as { url: string; webcal: string; google: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcal).toBe(url.replace('http://', 'webcal://'));
    expect(google).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`);
    // The same address on every visit.
    expect((await call(t.app, { url: '/api/me/calendar', cookie: trainee.cookie })).json().url).toBe(url);

    const feed = await call(t.app, { url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events, byId } = parse(feed.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Aula Virtual · Carla Tarjeta');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Argentina/Buenos_Aires');

    const klass = byId(`clase-${saturday.id}@`)!;
    expect(klass.summary).toBe('Clase presencial: Ley 8: faltas · Árbitros Provinciales');
    expect(klass.location).toBe('Club Ferro, Av. Avellaneda 1240');
    expect(klass.startDate.zone?.tzid).toBe('America/Argentina/Buenos_Aires');
    expect([klass.startDate.hour, klass.startDate.minute]).toEqual([9, 0]);
    expect(klass.startDate.toJSDate().toISOString()).toBe('2027-03-06T12:00:00.000Z');
    expect(klass.endDate.toJSDate().toISOString()).toBe('2027-03-06T15:00:00.000Z');
    expect(klass.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(klass.component.getFirstPropertyValue('url')).toBe(`http://localhost:3000/${course.id}`);

    const off = byId(`clase-${cancelled.id}@`)!;
    expect(off.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(off.summary).toMatch(/^CANCELADA · /);

    const window = byId(`examen-${examId}@`)!;
    expect(window.summary).toBe('Examen «Reglamento» · Árbitros Provinciales');
    expect(window.startDate.toJSDate().toISOString()).toBe('2027-03-20T23:00:00.000Z');
    expect(window.endDate.toJSDate().toISOString()).toBe('2027-03-22T23:00:00.000Z');

    const due = events.filter((event) => event.uid.startsWith(`cuota-${course.id}-`));
    expect(due.map((event) => [event.startDate.isDate, event.startDate.toString(), event.summary])).toEqual([
      [true, '2027-03-10', `Vence la cuota de ${pesos(3000)} · Árbitros Provinciales`],
      [true, '2027-04-10', `Vence la cuota de ${pesos(3000)} · Árbitros Provinciales`],
    ]);
    const licence = events.find((event) => event.uid.startsWith('licencia-'))!;
    expect([licence.startDate.toString(), licence.summary]).toEqual(['2028-01-10', 'Vence tu licencia de Árbitro Provincial']);
    // Every DTSTAMP in UTC, as the standard asks.
    for (const event of events) expect(event.component.getFirstPropertyValue('dtstamp')!.toString()).toMatch(/Z$/);
  });

  it('moves a changed class under the same id with a higher sequence, and drops a paid instalment', async () => {
    const { course, trainee, saturday } = await traineeWithDates();
    const { url } = (await call(t.app, { url: '/api/me/calendar', cookie: trainee.cookie })).json();
    const before = parse((await call(t.app, { url: feedPath(url) })).body).byId(`clase-${saturday.id}@`)!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const moved = await call(t.app, {
      method: 'PUT',
      url: `/api/lessons/${saturday.id}`,
      cookie: admin,
      body: { date: '2027-03-06', time: '10:30', durationMinutes: 180, place: 'Club Ferro, Av. Avellaneda 1240', topic: 'Ley 8: faltas' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const pay = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/payments`,
      cookie: admin,
      body: { userId: trainee.id, amount: 3000, paidOn: '2027-03-01', method: 'efectivo', note: '' },
    });
    const { events, byId } = parse((await call(t.app, { url: feedPath(url) })).body);
    const after = byId(`clase-${saturday.id}@`)!;
    expect(events.filter((event) => event.uid === after.uid)).toHaveLength(1);
    expect(after.uid).toBe(before.uid);
    expect([after.startDate.hour, after.startDate.minute]).toEqual([10, 30]);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(pay.statusCode, pay.body).toBe(201);
    expect(events.filter((event) => event.uid.startsWith(`cuota-${course.id}-`)).map((event) => event.startDate.toString())).toEqual([
      '2027-04-10',
    ]);
  });

  it('refuses any other token with the same 404, and the old address once it is changed', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    const { url } = (await call(t.app, { url: '/api/me/calendar', cookie: trainee.cookie })).json();
    const wrong = feedPath(url).replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`);
    for (const path of [wrong, '/api/calendar/corto.ics', feedPath(url).replace('.ics', '.txt')]) {
      const response = await call(t.app, { url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.message).toBe('Esta dirección de calendario ya no existe: pedí la nueva en Mi cuenta → Calendario.');
    }
    const changed = await call(t.app, { method: 'POST', url: '/api/me/calendar/address', cookie: trainee.cookie });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().url).not.toBe(url);
    expect((await call(t.app, { url: feedPath(url) })).statusCode).toBe(404);
    expect((await call(t.app, { url: feedPath(changed.json().url) })).statusCode).toBe(200);
  });

  it('answers quickly for a person with many courses', async () => {
    const trainee = await signedIn(t.app, t.ctx, 'student');
    for (let i = 0; i < 30; i += 1) {
      const course = await buildCourse(t.ctx);
      await enableCourse(t.ctx, trainee.id, course.id);
      for (let d = 0; d < 10; d += 1) {
        await call(t.app, {
          method: 'POST',
          url: `/api/courses/${course.id}/lessons`,
          cookie: admin,
          body: { date: `2027-05-${String(d + 1).padStart(2, '0')}`, time: '09:00', durationMinutes: 120 },
        });
      }
    }
    const { url } = (await call(t.app, { url: '/api/me/calendar', cookie: trainee.cookie })).json();
    const feed = await call(t.app, { url: feedPath(url) });
    expect(parse(feed.body).events).toHaveLength(300);
    // Four statements whatever the number of courses (one per kind of date).
    const statements: string[] = [];
    const original = t.ctx.db.execute.bind(t.ctx.db);
    t.ctx.db.execute = ((query: Parameters<typeof original>[0]) => {
      statements.push('q');
      return original(query);
    }) as typeof original;
    try {
      await call(t.app, { url: feedPath(url) });
    } finally {
      t.ctx.db.execute = original;
    }
    expect(statements.length).toBeLessThanOrEqual(4);
  });
});

describe('one date as .ics', () => {
  it('gives a class and an exam window to whoever may see them, and the 404 of a missing one to anyone else', async () => {
    const { trainee, saturday, examId } = await traineeWithDates();
    const stranger = await signedIn(t.app, t.ctx, 'student');
    const one = await call(t.app, { url: `/api/lessons/${saturday.id}/event.ics`, cookie: trainee.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toBe('attachment; filename="clase.ics"');
    const { events } = parse(one.body);
    expect(events.map((event) => event.uid)).toEqual([`clase-${saturday.id}@localhost`]);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2027-03-06T12:00:00.000Z');
    expect((await call(t.app, { url: `/api/exams/${examId}/event.ics`, cookie: trainee.cookie })).statusCode).toBe(200);
    expect((await call(t.app, { url: `/api/lessons/${saturday.id}/event.ics`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/exams/${examId}/event.ics`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/lessons/${saturday.id}/event.ics` })).statusCode).toBe(401);
    expect((await call(t.app, { url: `/api/lessons/${saturday.id}/event.ics`, cookie: admin })).statusCode).toBe(200);
  });
});

describe('a cancelled class', () => {
  it('takes no attendance, and stands again when the instructor takes the cancellation back', async () => {
    const course = await buildCourse(t.ctx);
    const trainee = await signedIn(t.app, t.ctx, 'student');
    await enableCourse(t.ctx, trainee.id, course.id);
    t.ctx.clock.now = () => new Date();
    const now = new Date();
    const created = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/lessons`,
      cookie: admin,
      body: { date: dayOf(now), time: timeOf(now), durationMinutes: 120 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lessonId = created.json().lesson.id as string;
    const current = () => call(t.app, { url: `/api/courses/${course.id}/lessons/current`, cookie: trainee.cookie });
    expect((await current()).json().lesson?.id).toBe(lessonId);
    const cancel = (cancelled: boolean) =>
      call(t.app, { method: 'PUT', url: `/api/lessons/${lessonId}/cancelled`, cookie: admin, body: { cancelled } });
    expect((await cancel(true)).json().lesson).toMatchObject({ id: lessonId, cancelled: true });
    expect((await current()).json().lesson).toBeNull();
    // Twice is the same as once; the course's history says each change.
    expect((await cancel(true)).statusCode).toBe(200);
    expect((await cancel(false)).json().lesson.cancelled).toBe(false);
    expect((await current()).json().lesson?.id).toBe(lessonId);
    const log = await call(t.app, { url: `/api/courses/${course.id}/changes`, cookie: admin });
    const summaries = (log.json().entries as Array<{ summary: string }>).map((change) => change.summary);
    expect(summaries.filter((summary) => / cancelada$| otra vez en pie /.test(summary))).toHaveLength(2);
  });
});

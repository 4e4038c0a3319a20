// A course's team ('Equipo del curso'): who is on it and in which roles, each change in the
// course's record of changes (in the change's own transaction), and what each role then sees and
// does: an instructor runs the course, an assistant corrects and answers without seeing payments
// or observations, an observer reads records without payments, the treasurer sees payments only.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAccess, moduleAccess, recordChange, user as userTable } from '../../src/server/db/schema.ts';
import type { StaffRole } from '../../src/shared/course-roles.ts';
import { messages, teamMessages } from '../../src/shared/messages.ts';
import type { ProgressBoard } from '../../src/shared/schemas/progress.ts';
import type { TraineeRecord } from '../../src/shared/schemas/record.ts';
import type { Team } from '../../src/shared/schemas/team.ts';
import type { CourseLog } from '../../src/shared/schemas/course-log.ts';
import type { CourseOverview } from '../../src/shared/schemas/content.ts';
import { logChange } from '../../src/server/record/changes.ts';
import { createUser } from './helpers/builders.ts';
import { activityOf, buildCourse, buildModule, enableCourse, enableModule, signedIn, submitAnswers } from './helpers/content.ts';
import { multipart } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let course: { id: string };
let otherCourse: { id: string };
let moduleId: string;
let trainee: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  course = await buildCourse(t.ctx);
  otherCourse = await buildCourse(t.ctx);
  moduleId = (await buildModule(t.ctx, course.id)).id;
  trainee = await signedIn(t.app, t.ctx, 'student', { name: 'Tomás Alumno' });
  await enableModule(t.ctx, trainee.id, moduleId);
});

afterAll(async () => {
  await t?.close();
});

/** A person with an account, added to the course's team with `roles` by the administrator, and signed in. */
async function member(roles: StaffRole[], courseId = course.id, name?: string) {
  const person = await createUser(t.ctx, name ? { name } : {});
  const added = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${courseId}/team`,
    cookie: adminCookie,
    body: { userId: person.id, roles },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { ...person, cookie: await login(t.app, person.email, person.password) };
}

const teamOf = async (courseId: string, cookie = adminCookie) =>
  (await call(t.app, { url: `/api/courses/${courseId}/team`, cookie })).json() as Team;

const changesOf = async (courseId: string) =>
  (
    await t.ctx.db
      .select()
      .from(recordChange)
      .where(and(eq(recordChange.courseId, courseId), eq(recordChange.kind, 'equipo')))
      .orderBy(recordChange.at)
  ).map((row) => row.summary);

describe('the team', () => {
  it('adds a person with an account, with their roles, and writes who did it in the record of changes', async () => {
    const before = (await changesOf(course.id)).length;
    const ana = await member(['ayudante', 'instructor'], course.id, 'Ana Gómez');
    const team = await teamOf(course.id);
    expect(team.members.find((m) => m.userId === ana.id)).toMatchObject({ name: 'Ana Gómez', roles: ['instructor', 'ayudante'] });
    const changes = await changesOf(course.id);
    expect(changes.length).toBe(before + 1);
    expect(changes.at(-1)).toBe('Administrador agregó a Ana Gómez al equipo como Instructor y Ayudante');
    // Their session knows at once: the instructors' side opens for them, with this course.
    const session = await call(t.app, { url: '/api/auth/session', cookie: ana.cookie });
    expect(session.json()).toMatchObject({ user: { staff: true } });
    const teams = await call(t.app, { url: '/api/me/teams', cookie: ana.cookie });
    expect(teams.json()).toMatchObject({ courses: [{ courseId: course.id, roles: ['instructor', 'ayudante'] }] });
  });

  it('invites someone new by email, who gets the invitation to choose a password', async () => {
    const mails = t.mails.length;
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/team`,
      cookie: adminCookie,
      body: { name: 'Martín Pérez', email: 'martin.perez@example.com', roles: ['tesoreria'] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const added = (response.json() as { team: Team }).team.members.find((m) => m.email === 'martin.perez@example.com');
    expect(added).toMatchObject({ name: 'Martín Pérez', roles: ['tesoreria'], invitationPending: true });
    expect(t.mails.slice(mails).map((mail) => mail.to)).toEqual(['martin.perez@example.com']);
  });

  it('refuses what cannot be, in Spanish, and writes nothing', async () => {
    const before = (await changesOf(course.id)).length;
    const adminId = ((await call(t.app, { url: '/api/auth/session', cookie: adminCookie })).json() as { user: { id: string } }).user.id;
    const cases: Array<[object, number, string]> = [
      [{ userId: adminId, roles: ['ayudante'] }, 409, teamMessages.adminNeedsNoTeam],
      [{ userId: trainee.id, roles: ['ayudante'] }, 409, teamMessages.traineeOfCourse],
      [{ userId: (await createUser(t.ctx)).id, roles: [] }, 400, teamMessages.chooseRole],
      [{ userId: (await createUser(t.ctx)).id, roles: ['director'] }, 400, teamMessages.unknownRole],
      [{ userId: (await createUser(t.ctx)).id, roles: ['ayudante', 'ayudante'] }, 400, teamMessages.duplicateRole],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(t.app, { method: 'POST', url: `/api/courses/${course.id}/team`, cookie: adminCookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    // Someone already on the team: the change rolls back, and so does its entry.
    const ana = await member(['observador']);
    const again = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/team`,
      cookie: adminCookie,
      body: { userId: ana.id, roles: ['ayudante'] },
    });
    expect(again.statusCode).toBe(409);
    expect((await changesOf(course.id)).length).toBe(before + 1);
  });

  it('changes roles and removes from the team; what they did keeps their name', async () => {
    const bea = await member(['ayudante'], course.id, 'Bea Díaz');
    // Bea answers in the forum as the course's assistant.
    const posted = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${moduleId}/messages`,
      cookie: bea.cookie,
      body: { body: 'Revisá la regla 8' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ message: { authorName: 'Bea Díaz', isAdmin: true } });

    const changed = await call(t.app, {
      method: 'PUT',
      url: `/api/courses/${course.id}/team/${bea.id}`,
      cookie: adminCookie,
      body: { roles: ['observador', 'ayudante'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { team: Team }).team.members.find((m) => m.userId === bea.id)?.roles).toEqual(['ayudante', 'observador']);

    const removed = await call(t.app, { method: 'DELETE', url: `/api/courses/${course.id}/team/${bea.id}`, cookie: adminCookie });
    expect(removed.statusCode).toBe(204);
    expect((await teamOf(course.id)).members.some((m) => m.userId === bea.id)).toBe(false);
    expect((await changesOf(course.id)).slice(-2)).toEqual([
      'Administrador cambió los roles de Bea Díaz: ahora Ayudante y Observador',
      'Administrador quitó a Bea Díaz del equipo',
    ]);
    // Her session no longer reaches the course's pages of staff; her message stays, with her name.
    const board = await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: bea.cookie });
    expect(board.statusCode).toBe(403);
    const history = await call(t.app, { url: `/api/modules/${moduleId}/messages`, cookie: adminCookie });
    expect(history.json()).toMatchObject({ messages: [{ authorName: 'Bea Díaz', body: 'Revisá la regla 8' }] });
  });

  it('is managed by the course instructors too, not by an instructor of another course', async () => {
    const lead = await member(['instructor'], course.id, 'Laura Instructora');
    const other = await member(['instructor'], otherCourse.id);
    const person = await createUser(t.ctx, { name: 'Pablo Ayudante' });
    const byLead = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/team`,
      cookie: lead.cookie,
      body: { userId: person.id, roles: ['ayudante'] },
    });
    expect(byLead.statusCode, byLead.body).toBe(201);
    expect((await changesOf(course.id)).at(-1)).toBe('Laura Instructora agregó a Pablo Ayudante al equipo como Ayudante');
    const byOther = await call(t.app, { url: `/api/courses/${course.id}/team`, cookie: other.cookie });
    expect(byOther.statusCode).toBe(404);
    // The search finds people by name or email, with what they already are in the course.
    const found = await call(t.app, { url: `/api/courses/${course.id}/team/candidates?q=pablo`, cookie: lead.cookie });
    expect(found.json()).toMatchObject({ people: [{ name: 'Pablo Ayudante', roles: ['ayudante'], trainee: false }] });
    const trainees = await call(t.app, { url: `/api/courses/${course.id}/team/candidates?q=tomás`, cookie: lead.cookie });
    expect(trainees.json()).toMatchObject({ people: [{ name: 'Tomás Alumno', trainee: true }] });
  });
});

describe('a team member is not a trainee of the same course', () => {
  it('refuses enabling the course or a module for them, in Spanish, and writes nothing; another course can', async () => {
    const ayudante = await member(['ayudante'], course.id);
    for (const url of [`/api/users/${ayudante.id}/courses/${course.id}/access`, `/api/users/${ayudante.id}/modules/${moduleId}/access`]) {
      const refused = await call(t.app, { method: 'PUT', url, cookie: adminCookie, body: { enabled: true } });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: teamMessages.memberNotTrainee } });
    }
    expect(await t.ctx.db.select().from(courseAccess).where(eq(courseAccess.userId, ayudante.id))).toEqual([]);
    expect(await t.ctx.db.select().from(moduleAccess).where(eq(moduleAccess.userId, ayudante.id))).toEqual([]);
    const elsewhere = await call(t.app, {
      method: 'PUT',
      url: `/api/users/${ayudante.id}/courses/${otherCourse.id}/access`,
      cookie: adminCookie,
      body: { enabled: true },
    });
    expect(elsewhere.statusCode).toBe(204);
  });
});

describe('each role sees its part', () => {
  it('an assistant corrects and sees the board without payments or observations; no record, no payments', async () => {
    const assistant = await member(['ayudante']);
    const reviewee = await createUser(t.ctx);
    await enableModule(t.ctx, reviewee.id, moduleId);
    await submitAnswers(t.ctx, reviewee.id, moduleId);
    // A submission in another course: not in this assistant's queue.
    const elsewhere = await createUser(t.ctx);
    const otherModule = await buildModule(t.ctx, otherCourse.id);
    await enableModule(t.ctx, elsewhere.id, otherModule.id);
    await submitAnswers(t.ctx, elsewhere.id, otherModule.id);

    const queue = (await call(t.app, { url: '/api/review-queue', cookie: assistant.cookie })).json() as { items: { courseId: string }[] };
    expect(queue.items.length).toBeGreaterThan(0);
    expect(queue.items.every((item) => item.courseId === course.id)).toBe(true);

    const { row, items } = await activityOf(t.ctx, reviewee.id, moduleId);
    const corrected = await call(t.app, {
      method: 'POST',
      url: `/api/activities/${row.id}/correction`,
      cookie: assistant.cookie,
      body: { version: row.version, items: items.map((item) => ({ itemId: item.id, correct: true, feedback: null })) },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const board = (await call(t.app, { url: `/api/courses/${course.id}/progress`, cookie: assistant.cookie })).json() as ProgressBoard;
    expect(board.shows).toEqual({ payments: false, observations: false });
    expect(board.students.every((student) => student.payments === null && student.observations === null)).toBe(true);
    const csv = await call(t.app, { url: `/api/courses/${course.id}/progress.csv`, cookie: assistant.cookie });
    expect(csv.body.split('\n')[0]).not.toMatch(/Pagos|Observaciones/);

    for (const url of [`/api/courses/${course.id}/trainees/${trainee.id}/record`, `/api/courses/${course.id}/payments`]) {
      expect((await call(t.app, { url, cookie: assistant.cookie })).statusCode, url).toBe(403);
    }
  });

  it('an observer reads a record without its payments, nor the changes to them', async () => {
    const treasurer = await member(['tesoreria'], course.id, 'Tere Tesorera');
    await enableCourse(t.ctx, trainee.id, course.id);
    const paid = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/payments`,
      cookie: treasurer.cookie,
      body: { userId: trainee.id, amount: 3000, paidOn: '2026-11-20', method: 'efectivo' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const observer = await member(['observador']);
    const record = (
      await call(t.app, { url: `/api/courses/${course.id}/trainees/${trainee.id}/record`, cookie: observer.cookie })
    ).json() as TraineeRecord;
    expect(record.payments).toBeNull();
    expect(record.changes.some((change) => change.summary.startsWith('Pago de'))).toBe(false);
    // The instructor reads it whole.
    const instructor = await member(['instructor']);
    const whole = (
      await call(t.app, { url: `/api/courses/${course.id}/trainees/${trainee.id}/record`, cookie: instructor.cookie })
    ).json() as TraineeRecord;
    expect(whole.payments?.payments.map((payment) => payment.amount)).toEqual([3000]);
    expect(whole.changes.some((change) => change.summary.startsWith('Pago de') && change.actorName === 'Tere Tesorera')).toBe(true);
    // But records no payment without 'Tesorería'.
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/payments`,
      cookie: instructor.cookie,
      body: { userId: trainee.id, amount: 100, paidOn: '2026-11-20', method: 'efectivo' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('the treasurer sees payments, and nothing of grades, answers or observations', async () => {
    const treasurer = await member(['tesoreria']);
    expect((await call(t.app, { url: `/api/courses/${course.id}/payments`, cookie: treasurer.cookie })).statusCode).toBe(200);
    for (const url of [
      `/api/courses/${course.id}/progress`,
      `/api/courses/${course.id}/trainees/${trainee.id}/record`,
      `/api/courses/${course.id}/trainees/${trainee.id}/observations`,
      `/api/users/${trainee.id}/modules/${moduleId}/activity`,
      '/api/review-queue',
    ]) {
      expect((await call(t.app, { url, cookie: treasurer.cookie })).statusCode, url).toBe(403);
    }
    // Their home lists the course, with their role.
    const overview = await call(t.app, { url: '/api/courses/overview', cookie: treasurer.cookie });
    expect(overview.json()).toMatchObject({ courses: [{ id: course.id, roles: ['tesoreria'] }] });
  });
});

describe('an instructor brings trainees into their own course', () => {
  const classList = (courseId: string | null, rows: string) =>
    multipart([
      ...(courseId ? [{ name: 'courseId', value: courseId }] : []),
      { name: 'file', filename: 'alumnos.csv', content: Buffer.from(`nombre;email\n${rows}`), contentType: 'text/csv' },
    ]);
  const enrolled = async (userId: string) =>
    (await t.ctx.db.select().from(courseAccess).where(eq(courseAccess.userId, userId))).map((row) => [row.courseId, row.enabled]);

  it('creates a trainee enrolled in the course, with its first module, and says who did it', async () => {
    const instructor = await member(['instructor'], course.id, 'Irene Instructora');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      cookie: instructor.cookie,
      body: { name: 'Nahuel Nuevo', email: 'nahuel.nuevo@example.com', courseId: course.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { user } = response.json() as { user: { id: string; role: string } };
    expect(user.role).toBe('student');
    expect(await enrolled(user.id)).toEqual([[course.id, true]]);
    const [access] = await t.ctx.db.select().from(moduleAccess).where(eq(moduleAccess.userId, user.id));
    expect(access).toMatchObject({ moduleId, enabled: true });
    const [change] = await t.ctx.db.select().from(recordChange).where(eq(recordChange.userId, user.id));
    expect(change).toMatchObject({ courseId: course.id, kind: 'acceso', actorName: 'Irene Instructora', summary: messages.enrolledLog });
    // The invitation went out, as for an administrator's.
    expect(t.mails.some((mail) => mail.to === 'nahuel.nuevo@example.com')).toBe(true);
  });

  it('never an administrator, never without a course, never in a course not theirs: refused in Spanish, nothing written', async () => {
    const instructor = await member(['instructor'], course.id);
    const create = (body: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/api/users', cookie: instructor.cookie, body });
    const admin = await create({ name: 'Quiere Ser', email: 'quiere.admin@example.com', role: 'admin', courseId: course.id });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({
      error: { message: messages.onlyAdminsCreateAdmins, fields: { role: messages.onlyAdminsCreateAdmins } },
    });
    const noCourse = await create({ name: 'Sin Curso', email: 'sin.curso@example.com' });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json()).toMatchObject({ error: { fields: { courseId: messages.traineeCourseRequired } } });
    const other = await create({ name: 'Otro Curso', email: 'otro.curso@example.com', courseId: otherCourse.id });
    expect(other.statusCode).toBe(404);
    const imported = await call(t.app, {
      method: 'POST',
      url: '/api/users/import',
      cookie: instructor.cookie,
      ...classList(null, 'Sin Curso;sin.curso.csv@example.com\n'),
    });
    expect(imported.statusCode).toBe(400);
    const users = await t.ctx.db
      .select()
      .from(userTable)
      .where(
        inArray(userTable.email, [
          'quiere.admin@example.com',
          'sin.curso@example.com',
          'otro.curso@example.com',
          'sin.curso.csv@example.com',
        ]),
      );
    expect(users).toEqual([]);
  });

  it('imports a class list into the course, each trainee enrolled; an assistant cannot', async () => {
    const instructor = await member(['instructor'], course.id, 'Irene Importa');
    const rows = 'Uno Importado;uno.importado@example.com\nDos Importado;dos.importado@example.com\n';
    const preview = await call(t.app, {
      method: 'POST',
      url: '/api/users/import/preview',
      cookie: instructor.cookie,
      ...classList(course.id, rows),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valid: 2, course: { id: course.id } });
    const done = await call(t.app, { method: 'POST', url: '/api/users/import', cookie: instructor.cookie, ...classList(course.id, rows) });
    expect(done.statusCode, done.body).toBe(200);
    const created = await t.ctx.db
      .select()
      .from(userTable)
      .where(inArray(userTable.email, ['uno.importado@example.com', 'dos.importado@example.com']));
    expect(created).toHaveLength(2);
    for (const person of created) expect(await enrolled(person.id)).toEqual([[course.id, true]]);
    const changes = await t.ctx.db
      .select()
      .from(recordChange)
      .where(
        inArray(
          recordChange.userId,
          created.map((person) => person.id),
        ),
      );
    expect(changes.map((change) => change.actorName)).toEqual(['Irene Importa', 'Irene Importa']);

    const assistant = await member(['ayudante'], course.id);
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/users/import',
      cookie: assistant.cookie,
      ...classList(course.id, 'Tres Importado;tres.importado@example.com\n'),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the course's record of changes", () => {
  it('lists every kind of change with who and when, filters them, and exports a CSV with formula cells escaped', async () => {
    const ines = await member(['instructor'], course.id, 'Inés Registro');
    const tesorera = await member(['tesoreria'], course.id, 'Tesorera Registro');
    await enableCourse(t.ctx, trainee.id, course.id);
    // A payment, a module blocked for the trainee, and a correction: each written with its change.
    const paid = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/payments`,
      cookie: tesorera.cookie,
      body: { userId: trainee.id, amount: 1500, paidOn: '2026-11-21', method: 'efectivo', note: '=HYPERLINK("x")' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const blocked = await call(t.app, {
      method: 'PUT',
      url: `/api/users/${trainee.id}/modules/${moduleId}/access`,
      cookie: ines.cookie,
      body: { enabled: false },
    });
    expect(blocked.statusCode, blocked.body).toBe(204);

    const log = (await call(t.app, { url: `/api/courses/${course.id}/changes`, cookie: ines.cookie })).json() as CourseLog;
    const kinds = new Set(log.entries.map((entry) => entry.kind));
    for (const kind of ['equipo', 'pagos', 'acceso', 'correcciones']) expect(kinds, kind).toContain(kind);
    expect(log.entries.find((entry) => entry.kind === 'acceso')).toMatchObject({
      actorName: 'Inés Registro',
      traineeName: 'Tomás Alumno',
      summary: expect.stringContaining('bloqueado'),
    });
    // Newest first.
    const times = log.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const onlyPayments = (
      await call(t.app, { url: `/api/courses/${course.id}/changes?tipo=pagos&persona=tesorera`, cookie: ines.cookie })
    ).json() as CourseLog;
    expect(onlyPayments.entries.length).toBeGreaterThan(0);
    expect(
      onlyPayments.entries.every((entry) => entry.kind === 'pagos' && /tesorera/i.test(`${entry.actorName} ${entry.traineeName}`)),
    ).toBe(true);
    const future = (
      await call(t.app, { url: `/api/courses/${course.id}/changes?desde=2099-01-01`, cookie: ines.cookie })
    ).json() as CourseLog;
    expect(future.entries).toEqual([]);
    const backwards = await call(t.app, {
      url: `/api/courses/${course.id}/changes?desde=2026-12-01&hasta=2026-11-01`,
      cookie: ines.cookie,
    });
    expect(backwards.statusCode).toBe(400);

    // An entry whose text starts like a formula is written as text.
    await logChange(t.ctx.db, {
      kind: 'otros',
      courseId: course.id,
      userId: null,
      actor: { id: ines.id, name: '=cmd|calc' },
      summary: '+SUM(A1)',
    });
    const csv = await call(t.app, { url: `/api/courses/${course.id}/changes.csv`, cookie: ines.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFFecha;Hora;Quién;Alumno;Tipo;Cambio');
    expect(csv.body).toContain(";'=cmd|calc;;Otros cambios;'+SUM(A1)");
    // Others on the team do not read it.
    expect((await call(t.app, { url: `/api/courses/${course.id}/changes`, cookie: tesorera.cookie })).statusCode).toBe(403);
  });

  it('is append-only: nothing edits or deletes an entry, and a change that rolls back leaves none', async () => {
    const [entry] = await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, course.id)).limit(1);
    await expect(t.ctx.db.update(recordChange).set({ summary: 'otra cosa' }).where(eq(recordChange.id, entry!.id))).rejects.toThrow();
    await expect(t.ctx.db.delete(recordChange).where(eq(recordChange.id, entry!.id))).rejects.toThrow();
    const before = await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, course.id));
    // A payment refused midway (no such trainee in the course) writes no entry.
    const treasurer = await member(['tesoreria']);
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${course.id}/payments`,
      cookie: treasurer.cookie,
      body: { userId: (await createUser(t.ctx)).id, amount: 100, paidOn: '2026-11-21', method: 'efectivo' },
    });
    expect(refused.statusCode).toBe(404);
    const after = await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, course.id));
    expect(after.length).toBe(before.length + 1); // the treasurer joining the team, nothing else
  });
});

describe("each member's home", () => {
  it('counts what waits in payments and approval for whoever sees each, and nothing of courses they are not in', async () => {
    const homeCourse = await buildCourse(t.ctx);
    const owing = await createUser(t.ctx);
    await enableCourse(t.ctx, owing.id, homeCourse.id);
    const treasurer = await member(['tesoreria'], homeCourse.id);
    const instructor = await member(['instructor'], homeCourse.id);
    // A plan whose first instalment fell due long ago, held by the trainee, nothing paid.
    const plan = await call(t.app, {
      method: 'PUT',
      url: `/api/courses/${homeCourse.id}/payment-plan`,
      cookie: treasurer.cookie,
      body: { options: [{ label: 'Contado', instalments: [{ amount: 5000, dueDate: '2026-01-10' }] }], reminders: false },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const optionId = (plan.json() as { options: { id: string }[] }).options[0]!.id;
    const held = await call(t.app, {
      method: 'PUT',
      url: `/api/courses/${homeCourse.id}/trainees/${owing.id}/payment-option`,
      cookie: treasurer.cookie,
      body: { optionId },
    });
    expect(held.statusCode, held.body).toBe(200);
    // No requirements: every trainee is 'Apto', none has a certificate.
    const approval = await call(t.app, {
      method: 'PUT',
      url: `/api/courses/${homeCourse.id}/approval`,
      cookie: instructor.cookie,
      body: {
        requirements: {
          minAttendancePercent: null,
          examIds: [],
          allActivities: false,
          minJugadasPercent: null,
          fitness: false,
          minObservationAverage: null,
          paymentsUpToDate: false,
        },
        licence: { level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 },
      },
    });
    expect(approval.statusCode, approval.body).toBe(200);

    const homeOf = async (cookie: string) =>
      ((await call(t.app, { url: '/api/courses/overview?pendientes=1', cookie })).json() as { courses: CourseOverview[] }).courses;
    expect(await homeOf(treasurer.cookie)).toEqual([
      expect.objectContaining({ id: homeCourse.id, overdueTrainees: 1, roles: ['tesoreria'] }),
    ]);
    expect((await homeOf(treasurer.cookie))[0]!.aptosWithoutCertificate).toBeUndefined();
    const seen = await homeOf(instructor.cookie);
    expect(seen).toEqual([expect.objectContaining({ id: homeCourse.id, aptosWithoutCertificate: 1 })]);
    // The instructor sees payment status too; without asking, nothing extra is counted.
    expect(seen[0]!.overdueTrainees).toBe(1);
    const plain = ((await call(t.app, { url: '/api/courses/overview', cookie: instructor.cookie })).json() as { courses: CourseOverview[] })
      .courses;
    expect(plain[0]!.overdueTrainees).toBeUndefined();
    expect((await call(t.app, { url: '/api/courses/overview?pendientes=2', cookie: instructor.cookie })).statusCode).toBe(400);
  });
});

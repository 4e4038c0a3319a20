// The admin's user list (GET /api/users): pages of 10 over a few thousand users, search, and
// the users with a submission awaiting correction first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, user as userTable } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, signedIn } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

const COUNT = 3000;
const SURNAMES = ['González', 'Pérez', 'Fernández', 'Núñez', 'Sosa', 'Martín'];
/** Users whose activity awaits correction: listed first. */
const PENDING = [18, 1503, 2999];

interface Listed {
  id: string;
  name: string;
  email: string;
  role: string;
  pending: boolean;
  invitationPending: boolean;
}

let t: TestApp;
let adminCookie: string;
/** Everyone, in the order the list must show them. */
let expected: Listed[];

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [admin] = await t.ctx.db.select().from(userTable);

  // Names start with a zero-padded number, so every collation sorts them the same way.
  const bulk = Array.from({ length: COUNT }, (_, i) => ({
    id: randomUUID(),
    name: `Alumno ${String(i).padStart(4, '0')} ${SURNAMES[i % SURNAMES.length]}`,
    email: `alumno${String(i).padStart(4, '0')}@example.com`,
    role: 'student',
  }));
  for (let start = 0; start < bulk.length; start += 1000) {
    await t.ctx.db.insert(userTable).values(bulk.slice(start, start + 1000));
  }

  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  const awaiting = PENDING.map((i) => bulk[i]!);
  await t.ctx.db.insert(activity).values([
    ...awaiting.map((u) => ({ id: randomUUID(), userId: u.id, moduleId: module.id, submitted: true, submittedAt: new Date() })),
    // Answered but not submitted, and corrected already: not pending.
    { id: randomUUID(), userId: bulk[5]!.id, moduleId: module.id, submitted: false },
    { id: randomUUID(), userId: bulk[6]!.id, moduleId: module.id, submitted: false, correctedAt: new Date() },
  ]);

  const listed = (u: { id: string; name: string; email: string; role: string }, pending: boolean): Listed => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    pending,
    // The bulk users were inserted without a password: as if invited and not there yet.
    invitationPending: u.id !== admin!.id,
  });
  const pendingIds = new Set(awaiting.map((u) => u.id));
  expected = [
    ...awaiting.map((u) => listed(u, true)),
    listed(admin!, false),
    ...bulk.filter((u) => !pendingIds.has(u.id)).map((u) => listed(u, false)),
  ];
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string, cookie = adminCookie) {
  const response = await call(t.app, { url: `/api/users${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { users: Listed[]; total: number; page: number; pageSize: number };
}

describe('GET /api/users paging', () => {
  it('starts with the users awaiting correction, then everyone by name, ten per page', async () => {
    const page = await list('');
    expect(page).toEqual({ users: expected.slice(0, 10), total: COUNT + 1, page: 1, pageSize: 10 });
    expect(page.users.slice(0, 3).map((u) => u.name)).toEqual(['Alumno 0018 González', 'Alumno 1503 Núñez', 'Alumno 2999 Martín']);
    expect(page.users.slice(3).every((u) => !u.pending)).toBe(true);
  });

  it('gives the right slice for a middle page', async () => {
    const page = await list('?page=150');
    expect(page.users).toEqual(expected.slice(1490, 1500));
    expect(page.total).toBe(COUNT + 1);
  });

  it('gives the last page partly filled, and an empty page past the end', async () => {
    const lastPage = Math.ceil((COUNT + 1) / 10);
    const last = await list(`?page=${lastPage}`);
    expect(last.users).toEqual(expected.slice((lastPage - 1) * 10));
    expect(last.users).toHaveLength(1);
    expect(last.users[0]?.name).toBe('Alumno 2998 Sosa');

    const beyond = await list(`?page=${lastPage + 1}`);
    expect(beyond).toEqual({ users: [], total: COUNT + 1, page: lastPage + 1, pageSize: 10 });
  });

  it('joins pages without repeating or missing anyone where the pending group ends and at the end', async () => {
    for (const page of [1, 2, 299, 300]) {
      expect((await list(`?page=${page}`)).users).toEqual(expected.slice((page - 1) * 10, page * 10));
    }
  });
});

describe('GET /api/users search', () => {
  const gonzalez = () => expected.filter((u) => u.name.endsWith('González'));

  it.each(['gonzalez', 'GONZALEZ', 'González', 'gonzález', 'onzál'])('finds "González" when searching %s', async (search) => {
    const page = await list(`?search=${encodeURIComponent(search)}`);
    expect(page.total).toBe(COUNT / SURNAMES.length);
    expect(page.users).toEqual(gonzalez().slice(0, 10));
    expect(page.users[0]).toMatchObject({ name: 'Alumno 0018 González', pending: true });
  });

  it('pages through search results', async () => {
    const page = await list(`?search=gonzalez&page=50`);
    expect(page.users).toEqual(gonzalez().slice(490, 500));
    expect(page.users).toHaveLength(10);
  });

  it('searches the email too, and trims the text typed', async () => {
    const page = await list(`?search=${encodeURIComponent('  ALUMNO0042@EXAMPLE ')}`);
    expect(page.users).toEqual([expect.objectContaining({ email: 'alumno0042@example.com', name: 'Alumno 0042 González' })]);
    expect(page.total).toBe(1);
  });

  it('takes % and _ literally', async () => {
    expect(await list(`?search=${encodeURIComponent('%')}`)).toMatchObject({ users: [], total: 0 });
    expect(await list(`?search=${encodeURIComponent('alumno_042')}`)).toMatchObject({ users: [], total: 0 });
  });

  it('finds nobody for a text nobody has', async () => {
    expect(await list('?search=zzzz')).toEqual({ users: [], total: 0, page: 1, pageSize: 10 });
  });
});

describe('GET /api/users refusals', () => {
  it('answers 401 to an anonymous visitor and 403 to a student', async () => {
    const anonymous = await call(t.app, { url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
    const student = await signedIn(t.app, t.ctx);
    const forbidden = await call(t.app, { url: '/api/users?search=gonzalez', cookie: student.cookie });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
  });

  it.each([
    ['page=0', 'La página debe ser 1 o más'],
    ['page=-3', 'La página debe ser 1 o más'],
    ['page=1.5', undefined],
    ['page=abc', undefined],
    [`search=${'a'.repeat(201)}`, 'La búsqueda no puede tener más de 200 caracteres'],
  ])('answers ?%s with 400 and a Spanish message', async (query, message) => {
    const response = await call(t.app, { url: `/api/users?${query}`, cookie: adminCookie });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('BAD_REQUEST');
    if (message) expect(error.message).toBe(message);
    else expect(error.message).toMatch(/inválid|esperaba/i);
  });
});

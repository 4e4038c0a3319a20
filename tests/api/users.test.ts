import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { passwordTooShort } from '../../src/shared/schemas/auth.ts';
import { createUser } from './helpers/builders.ts';
import { call, login, postLogin } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
function newUserBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Nueva Persona ${counter}`, email: `nueva-${counter}@example.com`, password: 'clave-segura', ...overrides };
}

function postUser(body: unknown, cookie?: string) {
  return call(t.app, { method: 'POST', url: '/api/users', body, ...(cookie ? { cookie } : {}) });
}

async function countUsers() {
  return (await t.ctx.db.select({ id: userTable.id }).from(userTable)).length;
}

describe('POST /api/users', () => {
  it('answers 401 to an anonymous visitor and creates nothing', async () => {
    const before = await countUsers();
    const response = await postUser(newUserBody());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
    expect(await countUsers()).toBe(before);
  });

  it('answers 403 to a student and creates nothing', async () => {
    const student = await createUser(t.ctx, { role: 'student' });
    const cookie = await login(t.app, student.email, student.password);
    const before = await countUsers();
    const response = await postUser(newUserBody({ role: 'admin' }), cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a 5-character password', { password: '12345' }, 'password', passwordTooShort],
    ['an empty password (leaving it out sends an invitation instead)', { password: '' }, 'password', messages.required],
    ['a malformed email', { email: 'nueva@' }, 'email', messages.invalidEmail],
    ['a missing email', { email: undefined }, 'email', messages.required],
    ['a missing name', { name: undefined }, 'name', messages.required],
    ['a blank name', { name: '   ' }, 'name', messages.required],
    ['an unknown role', { role: 'superadmin' }, 'role', undefined],
  ])('answers %s with 400 and creates nothing', async (_case, overrides, field, message) => {
    const before = await countUsers();
    const body = JSON.parse(JSON.stringify(newUserBody(overrides))) as Record<string, unknown>;
    const response = await postUser(body, adminCookie);
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(error.code).toBe('BAD_REQUEST');
    expect(Object.keys(error.fields)).toEqual([field]);
    if (message) expect(error.message).toBe(message);
    else expect(error.message).toMatch(/^Opción inválida/);
    expect(await countUsers()).toBe(before);
  });

  it('creates a student who can then sign in', async () => {
    const body = newUserBody({ email: '  Ana.Perez@Example.com ' });
    const response = await postUser(body, adminCookie);

    expect(response.statusCode).toBe(201);
    const created = response.json().user as { id: string; name: string; email: string; role: string };
    expect(created).toEqual({ id: expect.any(String), name: body.name, email: 'ana.perez@example.com', role: 'student', staff: false });
    expect(Object.keys(response.json())).toEqual(['user']);

    const signIn = await postLogin(t.app, 'ana.perez@example.com', body.password as string);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toEqual(created);
  });

  it('creates an admin when asked, and the new admin can create users', async () => {
    const body = newUserBody({ role: 'admin' });
    const response = await postUser(body, adminCookie);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('admin');

    const [row] = await t.ctx.db
      .select()
      .from(userTable)
      .where(eq(userTable.email, body.email as string));
    expect(row?.role).toBe('admin');

    const newAdminCookie = await login(t.app, body.email as string, body.password as string);
    expect((await postUser(newUserBody(), newAdminCookie)).statusCode).toBe(201);
  });

  it('answers 409 EMAIL_TAKEN for an email already in use, whatever its case, and keeps the first account', async () => {
    const first = newUserBody();
    expect((await postUser(first, adminCookie)).statusCode).toBe(201);
    const before = await countUsers();

    const duplicate = await postUser(newUserBody({ email: (first.email as string).toUpperCase(), password: 'otra-clave' }), adminCookie);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: { code: 'EMAIL_TAKEN', message: messages.emailTaken, fields: { email: messages.emailTaken } },
    });
    expect(await countUsers()).toBe(before);
    expect((await postLogin(t.app, first.email as string, first.password as string)).statusCode).toBe(200);
    expect((await postLogin(t.app, first.email as string, 'otra-clave')).statusCode).toBe(401);
  });

  it('never sends the password back', async () => {
    const response = await postUser(newUserBody({ password: 'no-me-muestres' }), adminCookie);
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('no-me-muestres');
  });
});

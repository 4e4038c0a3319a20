import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course as courseTable } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, createImage, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let imageId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = await signedIn(t.app, t.ctx);
  imageId = await createImage(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

const allCourses = () => t.ctx.db.select().from(courseTable).orderBy(courseTable.createdAt);
const courseRow = async (id: string) => (await t.ctx.db.select().from(courseTable).where(eq(courseTable.id, id)))[0];
const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Reglamento 2025',
  description: 'Bienvenidos al curso.',
  imageId,
  ...overrides,
});

describe('GET /api/courses', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const response = await call(t.app, { url: '/api/courses' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
  });

  it('gives the admin every course and a student only the ones enabled for them', async () => {
    const enabled = await buildCourse(t.ctx, { name: 'Habilitado' });
    const blocked = await buildCourse(t.ctx, { name: 'Bloqueado' });
    const neverGiven = await buildCourse(t.ctx, { name: 'Nunca habilitado' });
    await enableCourse(t.ctx, student.id, enabled.id);
    await enableCourse(t.ctx, student.id, blocked.id);
    await enableCourse(t.ctx, student.id, blocked.id, false);

    const asAdmin = await call(t.app, { url: '/api/courses', cookie: adminCookie });
    expect(asAdmin.statusCode).toBe(200);
    const adminIds = (asAdmin.json().courses as { id: string }[]).map((c) => c.id);
    expect(adminIds).toEqual(expect.arrayContaining([enabled.id, blocked.id, neverGiven.id]));
    expect(adminIds).toHaveLength((await allCourses()).length);

    const asStudent = await call(t.app, { url: '/api/courses', cookie: student.cookie });
    expect(asStudent.statusCode).toBe(200);
    expect(asStudent.json()).toEqual({
      courses: [{ id: enabled.id, name: 'Habilitado', description: enabled.description, imageUrl: `/api/images/${enabled.imageId}` }],
    });
  });

  it('gives a student with nothing enabled an empty list', async () => {
    const newcomer = await signedIn(t.app, t.ctx);
    const response = await call(t.app, { url: '/api/courses', cookie: newcomer.cookie });
    expect(response.json()).toEqual({ courses: [] });
  });
});

describe('POST /api/courses', () => {
  const post = (body: unknown, cookie?: string, headers?: Record<string, string>) =>
    call(t.app, { method: 'POST', url: '/api/courses', body, ...(cookie ? { cookie } : {}), ...(headers ? { headers } : {}) });

  it('answers 401 to an anonymous visitor and creates nothing', async () => {
    const before = (await allCourses()).length;
    expect((await post(validBody())).statusCode).toBe(401);
    expect((await allCourses()).length).toBe(before);
  });

  it('answers 403 to a student and creates nothing', async () => {
    const before = (await allCourses()).length;
    const response = await post(validBody(), student.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
    expect((await allCourses()).length).toBe(before);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', messages.requiredField],
    ['a blank name', { name: '   ' }, 'name', messages.requiredField],
    ['a 121-character name', { name: 'x'.repeat(121) }, 'name', 'El nombre no puede tener más de 120 caracteres'],
    ['a missing description', { description: undefined }, 'description', messages.requiredField],
    ['a missing image', { imageId: undefined }, 'imageId', messages.incomplete],
    ['an image that does not exist', { imageId: unknownId() }, 'imageId', messages.incomplete],
    ['a malformed image id', { imageId: '../etc/passwd' }, 'imageId', messages.incomplete],
    ['a name that is not text', { name: 42 }, 'name', messages.requiredField],
  ])('answers %s with 400 and a Spanish message, creating nothing', async (_case, overrides, field, message) => {
    const before = (await allCourses()).length;
    const response = await post(JSON.parse(JSON.stringify(validBody(overrides))), adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message, fields: { [field]: message } });
    expect((await allCourses()).length).toBe(before);
  });

  it('answers malformed JSON with 400, a non-JSON body with 415 and a huge body with 413, creating nothing', async () => {
    const before = (await allCourses()).length;
    const broken = await post('{"name": "Curso', adminCookie, { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'BAD_REQUEST', message: messages.invalidJson });

    const form = await post('name=Curso', adminCookie, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType });

    const text = await post('Curso', adminCookie, { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/^Entrada inválida/);

    const huge = await post(validBody({ description: 'x'.repeat(1024 * 1024 + 1) }), adminCookie);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge });
    expect((await allCourses()).length).toBe(before);
  });

  it('creates a course with a server-made id, trimming the texts', async () => {
    const response = await post(validBody({ name: '  Reglamento 2025  ', id: 'inicio' }), adminCookie);
    expect(response.statusCode).toBe(201);
    const created = response.json().course;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Reglamento 2025',
      description: 'Bienvenidos al curso.',
      imageUrl: `/api/images/${imageId}`,
    });
    expect(created.id).not.toBe('inicio');
    expect(await courseRow(created.id)).toMatchObject({ name: 'Reglamento 2025', imageId });

    const list = await call(t.app, { url: '/api/courses', cookie: adminCookie });
    expect(list.json().courses).toContainEqual(created);
  });
});

describe('GET /api/courses/:courseId', () => {
  it('answers 401, 404 (course not enabled or blocked, as for an unknown one) and 400, and the course to whoever may see it', async () => {
    const course = await buildCourse(t.ctx);
    const url = `/api/courses/${course.id}`;
    expect((await call(t.app, { url })).statusCode).toBe(401);

    const hidden = await call(t.app, { url, cookie: student.cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.courseNotFound } });

    await enableCourse(t.ctx, student.id, course.id);
    const allowed = await call(t.app, { url, cookie: student.cookie });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().course).toMatchObject({ id: course.id, name: course.name, description: course.description });

    await enableCourse(t.ctx, student.id, course.id, false);
    expect((await call(t.app, { url, cookie: student.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url, cookie: adminCookie })).statusCode).toBe(200);

    const unknown = await call(t.app, { url: `/api/courses/${unknownId()}`, cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'El curso no existe.' } });

    const malformed = await call(t.app, { url: '/api/courses/no%20v%C3%A1lido', cookie: adminCookie });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'El identificador no es válido.' });
  });
});

describe('PATCH /api/courses/:courseId', () => {
  const patch = (id: string, body: unknown, cookie?: string) =>
    call(t.app, { method: 'PATCH', url: `/api/courses/${id}`, body, ...(cookie ? { cookie } : {}) });

  it('answers 401 and 403 and changes nothing', async () => {
    const course = await buildCourse(t.ctx);
    expect((await patch(course.id, { name: 'Hackeado' })).statusCode).toBe(401);
    await enableCourse(t.ctx, student.id, course.id);
    const response = await patch(course.id, { name: 'Hackeado' }, student.cookie);
    expect(response.statusCode).toBe(403);
    expect((await courseRow(course.id))?.name).toBe(course.name);
  });

  it('answers 404 for an unknown course', async () => {
    const response = await patch(unknownId(), { name: 'Nuevo' }, adminCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El curso no existe.' });
  });

  it.each([
    ['a blank name', { name: '' }, messages.requiredField],
    ['a blank description', { description: '  ' }, messages.requiredField],
    ['an image that does not exist', { imageId: unknownId() }, messages.incomplete],
  ])('answers %s with 400 and leaves the course as it was', async (_case, body, message) => {
    const course = await buildCourse(t.ctx);
    const response = await patch(course.id, { name: 'Otro nombre', ...body }, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await courseRow(course.id)).toEqual(course);
  });

  it('changes only the fields sent', async () => {
    const course = await buildCourse(t.ctx);
    const newImage = await createImage(t.ctx);
    const response = await patch(course.id, { description: 'Clases los sábados a la mañana.', imageId: newImage }, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().course).toEqual({
      id: course.id,
      name: course.name,
      description: 'Clases los sábados a la mañana.',
      imageUrl: `/api/images/${newImage}`,
    });
    expect(await courseRow(course.id)).toMatchObject({
      name: course.name,
      description: 'Clases los sábados a la mañana.',
      imageId: newImage,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { course, courseModule, image } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { IMAGE_MAX_BYTES } from '../../src/shared/schemas/content.ts';
import { buildCourse, buildModule, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { jpegBytes, listFiles, multipart, storedFiles, pdfBytes, pngBytes, webpBytes, type Part } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let studentCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  studentCookie = (await signedIn(t.app, t.ctx)).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** Uploads as the admin unless another cookie (or null: signed out) is given. */
function upload(parts: Part[], cookie: string | null = adminCookie) {
  const { body, headers } = multipart(parts);
  return call(t.app, { method: 'POST', url: '/api/images', body, headers, ...(cookie ? { cookie } : {}) });
}
const file = (content: Buffer, filename = 'foto.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  content,
  contentType,
});

/** What an upload could leave behind: image rows, stored files and scratch files. */
async function snapshot() {
  const stored = await storedFiles(t.ctx);
  return {
    rows: (await t.ctx.db.select({ id: image.id }).from(image)).length,
    objects: stored.objects.length,
    scratch: stored.scratch,
  };
}

describe('POST /api/images', () => {
  it('answers 401 to an anonymous visitor and stores nothing', async () => {
    const before = await snapshot();
    const response = await upload([file(pngBytes())], null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to a student and stores nothing', async () => {
    const before = await snapshot();
    const response = await upload([file(pngBytes())], studentCookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['PNG', pngBytes(), 'image/png'],
    ['JPEG', jpegBytes(), 'image/jpeg'],
    ['WebP', webpBytes(), 'image/webp'],
  ])('keeps a %s image and serves the same bytes back to the admin', async (_kind, bytes, mime) => {
    // The declared name and type do not matter: the content decides.
    const response = await upload([file(bytes, 'sin-extension', 'application/octet-stream')]);
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json() as { id: string; url: string };
    expect(url).toBe(`/api/images/${id}`);

    const served = await call(t.app, { url, cookie: adminCookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const bytes = Buffer.concat([pngBytes(), Buffer.alloc(IMAGE_MAX_BYTES - pngBytes().length)]);
    const response = await upload([file(bytes)]);
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a text file renamed .png', Buffer.from('hola, no soy una imagen\n'.repeat(20)), 'foto.png'],
    ['a PDF renamed .jpg', pdfBytes(), 'foto.jpg'],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(40)]), 'animada.gif'],
  ])('answers %s with 415 and a Spanish message, storing nothing', async (_case, bytes, filename) => {
    const before = await snapshot();
    const response = await upload([file(bytes, filename)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'La imagen debe ser JPG, PNG o WebP.',
        fields: { file: 'La imagen debe ser JPG, PNG o WebP.' },
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers an image over 5 MB with 413 and stores nothing', async () => {
    const before = await snapshot();
    const bytes = Buffer.concat([pngBytes(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await upload([file(bytes)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'La imagen no puede pesar más de 5 MB.' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers an empty file with 400 and stores nothing', async () => {
    const before = await snapshot();
    const response = await upload([file(Buffer.alloc(0))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'El archivo está vacío.' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a form without a file with 400', async () => {
    const response = await upload([{ name: 'title', value: 'portada' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Falta el archivo.' });
  });

  it('answers a JSON body with 415 asking for multipart', async () => {
    const response = await call(t.app, { method: 'POST', url: '/api/images', body: { file: 'iVBORw0KGgo=' }, cookie: adminCookie });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Enviá el archivo como multipart/form-data.' });
  });

  it('never lets the uploaded file name choose where the bytes go', async () => {
    const before = await listFiles(t.ctx.config.dataDir);
    const keysBefore = (await storedFiles(t.ctx)).objects;
    const response = await upload([file(pngBytes(), '../../../../escapado.png')]);
    expect(response.statusCode).toBe(201);
    const keys = (await storedFiles(t.ctx)).objects.filter((key) => !keysBefore.includes(key));
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.png$/)]);
    const added = (await listFiles(t.ctx.config.dataDir)).filter((name) => !before.includes(name));
    if (t.ctx.storage.kind === 'local') expect(added).toEqual([`files/objects/${keys[0]!.slice(0, 2)}/${keys[0]}`]);
    else expect(added.filter((name) => name.startsWith('files/'))).toEqual([]);
  });
});

describe('GET /api/images/:imageId', () => {
  let imageId: string;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let courseImage: string;
  let moduleImage: string;
  let otherCourseImage: string;
  beforeAll(async () => {
    imageId = (await upload([file(pngBytes())])).json().id;
    student = await signedIn(t.app, t.ctx);
    const enabled = await buildCourse(t.ctx);
    const mod = await buildModule(t.ctx, enabled.id);
    const other = await buildCourse(t.ctx);
    await enableCourse(t.ctx, student.id, enabled.id);
    const imageOfCourse = async (id: string) =>
      (await t.ctx.db.select({ imageId: course.imageId }).from(course).where(eq(course.id, id)))[0]!.imageId;
    courseImage = await imageOfCourse(enabled.id);
    otherCourseImage = await imageOfCourse(other.id);
    moduleImage = (await t.ctx.db.select({ imageId: courseModule.imageId }).from(courseModule).where(eq(courseModule.id, mod.id)))[0]!
      .imageId;
  });

  it('answers 401 to an anonymous visitor', async () => {
    const response = await call(t.app, { url: `/api/images/${imageId}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
  });

  it('serves the admin any image, cacheable by the browser only', async () => {
    const response = await call(t.app, { url: `/api/images/${imageId}`, cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it("serves a student the pictures of their enabled course and of that course's modules", async () => {
    for (const id of [courseImage, moduleImage]) {
      const response = await call(t.app, { url: `/api/images/${id}`, cookie: student.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
  });

  it('answers a student 404 for a picture they may not see, exactly as for one that does not exist', async () => {
    const unknown = await call(t.app, { url: `/api/images/${unknownId()}`, cookie: student.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.notFound } });
    // Another course's picture, and one uploaded but not used yet.
    for (const id of [otherCourseImage, imageId]) {
      const hidden = await call(t.app, { url: `/api/images/${id}`, cookie: student.cookie });
      expect(hidden.statusCode).toBe(404);
      expect({ ...hidden.json().error, requestId: undefined }).toEqual({ ...unknown.json().error, requestId: undefined });
    }
    // A student with nothing enabled sees no picture at all.
    for (const id of [courseImage, moduleImage]) {
      expect((await call(t.app, { url: `/api/images/${id}`, cookie: studentCookie })).statusCode).toBe(404);
    }
  });

  it('stops serving a course picture once the course is blocked for the student', async () => {
    const blocked = await signedIn(t.app, t.ctx);
    const c = await buildCourse(t.ctx);
    await enableCourse(t.ctx, blocked.id, c.id);
    const id = (await t.ctx.db.select({ imageId: course.imageId }).from(course).where(eq(course.id, c.id)))[0]!.imageId;
    expect((await call(t.app, { url: `/api/images/${id}`, cookie: blocked.cookie })).statusCode).toBe(200);
    await enableCourse(t.ctx, blocked.id, c.id, false);
    expect((await call(t.app, { url: `/api/images/${id}`, cookie: blocked.cookie })).statusCode).toBe(404);
  });

  it('answers 400 for an id that is too long', async () => {
    const response = await call(t.app, { url: `/api/images/${'a'.repeat(65)}`, cookie: studentCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});

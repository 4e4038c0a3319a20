import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildDocument, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { exeBytes, htmlBytes, multipart, storedFiles, pdfBytes, type Part } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = await signedIn(t.app, t.ctx);
  outsider = await signedIn(t.app, t.ctx);
  courseId = (await buildCourse(t.ctx)).id;
  await enableCourse(t.ctx, student.id, courseId);
  // The outsider is a student of another course.
  await enableCourse(t.ctx, outsider.id, (await buildCourse(t.ctx)).id);
});
afterAll(async () => {
  await t?.close();
});

const invalidDocument = 'El archivo debe ser PDF, Word, Excel, PowerPoint, OpenDocument, una imagen (JPG, PNG, WebP) o un video MP4.';
const pdfPart = (content = pdfBytes(), filename = 'reglamento.pdf'): Part => ({
  name: 'file',
  filename,
  content,
  contentType: 'application/pdf',
});

function upload(parts: Part[], cookie: string | null = adminCookie, course = courseId) {
  const { body, headers } = multipart(parts);
  return call(t.app, { method: 'POST', url: `/api/courses/${course}/documents`, body, headers, ...(cookie ? { cookie } : {}) });
}

/** Document rows and stored files: what a refused upload must leave untouched. */
async function snapshot() {
  const stored = await storedFiles(t.ctx);
  return {
    rows: (await t.ctx.db.select({ id: document.id }).from(document)).length,
    objects: stored.objects.length,
    scratch: stored.scratch,
  };
}

describe('GET /api/courses/:courseId/documents', () => {
  it('lists the course documents, oldest first, to the admin and to students with the course', async () => {
    const course = await buildCourse(t.ctx);
    const first = await buildDocument(t.ctx, course.id, 'Reglamento');
    const second = await buildDocument(t.ctx, course.id, 'Planilla');
    const reader = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, reader.id, course.id);

    for (const cookie of [adminCookie, reader.cookie]) {
      const response = await call(t.app, { url: `/api/courses/${course.id}/documents`, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json().documents).toEqual([
        {
          id: first.id,
          courseId: course.id,
          name: 'Reglamento',
          mimeType: 'application/pdf',
          extension: 'pdf',
          size: first.size,
          url: `/api/documents/${first.id}/file`,
          createdAt: first.createdAt.toISOString(),
        },
        expect.objectContaining({ id: second.id, name: 'Planilla' }),
      ]);
    }
  });

  it('answers 401, and 404 to a student of another course (or with the course blocked) as for an unknown course', async () => {
    const url = `/api/courses/${courseId}/documents`;
    expect((await call(t.app, { url })).statusCode).toBe(401);
    const hidden = await call(t.app, { url, cookie: outsider.cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.courseNotFound } });
    const blocked = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, blocked.id, courseId);
    await enableCourse(t.ctx, blocked.id, courseId, false);
    expect((await call(t.app, { url, cookie: blocked.cookie })).statusCode).toBe(404);
    const unknown = await call(t.app, { url: `/api/courses/${unknownId()}/documents`, cookie: student.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('El curso no existe.');
  });
});

describe('POST /api/courses/:courseId/documents', () => {
  it('answers 401 and 403 (even to a student of the course) and stores nothing', async () => {
    const before = await snapshot();
    expect((await upload([{ name: 'name', value: 'Reglamento' }, pdfPart()], null)).statusCode).toBe(401);
    const forbidden = await upload([{ name: 'name', value: 'Reglamento' }, pdfPart()], student.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown course and stores nothing', async () => {
    const before = await snapshot();
    const response = await upload([{ name: 'name', value: 'Reglamento' }, pdfPart()], adminCookie, unknownId());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El curso no existe.' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['an HTML page disguised as .pdf', htmlBytes()],
    ['a Windows program disguised as .pdf', exeBytes()],
    ['plain text disguised as .pdf', Buffer.from('%PDX no soy un PDF\n')],
  ])('answers %s with 415 and a Spanish message, storing nothing', async (_case, content) => {
    const before = await snapshot();
    const response = await upload([{ name: 'name', value: 'Reglamento' }, pdfPart(content)]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: invalidDocument,
      fields: { file: invalidDocument },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['no name', [pdfPart()], 'name', messages.requiredField],
    ['a blank name', [{ name: 'name', value: '   ' }, pdfPart()], 'name', messages.requiredField],
    [
      'a 201-character name',
      [{ name: 'name', value: 'x'.repeat(201) }, pdfPart()],
      'name',
      'El nombre no puede tener más de 200 caracteres',
    ],
    ['an empty file', [{ name: 'name', value: 'Reglamento' }, pdfPart(Buffer.alloc(0))], 'file', 'El archivo está vacío.'],
    ['no file', [{ name: 'name', value: 'Reglamento' }], 'file', 'Falta el archivo.'],
  ] as const)('answers %s with 400 and a Spanish message, storing nothing', async (_case, parts, field, message) => {
    const before = await snapshot();
    const response = await upload([...parts]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message, fields: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a JSON body with 415', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${courseId}/documents`,
      body: { name: 'x' },
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Enviá el archivo como multipart/form-data.');
  });

  it('keeps a PDF with its name, typed by its content, and lists it for the students of the course', async () => {
    const bytes = pdfBytes('Reglamento oficial');
    const response = await upload([{ name: 'name', value: '  Reglamento oficial 2025 ' }, pdfPart(bytes, 'cualquier-nombre.bin')]);
    expect(response.statusCode).toBe(201);
    const created = response.json().document;
    expect(created).toEqual({
      id: expect.any(String),
      courseId,
      name: 'Reglamento oficial 2025',
      mimeType: 'application/pdf',
      extension: 'pdf',
      size: bytes.length,
      url: `/api/documents/${created.id}/file`,
      createdAt: expect.any(String),
    });
    const list = await call(t.app, { url: `/api/courses/${courseId}/documents`, cookie: student.cookie });
    expect(list.json().documents).toContainEqual(created);
  });
});

describe('GET /api/documents/:documentId/file', () => {
  it('sends the file with its name to the admin and to a student with the course enabled', async () => {
    const bytes = pdfBytes('Árbitros');
    const created = (await upload([{ name: 'name', value: 'Guía del árbitro: "señas"' }, pdfPart(bytes)])).json().document;
    for (const cookie of [adminCookie, student.cookie]) {
      const response = await call(t.app, { url: created.url, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.equals(bytes)).toBe(true);
      const disposition = String(response.headers['content-disposition']);
      // Characters a file name cannot hold become spaces; the ASCII fallback replaces the accents.
      expect(disposition).toBe(
        `inline; filename="Guia del arbitro   senas.pdf"; filename*=UTF-8''${encodeURIComponent('Guía del árbitro   señas.pdf')}`,
      );
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('never sends the file to a student of another course, nor once the course is blocked', async () => {
    const created = await buildDocument(t.ctx, courseId, 'Solo para el curso');
    const url = `/api/documents/${created.id}/file`;
    expect((await call(t.app, { url })).statusCode).toBe(401);
    const other = await call(t.app, { url, cookie: outsider.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: messages.documentNotFound } });
    const leaving = await signedIn(t.app, t.ctx);
    await enableCourse(t.ctx, leaving.id, courseId);
    expect((await call(t.app, { url, cookie: leaving.cookie })).statusCode).toBe(200);
    await enableCourse(t.ctx, leaving.id, courseId, false);
    expect((await call(t.app, { url, cookie: leaving.cookie })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown document and 400 for a malformed id', async () => {
    const unknown = await call(t.app, { url: `/api/documents/${unknownId()}/file`, cookie: student.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El documento no existe.' });
    const malformed = await call(t.app, { url: '/api/documents/..%2F..%2Fetc%2Fpasswd/file', cookie: adminCookie });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/documents/:documentId', () => {
  it('answers 401 and 403 and keeps the document', async () => {
    const created = await buildDocument(t.ctx, courseId);
    const url = `/api/documents/${created.id}`;
    expect((await call(t.app, { method: 'DELETE', url })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'DELETE', url, cookie: student.cookie })).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(document).where(eq(document.id, created.id))).toHaveLength(1);
    expect((await call(t.app, { url: `${url}/file`, cookie: student.cookie })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown document', async () => {
    const response = await call(t.app, { method: 'DELETE', url: `/api/documents/${unknownId()}`, cookie: adminCookie });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'El documento no existe.' });
  });

  it('removes the document from the list, its download and its stored file', async () => {
    const created = await buildDocument(t.ctx, courseId, 'Para borrar');
    expect((await storedFiles(t.ctx)).objects).toContain(created.storageKey);

    const response = await call(t.app, { method: 'DELETE', url: `/api/documents/${created.id}`, cookie: adminCookie });
    expect(response.statusCode).toBe(204);

    const list = await call(t.app, { url: `/api/courses/${courseId}/documents`, cookie: student.cookie });
    expect(list.json().documents.map((d: { id: string }) => d.id)).not.toContain(created.id);
    expect((await call(t.app, { url: `/api/documents/${created.id}/file`, cookie: adminCookie })).statusCode).toBe(404);
    expect((await storedFiles(t.ctx)).objects).not.toContain(created.storageKey);
    expect((await call(t.app, { method: 'DELETE', url: `/api/documents/${created.id}`, cookie: adminCookie })).statusCode).toBe(404);
  });
});

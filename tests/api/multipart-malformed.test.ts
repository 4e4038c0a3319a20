// Malformed multipart bodies on the upload routes: a clear Spanish 400, never a 500, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, image } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse } from './helpers/content.ts';
import { multipart, pngBytes, storedFiles } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
});
afterAll(async () => {
  await t?.close();
});

async function snapshot() {
  return {
    images: (await t.ctx.db.select({ id: image.id }).from(image)).length,
    documents: (await t.ctx.db.select({ id: document.id }).from(document)).length,
    files: await storedFiles(t.ctx),
  };
}

const valid = () =>
  multipart([
    { name: 'name', value: 'Reglamento' },
    { name: 'file', filename: 'foto.png', content: pngBytes(), contentType: 'image/png' },
  ]);

const boundaryOf = (headers: Record<string, string>) => headers['content-type']!.split('boundary=')[1]!;

/** Bodies a fuzzer or a broken client sends, each with its content type. */
const malformed: Array<[string, () => { body: Buffer; contentType: string }]> = [
  ['without boundary', () => ({ body: valid().body, contentType: 'multipart/form-data' })],
  ['with an empty boundary', () => ({ body: valid().body, contentType: 'multipart/form-data; boundary=' })],
  [
    'truncated in the middle of the file',
    () => {
      const { body, headers } = valid();
      return { body: body.subarray(0, body.length - 40), contentType: headers['content-type']! };
    },
  ],
  [
    'truncated in the part headers',
    () => {
      const { headers } = valid();
      return { body: Buffer.from(`--${boundaryOf(headers)}\r\nContent-Disposition: form-da`), contentType: headers['content-type']! };
    },
  ],
  ['of garbage bytes', () => ({ body: Buffer.from('\x00\xff garbage \r\n\r\n--x--\x01'.repeat(20), 'latin1'), contentType: valid().headers['content-type']! })],
  [
    'with a boundary that never appears',
    () => ({ body: Buffer.from('hola, esto no es multipart'), contentType: 'multipart/form-data; boundary=nunca-aparece' }),
  ],
  [
    'with a part without headers',
    () => {
      const { headers } = valid();
      const b = boundaryOf(headers);
      return { body: Buffer.from(`--${b}\r\n\r\nsin cabeceras\r\n--${b}--\r\n`), contentType: headers['content-type']! };
    },
  ],
  ['empty', () => ({ body: Buffer.alloc(0), contentType: valid().headers['content-type']! })],
];

describe.each([
  ['POST /api/images', () => '/api/images'],
  ['POST /api/courses/:courseId/documents', () => `/api/courses/${courseId}/documents`],
])('%s with a malformed multipart body', (_route, url) => {
  it.each(malformed)('answers a Spanish 400 to a body %s and stores nothing', async (_name, make) => {
    const before = await snapshot();
    const { body, contentType } = make();
    const response = await call(t.app, { method: 'POST', url: url(), body, cookie: adminCookie, headers: { 'content-type': contentType } });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('BAD_REQUEST');
    expect([messages.uploadMalformed, messages.uploadMissingFile]).toContain(error.message);
    expect(await snapshot()).toEqual(before);
  });
});

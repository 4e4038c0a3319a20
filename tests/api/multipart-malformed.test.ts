// Malformed multipart bodies on every upload route: a clear Spanish 400, never a 500, and nothing
// stored. The routes are the app's own: every route that declares a multipart body (its schema's
// `consumes`, http/multipart.ts), and no other route accepts one, so a new upload route is checked
// here without anyone adding it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAccess, document, image, invitation, user, video } from '../../src/server/db/schema.ts';
import { receiveUpload } from '../../src/server/files/upload.ts';
import { takesMultipart } from '../../src/server/http/multipart.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule } from './helpers/content.ts';
import { createUser } from './helpers/builders.ts';
import { dayOf } from '../../src/shared/calendar.ts';
import { multipart, pngBytes, storedFiles } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({
    // A route that reads a file but does not declare it, as a forgetful new route would.
    beforeReady: (app) => {
      app.post('/api/test/undeclared-upload', async (request) => {
        const file = await receiveUpload(request, t.ctx.storage, { kind: 'image', maxBytes: 1024 * 1024 });
        return { key: file.key };
      });
    },
  });
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const course = await buildCourse(t.ctx);
  ids = { courseId: course.id, moduleId: (await buildModule(t.ctx, course.id)).id };
  // A payment of a trainee of the course, for its receipt ('Comprobante').
  const trainee = await createUser(t.ctx);
  await t.ctx.db.insert(courseAccess).values({ userId: trainee.id, courseId: course.id, enabled: true });
  const paid = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${course.id}/payments`,
    cookie: adminCookie,
    body: { userId: trainee.id, amount: 3000, paidOn: dayOf(t.ctx.clock.now()), method: 'efectivo' },
  });
  ids.paymentId = (paid.json() as { payment: { id: string } }).payment.id;
});
afterAll(async () => {
  await t?.close();
});

async function snapshot() {
  const rows = async (table: typeof image | typeof document | typeof video | typeof user | typeof invitation | typeof courseAccess) =>
    (await t.ctx.db.select().from(table)).length;
  return {
    images: await rows(image),
    documents: await rows(document),
    videos: await rows(video),
    users: await rows(user),
    invitations: await rows(invitation),
    courseAccess: await rows(courseAccess),
    files: await storedFiles(t.ctx),
  };
}

/** The routes that declare a multipart body, as "POST /api/…", from the app's registered routes. */
const multipartRoutes = () => t.routes.filter((route) => takesMultipart(route.schema)).map((route) => route.route);

/** A route's path with real ids in its parameters; a parameter this file does not know fails the test, to be added above. */
function urlOf(route: string): string {
  return route.split(' ')[1]!.replace(/:(\w+)/g, (_match, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`multipart-malformed.test.ts no sabe qué id poner en :${name} (${route}): agregalo en beforeAll`);
    return id;
  });
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
  [
    'of garbage bytes',
    () => ({ body: Buffer.from('\x00\xff garbage \r\n\r\n--x--\x01'.repeat(20), 'latin1'), contentType: valid().headers['content-type']! }),
  ],
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

it('finds the upload routes among the registered ones', () => {
  expect(multipartRoutes()).toEqual(
    expect.arrayContaining([
      'POST /api/images',
      'POST /api/videos',
      'POST /api/courses/:courseId/documents',
      'POST /api/users/import/preview',
      'POST /api/users/import',
    ]),
  );
});

describe.each(malformed)('a body %s', (name, make) => {
  it('gets a Spanish 400 from every upload route, and nothing is stored', async () => {
    for (const route of multipartRoutes()) {
      const before = await snapshot();
      const { body, contentType } = make();
      const method = route.split(' ')[0] as 'POST' | 'PUT';
      const response = await call(t.app, {
        method,
        url: urlOf(route),
        body,
        cookie: adminCookie,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, `${route}, cuerpo ${name}: ${response.body}`).toBe(400);
      const error = response.json().error;
      expect(error.code, route).toBe('BAD_REQUEST');
      expect([messages.uploadMalformed, messages.uploadMissingFile], route).toContain(error.message);
      expect(await snapshot(), route).toEqual(before);
    }
  });
});

describe('a multipart body on a route that does not declare one', () => {
  it('is refused with a Spanish 415 before the handler reads it: an upload route cannot go unchecked', async () => {
    const before = await snapshot();
    const { body, headers } = valid();
    const response = await call(t.app, { method: 'POST', url: '/api/test/undeclared-upload', body, cookie: adminCookie, headers });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType });
    expect(await snapshot()).toEqual(before);
  });

  it('is refused on a JSON route too', async () => {
    const { body, headers } = valid();
    const response = await call(t.app, { method: 'POST', url: '/api/courses', body, cookie: adminCookie, headers });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error.message).toBe(messages.unsupportedMediaType);
  });
});

// Bytes: JSON compressed when the browser accepts it, never stored in a cache (one person's
// data, on phones people share) but still answered 304 by ETag to a client that asks; pictures
// cached privately for good (their ids never change content), documents revalidated.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildDocument, buildModule, enableModule, signedIn, unknownId } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let student: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let courseId = '';
let moduleId = '';
let imageUrl = '';
let documentUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  const course = await buildCourse(t.ctx, { description: 'Bienvenidos. '.repeat(200) });
  // Enough modules for the module page's answer to pass the compression threshold.
  const modules = [];
  for (let i = 0; i < 8; i++) modules.push(await buildModule(t.ctx, course.id, { name: `Módulo de reglas número ${i + 1}` }));
  courseId = course.id;
  moduleId = modules[0]!.id;
  documentUrl = `/api/documents/${(await buildDocument(t.ctx, course.id)).id}/file`;
  imageUrl = modules[0]!.imageUrl;
  student = await signedIn(t.app, t.ctx, 'student');
  admin = await signedIn(t.app, t.ctx, 'admin');
  await enableModule(t.ctx, student.id, moduleId);
});
afterAll(async () => {
  await t?.close();
});

describe('bytes on the wire', () => {
  it('JSON goes out brotli or gzip compressed, as the browser accepts', async () => {
    const plain = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await call(t.app, {
      url: `/api/pages/modules/${moduleId}`,
      cookie: student.cookie,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await call(t.app, {
      url: `/api/pages/modules/${moduleId}`,
      cookie: student.cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('an unchanged GET is a bodiless 304 by ETag for a client that sends it; a change is a new 200', async () => {
    const first = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Blocked meanwhile: the same tag gets the refusal, not a 304.
    await enableModule(t.ctx, student.id, moduleId, false);
    const blocked = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie, headers: { 'if-none-match': tag } });
    expect(blocked.statusCode).toBe(404);
    await enableModule(t.ctx, student.id, moduleId);

    // Someone else with the same tag gets their own answer, never a 304 for another user's data.
    const other = await signedIn(t.app, t.ctx, 'student');
    const outsider = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: other.cookie, headers: { 'if-none-match': tag } });
    expect(outsider.statusCode).toBe(404);
  });

  it('personal JSON is never stored: every API answer behind a session says no-store, errors and writes too', async () => {
    const get = (url: string, cookie: string) => ({ url, cookie });
    const requests = [
      get('/api/auth/session', student.cookie),
      get('/api/pages/home', student.cookie),
      get(`/api/pages/courses/${courseId}/modules`, student.cookie),
      get(`/api/pages/modules/${moduleId}`, student.cookie),
      get(`/api/pages/modules/${moduleId}/activity`, student.cookie),
      get('/api/courses', student.cookie),
      get(`/api/courses/${courseId}`, student.cookie),
      get(`/api/pages/modules/${moduleId}`, student.cookie),
      get(`/api/pages/modules/${moduleId}/activity`, student.cookie),
      get(`/api/modules/${moduleId}/messages`, student.cookie),
      get(`/api/courses/${courseId}/documents`, student.cookie),
      get('/api/me/email-preferences', student.cookie),
      get('/api/users?search=&page=1', admin.cookie),
      get(`/api/users/${student.id}/courses`, admin.cookie),
      get(`/api/courses/${courseId}/progress`, admin.cookie),
      get('/api/review-queue', admin.cookie),
    ];
    for (const request of requests) {
      const response = await call(t.app, request);
      expect(response.statusCode, `${request.url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
      expect(response.headers.etag, request.url).toMatch(/^W\/"/);
    }
    // Refusals and writes carry a person's situation too.
    const missing = await call(t.app, { url: `/api/pages/modules/${unknownId()}`, cookie: student.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const posted = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${moduleId}/messages`,
      cookie: student.cookie,
      body: { body: 'Hola' },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.headers['cache-control']).toBe('no-store');
  });

  it('documents are private and revalidated by ETag', async () => {
    const document = await call(t.app, { url: documentUrl, cookie: student.cookie });
    expect(document.statusCode).toBe(200);
    expect(document.headers['cache-control']).toBe('private, no-cache');
    const again = await call(t.app, {
      url: documentUrl,
      cookie: student.cookie,
      headers: { 'if-none-match': String(document.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('images are cached privately for a year and never asked again', async () => {
    const image = await call(t.app, { url: imageUrl, cookie: student.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers.etag).toMatch(/^"/);
    // Already compressed formats go out as they are.
    const asked = await call(t.app, { url: imageUrl, cookie: student.cookie, headers: { 'accept-encoding': 'br' } });
    expect(asked.headers['content-encoding']).toBeUndefined();
  });
});

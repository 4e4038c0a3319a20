// Bytes: JSON compressed when the browser accepts it, an unchanged GET answered 304 by ETag,
// images cached for good (their ids never change content).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let student: Awaited<ReturnType<typeof signedIn>>;
let moduleId = '';
let imageUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  const course = await buildCourse(t.ctx, { description: 'Bienvenidos. '.repeat(200) });
  // Enough modules for the module page's answer to pass the compression threshold.
  const modules = [];
  for (let i = 0; i < 8; i++) modules.push(await buildModule(t.ctx, course.id, { name: `Módulo de reglas número ${i + 1}` }));
  moduleId = modules[0]!.id;
  imageUrl = modules[0]!.imageUrl;
  student = await signedIn(t.app, t.ctx, 'student');
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

    const br = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('an unchanged GET is a bodiless 304 by ETag, checked with the server every time; a change is a new 200', async () => {
    const first = await call(t.app, { url: `/api/pages/modules/${moduleId}`, cookie: student.cookie });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

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

  it('images are cached for a year and never asked again', async () => {
    const image = await call(t.app, { url: imageUrl, cookie: student.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(image.headers['cache-control']).toMatch(/immutable/);
    // Already compressed formats go out as they are.
    const asked = await call(t.app, { url: imageUrl, cookie: student.cookie, headers: { 'accept-encoding': 'br' } });
    expect(asked.headers['content-encoding']).toBeUndefined();
  });
});

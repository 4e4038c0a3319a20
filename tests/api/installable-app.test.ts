// What the installed app needs from the server: the service worker and the manifest are served
// with their types and revalidated on each use (a new version reaches the phones), the page's
// security policy lets them in, the hashed files stay cached for a year, and the plain
// index.html the service worker keeps as its shell carries no one's data, even when asked for
// with a student's session.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let clientDir = '';
const shell = '<!doctype html><html lang="es"><head><title>Aula Virtual</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  // A built app of our own: the API suite runs before the client is built.
  clientDir = await mkdtemp(path.join(tmpdir(), 'aula-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), shell);
  await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
  await writeFile(
    path.join(clientDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Aula Virtual', start_url: '/', display: 'standalone', icons: [] }),
  );
  await writeFile(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), 'export {};\n');
  t = await createTestApp({ clientDist: clientDir });
});
afterAll(async () => {
  await t?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('serves the service worker as a script, revalidated on each use', async () => {
    const response = await call(t.app, { url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('addEventListener');
  });

  it('serves the manifest as application/manifest+json, revalidated on each use', async () => {
    const response = await call(t.app, { url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body)).toMatchObject({ name: 'Aula Virtual', start_url: '/' });
  });

  it("lets the page register its own worker and read its own manifest, and nobody else's", async () => {
    const response = await call(t.app, { url: '/inicio', headers: { accept: 'text/html' } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).not.toMatch(/worker-src[^;]*(?:\*|https:|blob:)/);
  });

  it('keeps the hashed files cached for a year, as before', async () => {
    const response = await call(t.app, { url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("gives the service worker's shell (index.html) without anyone's data, even to a signed-in student", async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { name: 'Reglas del pasivo' });
    const student = await signedIn(t.app, t.ctx, 'student', { name: 'Alumna Offline' });
    await enableModule(t.ctx, student.id, module.id);
    // The student's own page comes with her data (kept by her browser only, for her session)...
    const page = await call(t.app, { url: '/inicio', cookie: student.cookie, headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toMatch(/^private, /);
    expect(page.headers.vary).toContain('cookie');
    expect(page.body).toContain('aula-page-data');
    // ...the shell the service worker stores does not, whoever asks for it.
    const response = await call(t.app, { url: '/index.html', cookie: student.cookie, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(shell);
  });
});

describe("the app's addresses", () => {
  it('answers every page of the app with the app, and any other address with the app and 404', async () => {
    const student = await signedIn(t.app, t.ctx);
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/ingresar', 200],
      ['/inicio', 200],
      ['/abc123/modulos', 200],
      ['/abc123/def456/modulo', 200],
      ['/verificar/AB12-CD34', 200],
      ['/admin/courses/abc123/equipo', 200],
      ['/no/es/una/pagina/de/la/app', 404],
      ['/mi-cuenta/otra-cosa', 404],
      // A course or module id that is malformed: the same 404, not the course's error.
      ['/a.b/modulos', 404],
      [`/${'x'.repeat(65)}/modulos`, 404],
      ['/abc123/def.456/modulo', 404],
      ['/admin/courses/a.b', 404],
      ['/admin/nada', 404],
    ] as const) {
      for (const cookie of [undefined, student.cookie]) {
        // As a browser asks for a page.
        const response = await call(t.app, { url, headers: { accept: 'text/html,application/xhtml+xml' }, ...(cookie ? { cookie } : {}) });
        expect(response.statusCode, `${url} ${cookie ? 'con sesión' : 'sin sesión'}`).toBe(status);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.body, url).toContain('<div id="root">');
      }
    }
    // A missing file asked for by a script keeps its JSON 404, as the API does.
    expect((await call(t.app, { url: '/assets/no-existe.js' })).headers['content-type']).toMatch(/^application\/json/);
    const api = await call(t.app, { url: '/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

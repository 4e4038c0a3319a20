// The document of a student's page carries that page's data for the signed-in user, exactly as
// GET /api/pages/... answers that user, and the page rendered by the app's own components from
// it; and nothing for anyone else: no session, another student, a blocked module. A page with
// nothing to type in may be kept by that browser for that session only; one with fields never.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '../../src/server/auth/session.ts';
import { session } from '../../src/server/db/schema.ts';
import { jsonForScript, KEPT_PAGE_SECONDS, type RenderPage } from '../../src/server/http/document.ts';
import { pageDataFor } from '../../src/shared/page-data.ts';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let clientDir = '';
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
const f = { courseId: '', open: '', blocked: '', hostile: '' };
/** The server's renders so far. */
let renders = 0;
const hostileName = 'Reglas </script><script>alert(1)</script> <!-- & \u2028 fin';

beforeAll(async () => {
  // A built app of our own: the API suite runs before the client is built.
  clientDir = await mkdtemp(path.join(tmpdir(), 'aula-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Aula Virtual</title></head><body><div id="root"></div></body></html>',
  );

  // The app's own render, from its source (a path in a variable: the server's types do not follow it into the client).
  const ssr = '../../src/client/ssr.tsx';
  const { renderPage } = (await import(ssr)) as { renderPage: RenderPage };
  const counted: RenderPage = (...args) => {
    renders += 1;
    return renderPage(...args);
  };
  t = await createTestApp({ clientDist: clientDir, renderPage: counted });
  const course = await buildCourse(t.ctx);
  f.courseId = course.id;
  f.open = (await buildModule(t.ctx, course.id, { name: 'Reglas del pasivo', videoDuration: 100 })).id;
  f.blocked = (await buildModule(t.ctx, course.id, { name: 'Señas' })).id;
  f.hostile = (await buildModule(t.ctx, course.id, { name: hostileName })).id;
  a = await signedIn(t.app, t.ctx, 'student', { name: 'Alumna A' });
  b = await signedIn(t.app, t.ctx, 'student', { name: 'Alumno B' });
  await enableModule(t.ctx, a.id, f.open);
  await enableModule(t.ctx, a.id, f.hostile);
  await enableModule(t.ctx, b.id, f.open);
  // B had the second module and lost it; A never had it.
  await enableModule(t.ctx, b.id, f.blocked);
  await enableModule(t.ctx, b.id, f.blocked, false);
});
afterAll(async () => {
  await t?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

/** The document for `pathname` as the browser gets it, and the page data it carries (or null). */
async function documentFor(pathname: string, cookie?: string) {
  const response = await call(t.app, { url: pathname, ...(cookie ? { cookie } : {}), headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const html = response.body;
  const element = /<script type="application\/json" id="aula-page-data" data-url="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
  return { response, html, url: element?.[1] ?? null, data: element ? (JSON.parse(element[2]!) as Record<string, unknown>) : null };
}

describe('the page data inside the document', () => {
  it('maps each student page to its data route, and nothing else', () => {
    const pageDataUrl = (path: string) => pageDataFor(path)?.url ?? null;
    expect(pageDataUrl('/inicio')).toBe('/api/pages/home');
    expect(pageDataUrl('/c1/modulos')).toBe('/api/pages/courses/c1/modules');
    expect(pageDataUrl('/c1/m1/modulo')).toBe('/api/pages/modules/m1');
    expect(pageDataUrl('/c1/m1/actividades')).toBe('/api/pages/modules/m1/activity');
    expect(pageDataUrl('/c1/m1/examen/e1')).toBe('/api/pages/exams/e1');
    for (const other of ['/', '/admin/inicio', '/admin/c1/modulos', '/c1', '/c1/documentos', '/c1/m1/preguntas', '/mi-cuenta'])
      expect(pageDataUrl(other)).toBeNull();
  });

  it('without a session the document carries no data and no video', async () => {
    const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`);
    expect(doc.data).toBeNull();
    expect(doc.html).not.toContain('Reglas del pasivo');
    expect(doc.html).not.toContain('<iframe');
    expect(doc.html).toContain('<div id="root"></div>');
  });

  it("a module under another course's address brings its data and the page says not found, without the video", async () => {
    const otherCourse = await buildCourse(t.ctx);
    const doc = await documentFor(`/${otherCourse.id}/${f.open}/modulo`, a.cookie);
    expect(doc.data).not.toBeNull();
    expect(doc.html).not.toContain('<iframe');
    expect(doc.html).toContain('no existe');
  });

  it("with a student's cookie it carries exactly that student's answer of the page route, kept by that browser for that session only", async () => {
    const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`, a.cookie);
    expect(doc.url).toBe(`/api/pages/modules/${f.open}`);
    const api = await call(t.app, { url: `/api/pages/modules/${f.open}`, cookie: a.cookie });
    expect(doc.data).toEqual(api.json());
    expect(doc.data!.user).toMatchObject({ id: a.id, name: 'Alumna A' });
    expect(doc.response.headers['cache-control']).toBe(`private, max-age=${KEPT_PAGE_SECONDS}`);
    expect(doc.response.headers.vary).toBe('cookie, accept-encoding');

    // The module page comes rendered: its title and its video, in the page before any code runs.
    // The YouTube frame as YT.Player would make it for this page: the IFrame API on, the app's origin.
    expect(doc.html).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&amp;rel=0&amp;enablejsapi=1&amp;origin=http%3A%2F%2Flocalhost%3A3000"',
    );
    expect(doc.html).toMatch(/<h1[^>]*>Reglas del pasivo<\/h1>/);

    // B gets B's own, never A's.
    const other = await documentFor(`/${f.courseId}/${f.open}/modulo`, b.cookie);
    expect(other.data!.user).toMatchObject({ id: b.id, name: 'Alumno B' });
    expect(other.html).not.toContain('Alumna A');
    expect(other.html).not.toContain(a.email);
  });

  it('the side menu comes empty (the app draws its entries): the page itself is what the document carries first', async () => {
    const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`, a.cookie);
    // The menu's button and its (closed, inert) panel are there; none of its entries.
    expect(doc.html).toContain('aria-controls="menu-lateral"');
    const menu = /<nav[^>]*id="menu-lateral"[^>]*>([\s\S]*?)<\/nav><\/div><\/nav>/.exec(doc.html);
    expect(menu?.[0]).toContain('inert=""');
    expect(menu?.[0]).toMatch(/<nav><\/nav><\/div><\/nav>$/);
    for (const entry of ['Inicio', 'Documentos', 'Cerrar sesión']) expect(menu?.[0]).not.toContain(entry);
    expect(doc.html).not.toContain(`href="/${f.courseId}/documentos"`);
    // Ahead of the page's heading and video: the header only.
    expect(doc.html.indexOf('<iframe') - doc.html.indexOf('<div id="root">')).toBeLessThan(6_000);
  });

  it("the YouTube frame starts where the student left off; an uploaded video comes as the browser's own player", async () => {
    const c = await signedIn(t.app, t.ctx, 'student');
    await enableModule(t.ctx, c.id, f.open);
    const saved = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${f.open}/watched`,
      cookie: c.cookie,
      body: { duration: 100, position: 42.7, intervals: [[0, 42.7]] },
    });
    expect(saved.statusCode).toBe(200);
    const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`, c.cookie);
    expect((doc.data!.module as { watched: { position: number } }).watched.position).toBeCloseTo(42.7, 5);
    expect(doc.html).toContain(
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&amp;rel=0&amp;start=42&amp;enablejsapi=1&amp;origin=http%3A%2F%2Flocalhost%3A3000"',
    );
    // With the student's badges beside the title, as the app shows them.
    const badges = doc.html.slice(doc.html.indexOf('</h1>'), doc.html.indexOf('<iframe'));
    expect(badges).toMatch(/<svg[^>]*>.*?<\/svg>.*Visto 42 %.*Sin responder/);

    const uploaded = await buildModule(t.ctx, f.courseId, { name: 'Video propio', videoUrl: '/api/videos/clase.webm?v=1&x="2"' });
    await enableModule(t.ctx, c.id, uploaded.id);
    const file = await documentFor(`/${f.courseId}/${uploaded.id}/modulo`, c.cookie);
    expect(file.html).toMatch(
      /<video controls="" playsInline="" preload="metadata" src="\/api\/videos\/clase.webm\?v=1&amp;x=&quot;2&quot;" aria-label="Video: Video propio"/,
    );
    expect(file.html).not.toContain('<iframe');
  });

  it('a module the student may not see (blocked, never enabled, unknown) brings no data', async () => {
    for (const [cookie, moduleId] of [
      [b.cookie, f.blocked],
      [a.cookie, f.blocked],
      [a.cookie, '00000000-0000-4000-8000-000000000000'],
      [a.cookie, 'no-es-un-id'],
    ] as const) {
      const doc = await documentFor(`/${f.courseId}/${moduleId}/modulo`, cookie);
      expect(doc.data).toBeNull();
      expect(doc.html).not.toContain('Señas');
      expect(doc.html).toContain('<div id="root"></div>');
      expect(doc.response.headers['cache-control']).toBe('no-cache');
    }
    // Nor do the activities of a blocked module.
    expect((await documentFor(`/${f.courseId}/${f.blocked}/actividades`, b.cookie)).data).toBeNull();
  });

  it('a session that ended brings no data', async () => {
    const c = await signedIn(t.app, t.ctx, 'student');
    await enableModule(t.ctx, c.id, f.open);
    expect((await documentFor(`/${f.courseId}/${f.open}/modulo`, c.cookie)).data).not.toBeNull();
    const out = await call(t.app, { method: 'POST', url: '/api/auth/logout', cookie: c.cookie });
    expect(out.statusCode).toBeLessThan(300);
    expect((await documentFor(`/${f.courseId}/${f.open}/modulo`, c.cookie)).data).toBeNull();
  });

  it('the other student pages carry their data too', async () => {
    const home = await documentFor('/inicio', a.cookie);
    expect(home.data).toEqual((await call(t.app, { url: '/api/pages/home', cookie: a.cookie })).json());
    const modules = await documentFor(`/${f.courseId}/modulos`, a.cookie);
    expect(modules.data).toEqual((await call(t.app, { url: `/api/pages/courses/${f.courseId}/modules`, cookie: a.cookie })).json());
    const activities = await documentFor(`/${f.courseId}/${f.open}/actividades`, a.cookie);
    expect(activities.data).toEqual((await call(t.app, { url: `/api/pages/modules/${f.open}/activity`, cookie: a.cookie })).json());
    // Rendered too, except the activities: their answers are typed, and only the running app takes them.
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="aula-page-data"'));
    expect(rootOf(home.html)).toMatch(/<h1[^>]*>Mis cursos<\/h1>/);
    expect(rootOf(modules.html)).toContain('Reglas del pasivo');
    expect(rootOf(activities.html)).toBe('<div id="root"></div><script type="application/json" ');
    // Kept by the browser the same way, except the activities: a copy would show answers older than those saved since.
    expect(home.response.headers['cache-control']).toBe(`private, max-age=${KEPT_PAGE_SECONDS}`);
    expect(modules.response.headers['cache-control']).toBe(`private, max-age=${KEPT_PAGE_SECONDS}`);
    expect(activities.response.headers['cache-control']).toBe('no-store');
  });

  it("an exam's page carries where the trainee stands and their open attempt with the seconds left, never kept, never another's", async () => {
    await buildBank(t.ctx, f.courseId, [{}, {}, {}, {}]);
    const exam = await buildExam(t.ctx, f.courseId, f.open, { timeMinutes: 20 });
    const address = `/${f.courseId}/${f.open}/examen/${exam.id}`;
    expect(pageDataFor(address)?.url).toBe(`/api/pages/exams/${exam.id}`);

    // Before an attempt: the exam, no attempt.
    const before = await documentFor(address, a.cookie);
    expect(before.url).toBe(`/api/pages/exams/${exam.id}`);
    expect(before.data).toMatchObject({ user: { id: a.id }, exam: { id: exam.id, status: 'disponible' }, attempt: null });

    // With an attempt open: its questions and the seconds the server counts, as its own route says them.
    const started = await call(t.app, { method: 'POST', url: `/api/exams/${exam.id}/attempts`, cookie: a.cookie });
    expect(started.statusCode).toBe(201);
    const attemptId = (started.json() as { attempt: { id: string } }).attempt.id;
    const during = await documentFor(`${address}?intento=${attemptId}`, a.cookie);
    expect(during.data).toEqual((await call(t.app, { url: `/api/pages/exams/${exam.id}`, cookie: a.cookie })).json());
    const attempt = (during.data as { attempt: { id: string; open: boolean; remainingSeconds: number; questions: unknown[] } }).attempt;
    expect(attempt).toMatchObject({ id: attemptId, open: true });
    expect(attempt.questions).toHaveLength(4);
    expect(attempt.remainingSeconds).toBeGreaterThan(20 * 60 - 5);
    expect(attempt.remainingSeconds).toBeLessThanOrEqual(20 * 60);
    // Drawn by the app from that data (its answers are fields): nothing drawn, and never kept by the browser.
    expect(during.html).toContain('<div id="root"></div><script type="application/json" ');
    expect(during.response.headers['cache-control']).toBe('no-store');

    // The classmate's document of the same exam is theirs: no attempt, not A's.
    const other = await documentFor(`${address}?intento=${attemptId}`, b.cookie);
    expect(other.data).toMatchObject({ user: { id: b.id }, exam: { id: exam.id, openAttemptId: null }, attempt: null });
    expect(JSON.stringify(other.data)).not.toContain(attemptId);
    // Without a session, or for an exam of a module not theirs, no data at all.
    expect((await documentFor(address)).data).toBeNull();
    const hidden = await buildExam(t.ctx, f.courseId, f.blocked);
    expect((await documentFor(`/${f.courseId}/${f.blocked}/examen/${hidden.id}`, a.cookie)).data).toBeNull();
  });

  it('text from the database cannot close the element or open markup, and reads back unchanged', async () => {
    const doc = await documentFor(`/${f.courseId}/${f.hostile}/modulo`, a.cookie);
    expect((doc.data!.module as { name: string }).name).toBe(hostileName);
    const element = doc.html.slice(doc.html.indexOf('id="aula-page-data"'));
    const inside = element.slice(0, element.indexOf('</script>'));
    expect(inside).not.toContain('<');
    expect(doc.html.match(/<script/g)).toHaveLength(1);
    expect(doc.html).toMatch(/<h1[^>]*>Reglas &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &lt;!-- &amp; \u2028 fin<\/h1>/);
    expect(doc.html).toContain('title="Video: Reglas &lt;/script&gt;');
    expect(jsonForScript('"</script><!--&\u2028"')).toBe('"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"');
  });

  it('a page drawn before is sent again only for the very same data: each student gets their own, a change draws it anew', async () => {
    const page = `/${f.courseId}/${f.open}/modulo`;
    const own = (html: string, mine: string, theirs: string) => {
      expect(html).toContain(mine);
      expect(html).not.toContain(theirs);
    };
    const first = await documentFor(page, a.cookie);
    const before = renders;
    // Both students, many times, all at once, plain and compressed: each document is its reader's.
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(t.app, {
          url: page,
          cookie: i % 2 ? b.cookie : a.cookie,
          headers: { accept: 'text/html', ...(i % 4 < 2 ? { 'accept-encoding': 'br' } : {}) },
        }),
      ),
    );
    responses.forEach((response, i) => {
      const html = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.body;
      if (i % 2) own(html, 'Alumno B', 'Alumna A');
      else own(html, 'Alumna A', 'Alumno B');
      if (i % 2 === 0) expect(html).toBe(first.html);
    });
    // A's was drawn before, B's once more at most: the same data is not drawn again.
    expect(renders - before).toBeLessThanOrEqual(1);

    // A's data changes (a new name): drawn anew, with it; B's stays B's.
    expect(
      (await call(t.app, { method: 'PATCH', url: '/api/me', cookie: a.cookie, body: { name: 'Alumna A Renombrada' } })).statusCode,
    ).toBe(200);
    const renamed = await documentFor(page, a.cookie);
    own(renamed.html, 'Alumna A Renombrada', 'Alumno B');
    expect(renders - before).toBeGreaterThanOrEqual(1);
    own((await documentFor(page, b.cookie)).html, 'Alumno B', 'Alumna A');
    await call(t.app, { method: 'PATCH', url: '/api/me', cookie: a.cookie, body: { name: 'Alumna A' } });
  });

  it('a document whose answer extends the session carries the renewed cookie, and is not kept by the browser', async () => {
    const c = await signedIn(t.app, t.ctx, 'student', { name: 'Alumna C' });
    await enableModule(t.ctx, c.id, f.open);
    // The session was last extended two days ago: due again.
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    await t.ctx.db
      .update(session)
      .set({ expiresAt: new Date(twoDaysAgo + SESSION_DAYS * 86_400_000) })
      .where(eq(session.userId, c.id));
    const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`, c.cookie);
    expect(doc.data!.user).toMatchObject({ id: c.id });
    expect(String(doc.response.headers['set-cookie'])).toMatch(/aula\.session_token=/);
    expect(doc.response.headers['cache-control']).toBe('no-store');
    // The next one, extended now, is kept as usual.
    const next = await documentFor(`/${f.courseId}/${f.open}/modulo`, c.cookie);
    expect(next.response.headers['set-cookie']).toBeUndefined();
    expect(next.response.headers['cache-control']).toBe(`private, max-age=${KEPT_PAGE_SECONDS}`);
  });

  it('when the page data cannot be read (the database failing), the plain app goes out, never an error page', async () => {
    // A column the page's statement reads is gone for a moment: its plan fails as a database away would.
    await t.ctx.db.execute(sql`alter table video_progress rename column watched_seconds to watched_seconds_away`);
    try {
      const doc = await documentFor(`/${f.courseId}/${f.open}/modulo`, a.cookie);
      expect(doc.data).toBeNull();
      expect(doc.html).toContain('<div id="root"></div>');
      expect(doc.response.headers['cache-control']).toBe('no-cache');
    } finally {
      await t.ctx.db.execute(sql`alter table video_progress rename column watched_seconds_away to watched_seconds`);
    }
    expect((await documentFor(`/${f.courseId}/${f.open}/modulo`, a.cookie)).data).not.toBeNull();
  });

  it('goes out compressed when the browser accepts it', async () => {
    const response = await call(t.app, {
      url: `/${f.courseId}/${f.open}/modulo`,
      cookie: a.cookie,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('id="aula-page-data"');
  });
});

describe('the pages drawn as the server starts', () => {
  it('each made-up page draws whole, as a student’s would (so the first student’s render is not the first)', async () => {
    const ssr = '../../src/client/ssr.tsx';
    const { renderPage, samplePages, warmUp } = (await import(ssr)) as {
      renderPage: RenderPage;
      samplePages: { path: string; url: string; data: unknown }[];
      warmUp: () => Promise<void>;
    };
    expect(samplePages.map((sample) => pageDataFor(sample.path)?.page)).toEqual(['module', 'courseModules', 'home']);
    for (const sample of samplePages) {
      expect(pageDataFor(sample.path)?.url, sample.path).toBe(sample.url);
      const html = await renderPage(sample.path, sample.url, sample.data, 'http://localhost');
      expect(html, sample.path).toContain('Alumno de muestra');
      expect(html, sample.path).not.toContain('Esta página no existe');
    }
    expect(await renderPage(samplePages[0]!.path, samplePages[0]!.url, samplePages[0]!.data, 'http://localhost')).toContain('<iframe');
    await expect(warmUp()).resolves.toBeUndefined();
  });
});

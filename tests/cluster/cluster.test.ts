// Several instances, proven: two app processes on one PostgreSQL and one S3-compatible store,
// behind Debian's nginx configured from deploy/nginx.conf (the file the README documents).
// Files, sessions, sign-out, login limits and the live forum work across both; then one
// instance is killed under load and the clients keep being answered.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdfBytes, pngBytes } from '../api/helpers/files.ts';
import { openReconnectingStream, type ReconnectingStream, type StreamEvent } from './helpers/event-source.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  clusterUnavailable,
  mustRun,
  request,
  servedBy,
  sessionCookie,
  startCluster,
  type Answer,
  type Cluster,
  type RequestOptions,
} from './helpers/cluster.ts';

const unavailable = clusterUnavailable();
if (unavailable && !mustRun) console.warn(`Se salta la prueba de varias instancias detrás de nginx: ${unavailable}.`);
if (unavailable && mustRun) throw new Error(`En CI la prueba de varias instancias tiene que correr: ${unavailable}.`);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figures this file measures, printed and written to artifacts/cluster.json. */
const figures: Record<string, unknown> = {};

describe.skipIf(unavailable !== null)('two instances behind nginx (deploy/nginx.conf)', () => {
  let cluster: Cluster;
  let origin: string;
  let adminCookie: string;
  let courseId: string;
  let moduleId: string;
  let student: { id: string; email: string; password: string };
  const streams: ReconnectingStream[] = [];

  /** Through nginx. */
  const viaNginx = (url: string, options?: RequestOptions) => request(cluster.url, origin, url, options);
  /** Straight to instance `i` (0 = A, 1 = B), bypassing nginx. */
  const direct = (i: number, url: string, options?: RequestOptions) => request(cluster.apps[i]!.url, origin, url, options);
  const instanceOf = (answer: Answer) => servedBy(cluster.apps, answer.requestId);
  const name = (i: number) => (i === 0 ? 'A' : 'B');

  async function loginVia(send: (url: string, options?: RequestOptions) => Promise<Answer>, email: string, password: string) {
    const answer = await send('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(answer.status, answer.text).toBe(200);
    return sessionCookie(answer);
  }
  function upload(send: (url: string, options?: RequestOptions) => Promise<Answer>, url: string, parts: Parameters<typeof multipart>[0]) {
    const { body, headers } = multipart(parts);
    return send(url, { method: 'POST', cookie: adminCookie, body, headers });
  }

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2 });
    origin = cluster.url;
    adminCookie = await loginVia(viaNginx, ADMIN_EMAIL, ADMIN_PASSWORD);
    // A course with one module, and a student who has it enabled, all made through nginx.
    const image = await upload(viaNginx, '/api/images', [{ name: 'file', filename: 'curso.png', content: pngBytes(), contentType: 'image/png' }]);
    expect(image.status, image.text).toBe(201);
    const imageId = image.json<{ id: string }>().id;
    const course = await viaNginx('/api/courses', { method: 'POST', cookie: adminCookie, json: { name: 'Curso en dos instancias', description: 'Prueba', imageId } });
    expect(course.status, course.text).toBe(201);
    courseId = course.json<{ course: { id: string } }>().course.id;
    const module = await viaNginx('/api/modules', {
      method: 'POST',
      cookie: adminCookie,
      json: { courseId, name: 'Módulo compartido', imageId, videoUrl: 'https://youtu.be/dQw4w9WgXcQ', questions: ['¿Cuánto dura un partido?'] },
    });
    expect(module.status, module.text).toBe(201);
    moduleId = module.json<{ module: { id: string } }>().module.id;
    const password = 'clave-del-alumno-1';
    const created = await viaNginx('/api/users', { method: 'POST', cookie: adminCookie, json: { name: 'Alumna Cluster', email: 'alumna@example.com', password } });
    expect(created.status, created.text).toBe(201);
    student = { id: created.json<{ user: { id: string } }>().user.id, email: 'alumna@example.com', password };
    const enabled = await viaNginx(`/api/users/${student.id}/modules/${moduleId}/access`, { method: 'PUT', cookie: adminCookie, json: { enabled: true } });
    expect(enabled.status, enabled.text).toBe(204);
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cluster?.stop();
    if (Object.keys(figures).length > 0) {
      await mkdir('artifacts', { recursive: true });
      await writeFile('artifacts/cluster.json', `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`Cifras de varias instancias (artifacts/cluster.json):\n${JSON.stringify(figures, null, 2)}`);
    }
  }, 60_000);

  it('nginx spreads requests over both instances', async () => {
    const served = new Set<number>();
    for (let i = 0; i < 6; i += 1) {
      const answer = await viaNginx('/api/auth/session', { cookie: adminCookie });
      expect(answer.status).toBe(200);
      served.add(await instanceOf(answer));
    }
    expect([...served].sort()).toEqual([0, 1]);
  });

  it('a document and an image uploaded through one instance download through the other, and through nginx', async () => {
    for (const [up, down] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const pdf = Buffer.concat([pdfBytes(`Subido en ${name(up)}`), Buffer.alloc(200_000, 7)]);
      const document = await upload(
        (url, options) => direct(up, url, options),
        `/api/courses/${courseId}/documents`,
        [
          { name: 'name', value: `Reglamento ${name(up)}` },
          { name: 'file', filename: 'reglamento.pdf', content: pdf, contentType: 'application/pdf' },
        ],
      );
      expect(document.status, document.text).toBe(201);
      const documentId = document.json<{ document: { id: string } }>().document.id;
      const elsewhere = await direct(down, `/api/documents/${documentId}/file`, { cookie: adminCookie });
      expect(elsewhere.status, `${name(up)} → ${name(down)}: ${elsewhere.text.slice(0, 200)}`).toBe(200);
      expect(sha(elsewhere.body)).toBe(sha(pdf));
      // A phone seeking: a Range request on the other instance.
      const range = await direct(down, `/api/documents/${documentId}/file`, { cookie: adminCookie, headers: { range: 'bytes=100-199' } });
      expect(range.status).toBe(206);
      expect(range.body).toEqual(pdf.subarray(100, 200));

      const png = pngBytes();
      const image = await upload((url, options) => direct(up, url, options), '/api/images', [{ name: 'file', filename: 'foto.png', content: png, contentType: 'image/png' }]);
      expect(image.status, image.text).toBe(201);
      const imageUrl = image.json<{ url: string }>().url;
      const picture = await direct(down, imageUrl, { cookie: adminCookie });
      expect(picture.status).toBe(200);
      expect(sha(picture.body)).toBe(sha(png));
    }

    // Through nginx: uploaded on whichever instance nginx picks, downloaded on both.
    const pdf = pdfBytes('Por nginx');
    const document = await upload(viaNginx, `/api/courses/${courseId}/documents`, [
      { name: 'name', value: 'Por nginx' },
      { name: 'file', filename: 'nginx.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(document.status, document.text).toBe(201);
    const documentId = document.json<{ document: { id: string } }>().document.id;
    const servedDownloads = new Set<number>();
    for (let i = 0; i < 4; i += 1) {
      const download = await viaNginx(`/api/documents/${documentId}/file`, { cookie: adminCookie });
      expect(download.status).toBe(200);
      expect(sha(download.body)).toBe(sha(pdf));
      servedDownloads.add(await instanceOf(download));
    }
    expect([...servedDownloads].sort()).toEqual([0, 1]);
  });

  it('a session started on one instance works on the other, and signing out on one ends it on both', async () => {
    const cookie = await loginVia((url, options) => direct(0, url, options), student.email, student.password);
    // Each instance has checked the session once (and keeps it in its session cache).
    for (const i of [0, 1]) {
      const session = await direct(i, '/api/auth/session', { cookie });
      expect(session.status, `instancia ${name(i)}`).toBe(200);
      expect(session.json()).toMatchObject({ user: { email: student.email } });
      expect((await direct(i, `/api/pages/modules/${moduleId}`, { cookie })).status).toBe(200);
    }
    // Through nginx, answered by both.
    const served = new Set<number>();
    for (let i = 0; i < 4; i += 1) {
      const page = await viaNginx(`/api/pages/modules/${moduleId}`, { cookie });
      expect(page.status).toBe(200);
      served.add(await instanceOf(page));
    }
    expect([...served].sort()).toEqual([0, 1]);

    // Signed out on B: A, which had the session cached, refuses it at once.
    expect((await direct(1, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    const deadline = Date.now() + 2000;
    let onA = await direct(0, `/api/pages/modules/${moduleId}`, { cookie });
    while (onA.status === 200 && Date.now() < deadline) {
      await sleep(50);
      onA = await direct(0, `/api/pages/modules/${moduleId}`, { cookie });
    }
    expect(onA.status).toBe(401);
    for (let i = 0; i < 4; i += 1) expect((await viaNginx(`/api/pages/modules/${moduleId}`, { cookie })).status).toBe(401);
  });

  it('counts login attempts across both instances (and a forged X-Forwarded-For does not split the count)', async () => {
    const served = new Set<number>();
    for (let i = 0; i < 5; i += 1) {
      // Each attempt claims another address: nginx overwrites it with the one it sees.
      const attempt = await viaNginx('/api/auth/login', {
        method: 'POST',
        json: { email: student.email, password: `adivinando-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(attempt.status, attempt.text).toBe(401);
      served.add(await instanceOf(attempt));
    }
    expect([...served].sort()).toEqual([0, 1]);
    // The sixth, even with the right password, waits: on A and on B alike.
    for (const i of [0, 1]) {
      const sixth = await direct(i, '/api/auth/login', { method: 'POST', json: { email: student.email, password: student.password } });
      expect(sixth.status, `instancia ${name(i)}: ${sixth.text}`).toBe(429);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const sixth = await viaNginx('/api/auth/login', { method: 'POST', json: { email: student.email, password: student.password }, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(sixth.status).toBe(429);
    // The wait is 1 s after the fifth failure: then the right password gets in.
    await sleep(Number(sixth.headers.get('retry-after')) * 1000 + 200);
    expect((await viaNginx('/api/auth/login', { method: 'POST', json: { email: student.email, password: student.password } })).status).toBe(200);
  });

  const isMessage = (id: string) => (event: StreamEvent) =>
    event.event === 'message.created' && (JSON.parse(event.data) as { message?: { id: string } }).message?.id === id;

  it('a forum message posted through one instance reaches an event stream opened through nginx on the other', async () => {
    const cookie = await loginVia(viaNginx, student.email, student.password);
    const stream = openReconnectingStream(`${cluster.url}/api/modules/${moduleId}/events`, { cookie });
    streams.push(stream);
    await stream.waitForOpens(1);
    const holder = await servedBy(cluster.apps, stream.requestIds[0]!);
    const other = 1 - holder;
    const posted = await direct(other, `/api/modules/${moduleId}/messages`, { method: 'POST', cookie, json: { body: `Desde ${name(other)}` } });
    expect(posted.status, posted.text).toBe(201);
    const event = await stream.waitFor(isMessage(posted.json<{ message: { id: string } }>().message.id));
    expect(JSON.parse(event.data)).toMatchObject({ type: 'message.created', moduleId, message: { body: `Desde ${name(other)}` } });
    stream.close();
  });

});

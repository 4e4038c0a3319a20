// Uploads and downloads on both storage drivers: the local disk and an S3-compatible store
// (s3rver on 127.0.0.1). Range, validators, the content check, the size limit, delete, and a
// store that stops answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { document, image } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { IMAGE_MAX_BYTES } from '../../src/shared/schemas/content.ts';
import { buildCourse, buildModule, enableCourse, enableModule, optionId, signedIn } from './helpers/content.ts';
import { exeBytes, multipart, pdfBytes, pngBytes, storedFiles, webmBytes, type Part } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(['local', 's3'] as const)('files on the %s driver', (driver) => {
  let t: TestApp;
  let adminCookie: string;
  let courseId: string;
  beforeAll(async () => {
    t = await createTestApp({ storage: driver });
    adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    courseId = (await buildCourse(t.ctx)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const uploadDocument = (name: string, content: Buffer, filename = 'archivo.pdf') => {
    const { body, headers } = multipart([
      { name: 'name', value: name },
      { name: 'file', filename, content, contentType: 'application/octet-stream' } satisfies Part,
    ]);
    return call(t.app, { method: 'POST', url: `/api/courses/${courseId}/documents`, body, headers, cookie: adminCookie });
  };
  const uploadImage = (content: Buffer) => {
    const { body, headers } = multipart([{ name: 'file', filename: 'foto.png', content, contentType: 'image/png' }]);
    return call(t.app, { method: 'POST', url: '/api/images', body, headers, cookie: adminCookie });
  };
  const counts = async () => ({
    documents: (await t.ctx.db.select({ id: document.id }).from(document)).length,
    images: (await t.ctx.db.select({ id: image.id }).from(image)).length,
    stored: await storedFiles(t.ctx),
  });

  it('runs on the driver asked for', () => {
    expect(t.ctx.storage.kind).toBe(driver);
  });

  describe('a stored document', () => {
    const bytes = pdfBytes('Reglamento de Rango');
    let url: string;
    let key: string;
    beforeAll(async () => {
      const response = await uploadDocument('Reglamento Ñandú "2026"', bytes);
      expect(response.statusCode, response.body).toBe(201);
      url = response.json().document.url;
      const [row] = await t.ctx.db.select({ key: document.storageKey }).from(document).where(eq(document.id, response.json().document.id));
      key = row!.key;
    });

    it('is stored whole, under a generated key', async () => {
      expect((await storedFiles(t.ctx)).objects).toContain(key);
      expect(await t.ctx.storage.stat(key)).toMatchObject({ key, size: bytes.length });
    });

    it('downloads whole with its name, validators and nosniff', async () => {
      const response = await call(t.app, { url, cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(bytes.length),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
      });
      expect(response.headers.etag).toMatch(/^"[0-9a-f-]{36}\.pdf"$/);
      expect(new Date(response.headers['last-modified'] as string).getTime()).toBeGreaterThan(Date.now() - 600_000);
      expect(response.headers['content-disposition']).toBe(
        // Quotes never reach the name; accents go in filename* (RFC 5987) and are dropped from the ASCII fallback.
        `inline; filename="Reglamento Nandu  2026.pdf"; filename*=UTF-8''Reglamento%20%C3%91and%C3%BA%20%202026.pdf`,
      );
    });

    it('answers a Range with 206 and only those bytes', async () => {
      const response = await call(t.app, { url, cookie: adminCookie, headers: { range: 'bytes=5-9' } });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes 5-9/${bytes.length}`);
      expect(response.headers['content-length']).toBe('5');
      expect(response.rawPayload.equals(bytes.subarray(5, 10))).toBe(true);
    });

    it('answers an open and a suffix Range (how a phone seeks in a video)', async () => {
      const open = await call(t.app, { url, cookie: adminCookie, headers: { range: `bytes=${bytes.length - 7}-` } });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(bytes.subarray(bytes.length - 7))).toBe(true);
      const suffix = await call(t.app, { url, cookie: adminCookie, headers: { range: 'bytes=-4' } });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.headers['content-range']).toBe(`bytes ${bytes.length - 4}-${bytes.length - 1}/${bytes.length}`);
      expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 4))).toBe(true);
    });

    it('answers 416 to a range past the end, and the whole file to a range of another version (If-Range)', async () => {
      const past = await call(t.app, { url, cookie: adminCookie, headers: { range: `bytes=${bytes.length + 10}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      const stale = await call(t.app, { url, cookie: adminCookie, headers: { range: 'bytes=0-3', 'if-range': '"otra-version"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
    });

    it('answers 304 to a client that has it (If-None-Match, If-Modified-Since)', async () => {
      const first = await call(t.app, { url, cookie: adminCookie });
      const byEtag = await call(t.app, { url, cookie: adminCookie, headers: { 'if-none-match': first.headers.etag as string } });
      expect(byEtag.statusCode).toBe(304);
      expect(byEtag.rawPayload.length).toBe(0);
      const byDate = await call(t.app, {
        url,
        cookie: adminCookie,
        headers: { 'if-modified-since': first.headers['last-modified'] as string },
      });
      expect(byDate.statusCode).toBe(304);
      const changed = await call(t.app, { url, cookie: adminCookie, headers: { 'if-none-match': '"otra-version"' } });
      expect(changed.statusCode).toBe(200);
    });

    it('checks access before anything: 401 signed out, 404 without the course, with or without Range', async () => {
      expect((await call(t.app, { url, headers: { range: 'bytes=0-3' } })).statusCode).toBe(401);
      const student = await signedIn(t.app, t.ctx);
      const refused = await call(t.app, { url, cookie: student.cookie, headers: { range: 'bytes=0-3' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-range']).toBeUndefined();
      await enableCourse(t.ctx, student.id, courseId);
      expect((await call(t.app, { url, cookie: student.cookie, headers: { range: 'bytes=0-3' } })).statusCode).toBe(206);
    });

    it('is removed from the store with its document', async () => {
      const id = url.split('/')[3]!;
      expect((await call(t.app, { method: 'DELETE', url: `/api/documents/${id}`, cookie: adminCookie })).statusCode).toBe(204);
      expect((await storedFiles(t.ctx)).objects).not.toContain(key);
      expect((await call(t.app, { url, cookie: adminCookie })).statusCode).toBe(404);
    });
  });

  it('serves images with Range and validators too', async () => {
    const bytes = pngBytes();
    const { url } = (await uploadImage(bytes)).json();
    const whole = await call(t.app, { url, cookie: adminCookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const part = await call(t.app, { url, cookie: adminCookie, headers: { range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('PNG');
    expect((await call(t.app, { url, cookie: adminCookie, headers: { 'if-none-match': whole.headers.etag as string } })).statusCode).toBe(
      304,
    );
  });

  it('answers HEAD like GET without the body on every file route: the real Content-Length, whole and for a Range', async () => {
    const document = pdfBytes('Reglamento para HEAD');
    const picture = pngBytes();
    const clip = webmBytes();
    const documentUrl = (await uploadDocument('Reglamento HEAD', document)).json().document.url as string;
    const uploadedImage = (await uploadImage(picture)).json() as { id: string; url: string };
    const uploadVideo = async () => {
      const { body, headers } = multipart([{ name: 'file', filename: 'clip.webm', content: clip, contentType: 'video/webm' }]);
      const response = await call(t.app, { method: 'POST', url: '/api/videos', body, headers, cookie: adminCookie });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const moduleResponse = await call(t.app, {
      method: 'POST',
      url: '/api/modules',
      cookie: adminCookie,
      // The uploaded picture is the module's: students of the module may see it.
      body: { courseId, name: 'Módulo con video para HEAD', imageId: uploadedImage.id, videoId: await uploadVideo(), questions: [] },
    });
    expect(moduleResponse.statusCode, moduleResponse.body).toBe(201);
    const module = moduleResponse.json().module;
    const jugadaModule = await buildModule(t.ctx, courseId);
    const jugadaResponse = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${jugadaModule.id}/jugadas`,
      cookie: adminCookie,
      body: {
        video: { kind: 'file', videoId: await uploadVideo() },
        start: 0.5,
        end: 3.5,
        prompt: '¿Qué cobrás?',
        correctDecisionId: await optionId(t.ctx, courseId, 'Tiro libre'),
        correctSanctionId: await optionId(t.ctx, courseId, 'Ninguna'),
        moment: 2,
        tolerance: 1,
        explanation: 'Regla 8:1',
      },
    });
    expect(jugadaResponse.statusCode, jugadaResponse.body).toBe(201);
    // A student with the course and both modules enabled: what a phone's player asks for.
    const student = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, module.id);
    await enableModule(t.ctx, student.id, jugadaModule.id);

    const routes: Array<[string, string, Buffer]> = [
      ['document', documentUrl, document],
      ['image', uploadedImage.url, picture],
      ['module video', module.videoUrl as string, clip],
      ['jugada clip', jugadaResponse.json().jugada.video.url as string, clip],
    ];
    const same = [
      'content-type',
      'content-length',
      'content-range',
      'accept-ranges',
      'etag',
      'last-modified',
      'cache-control',
      'content-disposition',
    ];
    for (const [name, url, bytes] of routes) {
      for (const headers of [{}, { range: 'bytes=2-9' }] as Array<Record<string, string>>) {
        const get = await call(t.app, { url, cookie: student.cookie, headers });
        const head = await call(t.app, { method: 'HEAD', url, cookie: student.cookie, headers });
        const label = `${name} ${headers.range ?? 'entero'}`;
        expect(get.statusCode, label).toBe(headers.range ? 206 : 200);
        expect(get.headers['content-length'], label).toBe(String(headers.range ? 8 : bytes.length));
        expect(head.statusCode, label).toBe(get.statusCode);
        for (const header of same) expect(head.headers[header], `${label}: ${header}`).toBe(get.headers[header]);
        expect(head.rawPayload.length, label).toBe(0);
      }
    }
  });

  it('refuses content that is not an accepted type by its first bytes, storing nothing', async () => {
    const before = await counts();
    const response = await uploadDocument('Programa', exeBytes(), 'programa.pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(messages.documentType);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over the limit while it streams, storing nothing', async () => {
    const before = await counts();
    const tooBig = Buffer.concat([pngBytes(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await uploadImage(tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await counts()).toEqual(before);
  });

  it.runIf(driver === 's3')('answers a Spanish 503 while the store is down, writes nothing, and recovers', async () => {
    const kept = (await uploadImage(pngBytes())).json().url as string;
    const before = await counts();
    await t.s3!.stop();
    try {
      const upload = await uploadDocument('Sin almacenamiento', pdfBytes());
      expect(upload.statusCode).toBe(503);
      expect(upload.json().error).toMatchObject({ code: 'UNAVAILABLE', message: messages.storageUnavailable });
      const download = await call(t.app, { url: kept, cookie: adminCookie });
      expect(download.statusCode).toBe(503);
      expect(download.json().error.code).toBe('UNAVAILABLE');
      expect((await t.ctx.db.select({ id: document.id }).from(document)).length).toBe(before.documents);
    } finally {
      await t.s3!.start();
    }
    expect(await counts()).toEqual(before);
    expect((await uploadDocument('De vuelta', pdfBytes())).statusCode).toBe(201);
    expect((await call(t.app, { url: kept, cookie: adminCookie })).statusCode).toBe(200);
  });
});

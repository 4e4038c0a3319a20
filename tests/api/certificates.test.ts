// 'Certificados': issued only to 'Apto' trainees, each once; their PDF (text a reader extracts, a
// QR code to the public page); the public verification page (valid, expired, revoked, unknown,
// rate-limited, never an email); 'Mis certificados'; 'Revocar'. Time is the app's clock (ctx.clock).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPerIp } from '../../src/server/certificates/routes.ts';
import { certificate, course, recordChange, user } from '../../src/server/db/schema.ts';
import { noRequirements, type ApprovalRequirements } from '../../src/shared/approval-rules.ts';
import { certificateMessages, messages } from '../../src/shared/messages.ts';
import type { CourseApproval } from '../../src/shared/schemas/approval.ts';
import { SIGNER_NAME_MAX, SIGNER_TITLE_MAX, type Certificate, type CertificateList } from '../../src/shared/schemas/certificates.ts';
import { createUser } from './helpers/builders.ts';
import { buildCourse, enableCourse, signedIn, unknownId } from './helpers/content.ts';
import { call, login, nextIp, type CallOptions } from './helpers/http.ts';
import { pdfPageCount, pdfPagesAsPng, pdfQrCodes, pdfText } from './helpers/pdf.ts';
import { recordFitness } from './helpers/record.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL, createTestApp, type TestApp } from './helpers/test-app.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

let t: TestApp;
let admin: string;
// A built app of our own (the API suite runs before the client is built): the public page's document.
const clientDir = mkdtempSync(path.join(tmpdir(), 'aula-client-'));
const INDEX_HTML = '<!doctype html><html lang="es"><head><title>Aula Virtual</title></head><body><div id="root"></div></body></html>';
beforeAll(async () => {
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ clientDist: clientDir });
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Saturday 28 November 2026, 10:00 in Buenos Aires. */
const TODAY = '2026-11-28';
beforeEach(() => {
  t.ctx.clock.now = () => new Date('2026-11-28T10:00:00-03:00');
});

/** Who signs the certificates of the courses set up here ('Firma del certificado'). */
const SIGNER = { name: 'Marta Gómez', title: 'Directora de la Escuela de Árbitros' };

const CODE = /^AV-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A course that asks only 'Prueba física aprobada', with its licence, and two trainees: one who
 * passed the test ('Apto', with accents in the name) and one without a result ('En curso').
 */
async function setting(
  options: {
    requirements?: Partial<ApprovalRequirements>;
    level?: string;
    name?: string;
    months?: number;
    signer?: { name: string; title: string };
  } = {},
) {
  const built = await buildCourse(t.ctx, { name: options.name ?? 'Curso de Árbitros Regionales 2026' });
  const signer = options.signer ?? SIGNER;
  await t.ctx.db
    .update(course)
    .set({
      requirements: { ...noRequirements, fitness: true, ...options.requirements },
      licenceLevel: options.level ?? 'Árbitro Provincial',
      rulesEdition: 'IHF 2024',
      licenceMonths: options.months ?? 12,
      certificateSignerName: signer.name,
      certificateSignerTitle: signer.title,
    })
    .where(eq(course.id, built.id));
  const apto = await signedIn(t.app, t.ctx, 'student', { name: 'María José Ñandú Güemes' });
  const enCurso = await signedIn(t.app, t.ctx, 'student', { name: 'Zoe Ibarra' });
  for (const trainee of [apto, enCurso]) await enableCourse(t.ctx, trainee.id, built.id);
  await recordFitness(t.ctx, built.id, apto.id, 9);
  return { courseId: built.id, courseName: built.name, apto, enCurso };
}

const issueUrl = (courseId: string) => `/api/courses/${courseId}/certificates`;

async function issue(courseId: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return call(t.app, { method: 'POST', url: issueUrl(courseId), cookie: admin, body, headers });
}

async function listOf(courseId: string) {
  const response = await call(t.app, { url: issueUrl(courseId), cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CertificateList).certificates;
}

async function issueOne(courseId: string): Promise<Certificate> {
  const response = await issue(courseId);
  expect(response.statusCode, response.body).toBe(201);
  const [issued] = await listOf(courseId);
  return issued!;
}

const verify = (code: string, ip?: string) => call(t.app, { url: `/api/verify/${encodeURIComponent(code)}`, ...(ip ? { ip } : {}) });

const revoke = (certificateId: string, body: unknown) =>
  call(t.app, { method: 'POST', url: `/api/certificates/${certificateId}/revoke`, cookie: admin, body });

const rowsOf = (courseId: string) => t.ctx.db.select().from(certificate).where(eq(certificate.courseId, courseId));

describe('who can use the certificates', () => {
  it('answers 401 without a session, 403 to a student, 404 for unknown ids and 400 for malformed ids', async () => {
    const { courseId, apto } = await setting();
    const issued = await issueOne(courseId);
    const student = (await signedIn(t.app, t.ctx)).cookie;
    const adminRoutes = (courseOrCertificate: string, certificateId: string): CallOptions[] => [
      { method: 'POST', url: issueUrl(courseOrCertificate), body: {} },
      { url: issueUrl(courseOrCertificate) },
      { method: 'POST', url: `/api/certificates/${certificateId}/revoke`, body: { reason: 'Error' } },
    ];
    for (const request of [
      ...adminRoutes(courseId, issued.id),
      { url: `/api/certificates/${issued.id}/pdf` },
      { url: '/api/me/certificates' },
    ]) {
      expect((await call(t.app, request)).statusCode, request.url).toBe(401);
    }
    for (const request of adminRoutes(courseId, issued.id)) {
      const response = await call(t.app, { ...request, cookie: student });
      expect(response.statusCode, request.url).toBe(403);
      expect(response.json().error.message).toBe(messages.forbidden);
    }
    for (const request of [...adminRoutes(unknownId(), unknownId()), { url: `/api/certificates/${unknownId()}/pdf` }]) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(404);
      expect([messages.courseNotFound, certificateMessages.certificateNotFound]).toContain(response.json().error.message);
    }
    for (const request of [...adminRoutes('x'.repeat(80), 'x'.repeat(80)), { url: `/api/certificates/${'x'.repeat(80)}/pdf` }]) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error.message).toBe(messages.invalidId);
    }
    // Nothing of that touched the certificate.
    expect(await listOf(courseId)).toEqual([issued]);
    expect(issued.userId).toBe(apto.id);
  });

  it('refuses malformed bodies with a 400 in Spanish and issues nothing', async () => {
    const { courseId } = await setting();
    for (const body of [{ userIds: [] }, { userIds: ['x'.repeat(80)] }, { userIds: 'todos' }, 'texto']) {
      const response = await call(t.app, {
        method: 'POST',
        url: issueUrl(courseId),
        cookie: admin,
        body,
        ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(/[áéíóúñ]|El identificador|inválid|pedido/i);
    }
    expect(await rowsOf(courseId)).toEqual([]);
  });
});

describe("'Emitir certificados'", () => {
  it("issues one to every 'Apto' trainee without one, copying what the certificate says, and logs it", async () => {
    const { courseId, courseName, apto } = await setting();
    const response = await issue(courseId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ issued: 1, message: '1 certificado emitido' });

    const [issued, ...others] = await listOf(courseId);
    expect(others).toEqual([]);
    expect(issued).toMatchObject({
      courseId,
      userId: apto.id,
      holderName: 'María José Ñandú Güemes',
      courseName,
      level: 'Árbitro Provincial',
      rulesEdition: 'IHF 2024',
      issuedOn: TODAY,
      expiresOn: '2027-11-28',
      issuedByName: 'Administrador',
      state: 'vigente',
      revokedAt: null,
      revokedReason: null,
    });
    expect(issued!.code).toMatch(CODE);
    expect(issued!.verifyUrl).toBe(`${PUBLIC_URL}/verificar/${issued!.code}`);
    expect(issued!.pdfUrl).toBe(`/api/certificates/${issued!.id}/pdf`);

    const changes = await t.ctx.db
      .select({ summary: recordChange.summary, actorName: recordChange.actorName })
      .from(recordChange)
      .where(and(eq(recordChange.courseId, courseId), eq(recordChange.userId, apto.id)));
    expect(changes).toContainEqual({ summary: `Certificado ${issued!.code} emitido (Árbitro Provincial)`, actorName: 'Administrador' });

    // Renaming the course or the trainee later never changes an issued certificate.
    await t.ctx.db.update(course).set({ name: 'Otro nombre', licenceLevel: 'Árbitro Nacional' }).where(eq(course.id, courseId));
    expect((await listOf(courseId))[0]).toMatchObject({ courseName, level: 'Árbitro Provincial' });
  });

  it('says how many it issued, and counts a whole class', async () => {
    const { courseId } = await setting();
    for (let i = 0; i < 2; i++) {
      const trainee = await createUser(t.ctx);
      await enableCourse(t.ctx, trainee.id, courseId);
      await recordFitness(t.ctx, courseId, trainee.id, 10);
    }
    const response = await issue(courseId);
    expect(response.json()).toEqual({ issued: 3, message: '3 certificados emitidos' });
    const codes = (await listOf(courseId)).map((c) => c.code);
    expect(new Set(codes).size).toBe(3);
  });

  it("refuses, naming them, a trainee who is not 'Apto', and issues nothing to anyone", async () => {
    const { courseId, apto, enCurso } = await setting();
    const response = await issue(courseId, { userIds: [apto.id, enCurso.id] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe('No se emitió ningún certificado: Zoe Ibarra no es Apto.');
    expect(await rowsOf(courseId)).toEqual([]);

    // Someone who is not a trainee of the course: the 404 of a missing trainee.
    const stranger = await createUser(t.ctx);
    for (const userId of [stranger.id, unknownId()]) {
      const refused = await issue(courseId, { userIds: [apto.id, userId] });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(certificateMessages.traineeNotFound);
    }
    expect(await rowsOf(courseId)).toEqual([]);

    // One by one: the 'Apto' one gets theirs; then asking again for them says they have it.
    const one = await issue(courseId, { userIds: [apto.id] });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toEqual({ issued: 1, message: '1 certificado emitido' });
    const again = await issue(courseId, { userIds: [apto.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('No se emitió ningún certificado: María José Ñandú Güemes ya tiene certificado de este curso.');
    // And 'Emitir certificados' for everyone finds nobody left.
    const all = await issue(courseId);
    expect(all.statusCode).toBe(409);
    expect(all.json().error.message).toBe(certificateMessages.noneToIssue);
    expect(await rowsOf(courseId)).toHaveLength(1);

    // Once the other trainee passes, they become 'Apto' and get theirs.
    await recordFitness(t.ctx, courseId, enCurso.id, 8.5);
    expect((await issue(courseId)).json()).toEqual({ issued: 1, message: '1 certificado emitido' });
    expect((await listOf(courseId)).map((c) => c.holderName)).toEqual(['María José Ñandú Güemes', 'Zoe Ibarra']);
  });

  it('is refused while the course asks nothing, or has no licence level', async () => {
    const asksNothing = await setting({ requirements: { fitness: false } });
    const response = await issue(asksNothing.courseId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Definí los requisitos de aprobación antes de emitir certificados');

    const noLevel = await setting({ level: '' });
    const refused = await issue(noLevel.courseId, { userIds: [noLevel.apto.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(certificateMessages.noLevel);
    expect([...(await rowsOf(asksNothing.courseId)), ...(await rowsOf(noLevel.courseId))]).toEqual([]);
  });

  it('is refused until the course names who signs its certificates, then signed by them as named that day', async () => {
    const { courseId, apto } = await setting({ signer: { name: '', title: '' } });
    const refused = await issue(courseId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(certificateMessages.noSigner);
    expect(await rowsOf(courseId)).toEqual([]);

    const saved = await saveSigner(courseId, { name: '  Ramón Díaz ', title: 'Director de la Escuela de Árbitros ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const issued = await issueOne(courseId);
    const pdf = async () => pdfText((await call(t.app, { url: issued.pdfUrl, cookie: apto.cookie })).rawPayload);
    const text = await pdf();
    expect(text).toContain('Ramón Díaz');
    expect(text).toContain('Director de la Escuela de Árbitros');
    expect(text).not.toContain('Administrador');

    // Another signer from now on: the certificate issued keeps the one it was issued with.
    expect((await saveSigner(courseId, { name: 'Ana Ruiz', title: 'Directora de Arbitraje' })).statusCode).toBe(200);
    const again = await pdf();
    expect(again).toContain('Ramón Díaz');
    expect(again).not.toContain('Ana Ruiz');
  });

  it('never issues two: a repeated request gets the first answer, and two at once issue once', async () => {
    const { courseId } = await setting();
    const key = { 'idempotency-key': 'emitir-certificados-1' };
    const first = await issue(courseId, {}, key);
    const repeat = await issue(courseId, {}, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await rowsOf(courseId)).toHaveLength(1);

    // Two instructors (or a double click without a key) at the same moment.
    const other = await setting();
    const answers = await Promise.all([issue(other.courseId), issue(other.courseId), issue(other.courseId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowsOf(other.courseId)).toHaveLength(1);
  });

  it('can issue again once revoked, with a new code', async () => {
    const { courseId } = await setting();
    const first = await issueOne(courseId);
    expect((await revoke(first.id, { reason: 'Emitido por error' })).statusCode).toBe(200);
    expect((await issue(courseId)).json()).toEqual({ issued: 1, message: '1 certificado emitido' });
    const list = await listOf(courseId);
    expect(list).toHaveLength(2);
    expect(list.map((c) => c.state).sort()).toEqual(['revocado', 'vigente']);
    expect(new Set(list.map((c) => c.code)).size).toBe(2);
  });
});

describe('the PDF', () => {
  it('holds the name with its accents, the course, the level, the dates in Spanish and the code, and a QR code to the public page', async () => {
    const { courseId, courseName, apto } = await setting();
    const issued = await issueOne(courseId);
    const response = await call(t.app, { url: issued.pdfUrl, cookie: apto.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=certificado-maria-jose-nandu-guemes-${issued.code}.pdf`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(1);

    const text = pdfText(bytes);
    for (const expected of [
      'Certificado',
      'María José Ñandú Güemes',
      courseName,
      'Árbitro Provincial',
      'Reglamento: IHF 2024',
      'Emitido el 28 de noviembre de 2026',
      'Vence el 28 de noviembre de 2027',
      issued.code,
      // Signed by whom the course names, not by whoever issued it (the administrator here).
      'Marta Gómez',
      'Directora de la Escuela de Árbitros',
      issued.verifyUrl,
    ]) {
      expect(text).toContain(expected);
    }
    expect(issued.issuedByName).toBe('Administrador');
    expect(text).not.toContain('Administrador');
    expect(text).not.toContain('Instructor a cargo');
    expect(text).not.toContain(apto.email);
    expect(pdfQrCodes(bytes)).toEqual([`${PUBLIC_URL}/verificar/${issued.code}`]);

    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/certificate-pdf-${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'}.png`, pdfPagesAsPng(bytes, 1.5)[0]!);
  });

  it('prints a long name, course and signer on the one page, without losing them', async () => {
    const signer = {
      name: 'Juan Bautista Fernández de la Vega Etcheverrigaray y Zubizarreta de los Santos',
      title: 'Director de la Escuela de Árbitros de la Federación Metropolitana de Handball de la Provincia',
    };
    const { courseId, apto } = await setting({
      name: 'Curso Provincial de Formación y Actualización de Árbitros de Handball de la Federación Metropolitana 2026',
      signer,
    });
    await t.ctx.db
      .update(user)
      .set({ name: 'María de los Ángeles Fernández de la Peña Zubizarreta Echeverría' })
      .where(eq(user.id, apto.id));
    const issued = await issueOne(courseId);
    const response = await call(t.app, { url: issued.pdfUrl, cookie: admin });
    const bytes = response.rawPayload;
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('María de los Ángeles Fernández de la Peña Zubizarreta Echeverría');
    expect(text).toContain('Curso Provincial de Formación y Actualización de Árbitros de Handball');
    expect(text).toContain(signer.name);
    expect(text).toContain(signer.title);
    expect(pdfQrCodes(bytes)).toEqual([issued.verifyUrl]);
    writeFileSync(`${SHOTS}/certificate-pdf-long-names.png`, pdfPagesAsPng(bytes, 1.5)[0]!);
  });

  it('prints names in any script as written: Chinese, Cyrillic, Greek, Korean, Latin beyond Spanish', async () => {
    const { courseId, apto } = await setting({ name: 'Curso Ж de Σφυρίχτρα' });
    const name = '李小龍 Жанна Łukasz Ødegård 김민준';
    await t.ctx.db.update(user).set({ name }).where(eq(user.id, apto.id));
    const issued = await issueOne(courseId);
    const response = await call(t.app, { url: issued.pdfUrl, cookie: admin });
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(name);
    expect(text).toContain('Curso Ж de Σφυρίχτρα');
    expect(text).not.toContain('?');
    expect(pdfPageCount(bytes)).toBe(1);
    expect(pdfQrCodes(bytes)).toEqual([issued.verifyUrl]);
    // Only the glyphs used are embedded: a few kilobytes beside the Latin certificate, not the fonts' megabytes.
    expect(bytes.length).toBeLessThan(200_000);
    writeFileSync(`${SHOTS}/certificate-pdf-scripts.png`, pdfPagesAsPng(bytes, 1.5)[0]!);
  });

  it('is only for the instructors and the holder (anyone else: the 404 of a missing certificate), and not the holder once revoked', async () => {
    const { courseId, apto, enCurso } = await setting();
    const issued = await issueOne(courseId);
    const outsider = (await signedIn(t.app, t.ctx)).cookie;
    for (const cookie of [enCurso.cookie, outsider]) {
      const response = await call(t.app, { url: issued.pdfUrl, cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(certificateMessages.certificateNotFound);
    }
    expect((await call(t.app, { url: issued.pdfUrl, cookie: admin })).statusCode).toBe(200);
    expect((await revoke(issued.id, { reason: 'Sanción disciplinaria' })).statusCode).toBe(200);
    expect((await call(t.app, { url: issued.pdfUrl, cookie: apto.cookie })).statusCode).toBe(404);
    expect((await call(t.app, { url: issued.pdfUrl, cookie: admin })).statusCode).toBe(200);
  });
});

describe('the public verification page', () => {
  it('is served as the app to anyone, signed in or not (the QR code opens it on any phone)', async () => {
    const { courseId, apto } = await setting();
    const issued = await issueOne(courseId);
    for (const cookie of [undefined, apto.cookie, admin]) {
      for (const url of [`/verificar/${issued.code}`, `/verificar/${issued.code.toLowerCase()}`, '/verificar']) {
        const response = await call(t.app, { url, ...(cookie ? { cookie } : {}), headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toBe(INDEX_HTML);
      }
    }
  });

  it('shows only the name, course, level, dates and state, without a session, however the code is typed', async () => {
    const { courseId, courseName, apto } = await setting();
    const issued = await issueOne(courseId);
    const expected = {
      name: 'María José Ñandú Güemes',
      course: courseName,
      level: 'Árbitro Provincial',
      issuedOn: TODAY,
      expiresOn: '2027-11-28',
      state: 'vigente',
    };
    const compact = issued.code.replace(/-/g, '');
    for (const typed of [
      issued.code,
      issued.code.toLowerCase(),
      compact,
      ` ${compact.slice(0, 6)} ${compact.slice(6)} `,
      issued.code.slice(3),
    ]) {
      const response = await verify(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(response.body).not.toContain(apto.email);
      expect(response.body).not.toContain(apto.id);
      expect(response.body).not.toContain(courseId);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it("says 'Vencido' after its last day, and 'Revocado' once revoked", async () => {
    const { courseId } = await setting({ months: 1 });
    const issued = await issueOne(courseId);
    expect(issued.expiresOn).toBe('2026-12-28');
    // Its last day is still in force; the next one is not.
    t.ctx.clock.now = () => new Date('2026-12-28T23:30:00-03:00');
    expect((await verify(issued.code)).json().state).toBe('vigente');
    t.ctx.clock.now = () => new Date('2026-12-29T00:30:00-03:00');
    expect((await verify(issued.code)).json()).toMatchObject({ state: 'vencido', expiresOn: '2026-12-28' });
    expect((await listOf(courseId))[0]!.state).toBe('vencido');

    const revoked = await revoke(issued.id, { reason: 'Emitido por error' });
    expect((await verify(issued.code)).json().state).toBe('revocado');
    expect(revoked.json().certificate.state).toBe('revocado');
  });

  it('answers an unknown code and anything that is not a code with the same plain 404', async () => {
    const bodies = [];
    for (const typed of ['AV-0000-0000', 'AV-ZZZZ-ZZZZ', 'hola', 'AV-7K3P-9QX!', '%27%20or%201=1', 'x'.repeat(90)]) {
      const response = await call(t.app, { url: `/api/verify/${typed}` });
      expect(response.statusCode, typed).toBe(404);
      const { error } = response.json() as { error: { code: string; message: string; requestId: string } };
      bodies.push({ code: error.code, message: error.message, keys: Object.keys(error).sort() });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({ code: 'NOT_FOUND', message: 'No encontramos ese certificado', keys: ['code', 'message', 'requestId'] });
  });

  it('is rate-limited per address, like login: past the limit a 429 in Spanish, other addresses go on', async () => {
    const { courseId } = await setting();
    const issued = await issueOne(courseId);
    const ip = nextIp();
    for (let i = 0; i < verifyPerIp.max; i++) {
      // Unknown codes and known ones count alike.
      const response = await verify(i % 2 ? issued.code : `AV-0000-${String(i % 10).repeat(4)}`, ip);
      expect(response.statusCode, `consulta ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await verify(issued.code, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    // How long to wait, as login's and attendance's 429 say: what is left of the window.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(verifyPerIp.windowSeconds);
    expect(refused.body).not.toContain('María');
    expect((await verify(issued.code, nextIp())).statusCode).toBe(200);
  });
});

describe("'Mis certificados'", () => {
  it('lists the holder’s own certificates with their state, verification address and PDF, and nobody else’s', async () => {
    const { courseId, courseName, apto, enCurso } = await setting();
    const issued = await issueOne(courseId);
    const mine = await call(t.app, { url: '/api/me/certificates', cookie: apto.cookie });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as CertificateList).certificates).toEqual([issued]);
    expect(issued).toMatchObject({ courseName, state: 'vigente', verifyUrl: `${PUBLIC_URL}/verificar/${issued.code}` });

    const theirs = await call(t.app, { url: '/api/me/certificates', cookie: enCurso.cookie });
    expect(theirs.json()).toEqual({ certificates: [] });
    expect((await call(t.app, { url: '/api/me/certificates', cookie: admin })).json()).toEqual({ certificates: [] });

    // A revoked one stays on the list, saying so, with the reason.
    await revoke(issued.id, { reason: 'Sanción disciplinaria' });
    const after = (await call(t.app, { url: '/api/me/certificates', cookie: apto.cookie })).json() as CertificateList;
    expect(after.certificates[0]).toMatchObject({ state: 'revocado', revokedReason: 'Sanción disciplinaria' });
  });
});

const signerUrl = (courseId: string) => `/api/courses/${courseId}/certificate-signer`;
const saveSigner = (courseId: string, body: unknown, cookie = admin) =>
  call(t.app, { method: 'PUT', url: signerUrl(courseId), cookie, body });

describe("'Firma del certificado'", () => {
  it('saves who signs the course’s certificates, trimmed, shows it on the approval page and logs each change once', async () => {
    const { courseId } = await setting({ signer: { name: '', title: '' } });
    const approval = async () => (await call(t.app, { url: `/api/courses/${courseId}/approval`, cookie: admin })).json() as CourseApproval;
    expect((await approval()).signer).toEqual({ name: '', title: '' });

    const response = await saveSigner(courseId, { name: '  Marta Gómez  ', title: ' Directora de la Escuela de Árbitros ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signer: SIGNER, message: certificateMessages.signerSaved });
    expect((await approval()).signer).toEqual(SIGNER);
    // The same again changes nothing, and is not logged twice.
    expect((await saveSigner(courseId, SIGNER)).statusCode).toBe(200);
    const logged = await t.ctx.db
      .select({ summary: recordChange.summary, kind: recordChange.kind, actorName: recordChange.actorName })
      .from(recordChange)
      .where(eq(recordChange.courseId, courseId))
      .orderBy(recordChange.at);
    expect(logged).toEqual([
      {
        summary: 'Firma del certificado: Marta Gómez, Directora de la Escuela de Árbitros',
        kind: 'certificados',
        actorName: 'Administrador',
      },
    ]);
  });

  it('wants both, each within its length, with a 400 in Spanish on its field, and changes nothing', async () => {
    const { courseId } = await setting();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ name: 'Marta Gómez' }, { title: certificateMessages.signerTitleRequired }],
      [{ name: '   ', title: 'Directora' }, { name: certificateMessages.signerNameRequired }],
      [{ name: 'Marta Gómez', title: '' }, { title: certificateMessages.signerTitleRequired }],
      [
        { name: 'x'.repeat(SIGNER_NAME_MAX + 1), title: 'Directora' },
        { name: `El nombre no puede tener más de ${SIGNER_NAME_MAX} caracteres` },
      ],
      [
        { name: 'Marta', title: 'x'.repeat(SIGNER_TITLE_MAX + 1) },
        { title: `El cargo no puede tener más de ${SIGNER_TITLE_MAX} caracteres` },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await saveSigner(courseId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
      expect(Object.values(fields)).toContain(response.json().error.message);
    }
    for (const body of [{ name: 1, title: 2 }, 'Marta Gómez']) {
      const response = await call(t.app, {
        method: 'PUT',
        url: signerUrl(courseId),
        cookie: admin,
        body,
        ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(response.statusCode).toBe(400);
    }
    // Exactly as long as allowed is fine.
    const longest = { name: 'n'.repeat(SIGNER_NAME_MAX), title: 't'.repeat(SIGNER_TITLE_MAX) };
    expect((await saveSigner(courseId, longest)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(course).where(eq(course.id, courseId));
    expect([row!.certificateSignerName, row!.certificateSignerTitle]).toEqual([longest.name, longest.title]);
  });

  it('answers 401 without a session, 403 to a student, 404 for an unknown course and 400 for a malformed id', async () => {
    const { courseId } = await setting({ signer: { name: '', title: '' } });
    const anonymous = await call(t.app, { method: 'PUT', url: signerUrl(courseId), body: SIGNER });
    expect(anonymous.statusCode).toBe(401);
    const student = (await signedIn(t.app, t.ctx)).cookie;
    const forbidden = await saveSigner(courseId, SIGNER, student);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(messages.forbidden);
    const unknown = await saveSigner(unknownId(), SIGNER);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.courseNotFound);
    const malformed = await saveSigner('x'.repeat(80), SIGNER);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(messages.invalidId);
    const [row] = await t.ctx.db.select().from(course).where(eq(course.id, courseId));
    expect([row!.certificateSignerName, row!.certificateSignerTitle]).toEqual(['', '']);
  });
});

describe("'Revocar'", () => {
  it('needs a reason of at most 500 characters, logs it, and refuses a second time', async () => {
    const { courseId, apto } = await setting();
    const issued = await issueOne(courseId);
    for (const [body, message] of [
      [{}, messages.requiredField],
      [{ reason: '   ' }, messages.requiredField],
      [{ reason: 'x'.repeat(501) }, 'El motivo no puede tener más de 500 caracteres'],
    ] as const) {
      const response = await revoke(issued.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toEqual({ reason: message });
    }
    expect((await listOf(courseId))[0]!.state).toBe('vigente');

    const response = await revoke(issued.id, { reason: '  Emitido por error  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Certificado revocado',
      certificate: { id: issued.id, state: 'revocado', revokedReason: 'Emitido por error', revokedAt: '2026-11-28T13:00:00.000Z' },
    });
    const again = await revoke(issued.id, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(certificateMessages.alreadyRevoked);
    const changes = await t.ctx.db
      .select({ summary: recordChange.summary })
      .from(recordChange)
      .where(and(eq(recordChange.courseId, courseId), eq(recordChange.userId, apto.id)));
    expect(changes.map((c) => c.summary)).toContain(`Certificado ${issued.code} revocado: Emitido por error`);
  });
});

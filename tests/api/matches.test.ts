// 'Mis partidos': a match created with its fields and its file's size, the course's storage checked
// before the upload starts, the file sent with tus (created, cut, resumed from the offset the server
// gives), the content check, who sees a match and its files (the pair, the course's instructors and
// observers, administrators; anyone else the 404 of an id that does not exist) and deleting one.
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseStaff, match as matchTable, matchComment, matchFile } from '../../src/server/db/schema.ts';
import { cleanUp } from '../../src/server/maintenance/cleanup.ts';
import { matchMessages } from '../../src/shared/messages.ts';
import type { CourseMatches, Match, MyMatches } from '../../src/shared/schemas/matches.ts';
import { buildCourse, enableCourse, signedIn } from './helpers/content.ts';
import { mp4Bytes, pdfBytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';
import { testStorage } from './helpers/s3.ts';

const run = promisify(execFile);
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let admin: string;
let courseId: string;
type Person = Awaited<ReturnType<typeof signedIn>>;
let trainee: Person;
let partner: Person;
let classmate: Person;
let outsider: Person;
let instructor: Person;
let observer: Person;
let assistant: Person;

/** A video file of `size` bytes: an MP4's first box, then filler. */
function videoOf(size: number): Buffer {
  const head = mp4Bytes();
  const body = Buffer.alloc(size);
  head.copy(body);
  for (let i = head.length; i < size; i += 4096) body[i] = i % 251;
  return body;
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  courseId,
  playedOn: '2026-11-14',
  title: 'Vélez – Ferro, Primera B',
  category: 'Primera B',
  partnerId: partner.id,
  ...overrides,
});

async function createMatch(cookie: string, size: number, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, { method: 'POST', url: '/api/matches', cookie, body: { ...fields(overrides), fileSize: size } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ match: Match }>().match;
}

const tus = { 'tus-resumable': '1.0.0' };
const metadata = (matchId: string) =>
  `matchId ${Buffer.from(matchId).toString('base64')},filename ${Buffer.from('partido.mp4').toString('base64')}`;

/** tus: creates the upload of the match's file; its address. */
async function startUpload(cookie: string, matchId: string, size: number) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/matches/uploads',
    cookie,
    headers: { ...tus, 'upload-length': String(size), 'upload-metadata': metadata(matchId) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const location = response.headers.location as string;
  expect(location).toMatch(/^\/api\/matches\/uploads\/[0-9a-f-]{36}\.video$/);
  return location;
}

const patch = (cookie: string, url: string, offset: number, bytes: Buffer) =>
  call(t.app, {
    method: 'PATCH',
    url,
    cookie,
    headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes as unknown as string,
  });

const offsetOf = async (cookie: string, url: string) => {
  const response = await call(t.app, { method: 'HEAD', url, cookie, headers: tus });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['upload-offset']);
};

/** A whole upload, in two PATCHes (cut after `cutAt`, then resumed from the server's offset). */
async function upload(cookie: string, matchId: string, bytes: Buffer, cutAt = Math.floor(bytes.length * 0.4)) {
  const url = await startUpload(cookie, matchId, bytes.length);
  expect((await patch(cookie, url, 0, bytes.subarray(0, cutAt))).statusCode).toBe(204);
  const offset = await offsetOf(cookie, url);
  expect(offset).toBe(cutAt);
  const last = await patch(cookie, url, offset, bytes.subarray(offset));
  expect(last.statusCode, last.body).toBe(204);
  return url;
}

const getMatch = (cookie: string, matchId: string) => call(t.app, { url: `/api/matches/${matchId}`, cookie });

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const course = await buildCourse(t.ctx);
  const other = await buildCourse(t.ctx);
  courseId = course.id;
  const names = ['Ana Árbitro', 'Bruno Pareja', 'Carla Compañera', 'Otro Curso', 'Inés Instructora', 'Omar Observador', 'Aldo Ayudante'];
  const people: Person[] = [];
  for (const name of names) people.push(await signedIn(t.app, t.ctx, 'student', { name }));
  [trainee, partner, classmate, outsider, instructor, observer, assistant] = people as [
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
  ];
  for (const person of [trainee, partner, classmate]) await enableCourse(t.ctx, person.id, courseId);
  await enableCourse(t.ctx, outsider.id, other.id);
  await t.ctx.db.insert(courseStaff).values([
    { courseId, userId: instructor.id, role: 'instructor' },
    { courseId, userId: observer.id, role: 'observador' },
    { courseId, userId: assistant.id, role: 'ayudante' },
  ]);
  // Their sessions learn they are staff.
  for (const person of [instructor, observer, assistant]) person.cookie = await login(t.app, person.email, person.password);
});

afterAll(async () => {
  await t?.close();
});

describe('uploading a match', () => {
  it('creates it, takes the file with tus across a cut, and serves it back identical, with Range', async () => {
    const bytes = videoOf(3 * 1024 * 1024 + 17);
    const created = await createMatch(trainee.cookie, bytes.length);
    expect(created).toMatchObject({ state: 'subiendo', mine: true, canDelete: true, partner: { id: partner.id, name: 'Bruno Pareja' } });

    const url = await upload(trainee.cookie, created.id, bytes);
    const after = (await getMatch(trainee.cookie, created.id)).json<{ match: Match }>().match;
    expect(after.state).toBe('procesando');
    expect(after.uploadUrl).toBeNull();
    expect(after.originalUrl).toBe(`/api/matches/${created.id}/files/original`);

    const whole = await call(t.app, { url: after.originalUrl!, cookie: trainee.cookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const range = await call(t.app, { url: after.originalUrl!, cookie: partner.cookie, headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    // The finished upload is no longer one to resume.
    const head = await call(t.app, { method: 'HEAD', url, cookie: trainee.cookie, headers: tus });
    expect(head.statusCode).toBe(404);
  });

  it('answers a resumed upload with how much arrived, to its uploader only', async () => {
    const bytes = videoOf(1024 * 1024);
    const created = await createMatch(trainee.cookie, bytes.length);
    const url = await startUpload(trainee.cookie, created.id, bytes.length);
    await patch(trainee.cookie, url, 0, bytes.subarray(0, 300_000));
    expect(await offsetOf(trainee.cookie, url)).toBe(300_000);
    const listed = (await call(t.app, { url: '/api/matches', cookie: trainee.cookie })).json<MyMatches>();
    expect(listed.matches.find((row) => row.id === created.id)?.uploadUrl).toBe(url);
    // Anyone else: the upload does not exist.
    for (const cookie of [partner.cookie, classmate.cookie, instructor.cookie]) {
      expect((await call(t.app, { method: 'HEAD', url, cookie, headers: tus })).statusCode).toBe(404);
      expect((await patch(cookie, url, 300_000, bytes.subarray(300_000))).statusCode).toBe(404);
    }
    expect((await call(t.app, { method: 'HEAD', url, headers: tus })).statusCode).toBe(401);
    // A second upload for the same match by someone else, or of another size, is refused.
    const foreign = await call(t.app, {
      method: 'POST',
      url: '/api/matches/uploads',
      cookie: partner.cookie,
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata(created.id) },
    });
    expect(foreign.statusCode).toBe(404);
    const otherSize = await call(t.app, {
      method: 'POST',
      url: '/api/matches/uploads',
      cookie: trainee.cookie,
      headers: { ...tus, 'upload-length': String(bytes.length + 1), 'upload-metadata': metadata(created.id) },
    });
    expect(otherSize.statusCode).toBe(400);
    expect(otherSize.body).toContain(matchMessages.sizeMismatch);
    // The rest arrives.
    expect((await patch(trainee.cookie, url, 300_000, bytes.subarray(300_000))).statusCode).toBe(204);
    expect((await getMatch(trainee.cookie, created.id)).json<{ match: Match }>().match.state).toBe('procesando');
  });

  it('refuses a file that is not a video, saying why, and keeps nothing of it', async () => {
    const pdf = pdfBytes('No soy un partido');
    const created = await createMatch(trainee.cookie, pdf.length);
    const url = await startUpload(trainee.cookie, created.id, pdf.length);
    expect((await patch(trainee.cookie, url, 0, pdf)).statusCode).toBe(204);
    const after = (await getMatch(trainee.cookie, created.id)).json<{ match: Match }>().match;
    expect(after).toMatchObject({ state: 'fallida', processingError: matchMessages.notAVideo, originalUrl: null, fileSize: 0 });
    const [row] = await t.ctx.db.select().from(matchTable).where(eq(matchTable.id, created.id));
    expect(row!.storageKey).toBeNull();
    const keys: string[] = [];
    for await (const object of t.ctx.storage.list()) keys.push(object.key);
    expect(keys).not.toContain(url.split('/').pop());
  });

  it.skipIf(testStorage === 's3' || !hasFfmpeg)('refuses a match longer than two hours, read from the file on arrival', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'aula-largo-'));
    const file = path.join(dir, 'largo.mp4');
    // 2 h 1 min 40 s of a black picture, one frame every ten seconds: a few KB.
    await run('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=black:size=32x32:rate=1/10', '-t', '7300'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', file],
    ]);
    const bytes = await readFile(file);
    await rm(dir, { recursive: true, force: true });
    const created = await createMatch(trainee.cookie, bytes.length);
    await upload(trainee.cookie, created.id, bytes);
    const after = (await getMatch(trainee.cookie, created.id)).json<{ match: Match }>().match;
    expect(after).toMatchObject({ state: 'fallida', processingError: matchMessages.tooLongVideo(2), originalUrl: null });
  });

  it("refuses, before the upload starts, a file the course's storage has no room for", async () => {
    const limit = await call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/match-storage`, cookie: admin, body: { limitGb: 1 } });
    expect(limit.statusCode, limit.body).toBe(200);
    const before = await t.ctx.db.select().from(matchTable);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/matches',
      cookie: trainee.cookie,
      body: { ...fields(), fileSize: 1024 ** 3 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      /^El curso no tiene espacio para este partido: el video pesa 1 GB y quedan .* de 1 GB\./,
    );
    expect(await t.ctx.db.select().from(matchTable)).toHaveLength(before.length);
    const storage = (await call(t.app, { url: `/api/courses/${courseId}/matches`, cookie: instructor.cookie })).json<CourseMatches>()
      .storage;
    expect(storage.limitBytes).toBe(1024 ** 3);
    expect(storage.usedBytes).toBeGreaterThan(4 * 1024 * 1024);
    // Only an administrator sets the limit.
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: `/api/courses/${courseId}/match-storage`,
          cookie: instructor.cookie,
          body: { limitGb: 500 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/match-storage`, cookie: admin, body: { limitGb: 0 } })).statusCode,
    ).toBe(400);
    await call(t.app, { method: 'PUT', url: `/api/courses/${courseId}/match-storage`, cookie: admin, body: { limitGb: 20 } });
  });

  it('checks the fields, the pair and the course', async () => {
    const post = (body: Record<string, unknown>, cookie = trainee.cookie) =>
      call(t.app, { method: 'POST', url: '/api/matches', cookie, body });
    const bad = [
      { ...fields(), fileSize: 0 },
      { ...fields(), fileSize: 4 * 1024 ** 3 + 1 },
      { ...fields({ title: '  ' }), fileSize: 10 },
      { ...fields({ playedOn: '2026-02-30' }), fileSize: 10 },
      { ...fields({ partnerId: trainee.id }), fileSize: 10 },
      { ...fields({ partnerId: outsider.id }), fileSize: 10 },
      { ...fields({ partnerId: instructor.id }), fileSize: 10 },
      { ...fields(), fileSize: 10, durationSeconds: 3 * 3600 },
      { ...fields({ playedOn: '2099-01-01' }), fileSize: 10 },
    ];
    for (const body of bad) expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await post({ ...fields({ partnerId: trainee.id }), fileSize: 10 })).json<{ error: { message: string } }>().error.message).toBe(
      matchMessages.partnerIsSelf,
    );
    // Another course's trainee, staff and administrators upload nothing to this course.
    for (const cookie of [outsider.cookie, instructor.cookie, admin])
      expect((await post({ ...fields(), fileSize: 10 }, cookie)).statusCode).toBe(404);
    expect((await post({ ...fields(), fileSize: 10 }, '')).statusCode).toBe(401);
  });
});

describe('who sees a match', () => {
  let matchId: string;
  beforeAll(async () => {
    const bytes = videoOf(200_000);
    matchId = (await createMatch(trainee.cookie, bytes.length, { title: 'Boca – River' })).id;
    await upload(trainee.cookie, matchId, bytes);
  });

  it('the pair, the instructors and observers, and administrators; anyone else gets 404', async () => {
    for (const cookie of [trainee.cookie, partner.cookie, instructor.cookie, observer.cookie, admin]) {
      expect((await getMatch(cookie, matchId)).statusCode).toBe(200);
      expect(
        (await call(t.app, { url: `/api/matches/${matchId}/files/original`, cookie, headers: { range: 'bytes=0-9' } })).statusCode,
      ).toBe(206);
    }
    for (const cookie of [classmate.cookie, outsider.cookie, assistant.cookie]) {
      const own = await getMatch(cookie, matchId);
      expect(own.statusCode).toBe(404);
      const missing = await getMatch(cookie, randomUUID());
      expect(own.json<{ error: { message: string } }>().error.message).toBe(missing.json<{ error: { message: string } }>().error.message);
      expect((await call(t.app, { url: `/api/matches/${matchId}/files/original`, cookie })).statusCode).toBe(404);
    }
    expect((await getMatch('', matchId)).statusCode).toBe(401);
    expect((await call(t.app, { url: `/api/matches/${matchId}/files/original` })).statusCode).toBe(401);
    // Files that do not exist, and names that try to leave the match.
    for (const name of ['master.m3u8', 'poster.jpg', '..%2F..%2Fetc%2Fpasswd']) {
      expect(
        (await call(t.app, { url: `/api/matches/${matchId}/files/${name}`, cookie: trainee.cookie })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    }
  });

  it("lists it in the pair's 'Mis partidos' and in the course's 'Partidos' for its staff", async () => {
    const mine = (await call(t.app, { url: '/api/matches', cookie: partner.cookie })).json<MyMatches>();
    const row = mine.matches.find((item) => item.id === matchId);
    expect(row).toMatchObject({ mine: false, canDelete: false, title: 'Boca – River', uploadedBy: { name: 'Ana Árbitro' } });
    expect(mine.courses).toEqual([expect.objectContaining({ id: courseId })]);
    expect(mine.courses[0]!.classmates.map((person) => person.name)).toEqual(['Ana Árbitro', 'Carla Compañera']);
    expect((await call(t.app, { url: '/api/matches', cookie: classmate.cookie })).json<MyMatches>().matches).toEqual([]);

    const course = await call(t.app, { url: `/api/courses/${courseId}/matches`, cookie: observer.cookie });
    expect(course.statusCode).toBe(200);
    expect(course.json<CourseMatches>().matches.map((item) => item.id)).toContain(matchId);
    expect((await call(t.app, { url: `/api/courses/${courseId}/matches`, cookie: assistant.cookie })).statusCode).toBe(403);
    expect((await call(t.app, { url: `/api/courses/${courseId}/matches`, cookie: trainee.cookie })).statusCode).toBe(403);
  });

  it('its uploader changes its fields; the pair cannot', async () => {
    const body = { playedOn: '2026-11-15', title: 'Boca – River, Reserva', category: 'Reserva', partnerId: null };
    expect((await call(t.app, { method: 'PATCH', url: `/api/matches/${matchId}`, cookie: partner.cookie, body })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'PATCH', url: `/api/matches/${matchId}`, cookie: classmate.cookie, body })).statusCode).toBe(404);
    const saved = await call(t.app, {
      method: 'PATCH',
      url: `/api/matches/${matchId}`,
      cookie: trainee.cookie,
      body: { ...body, partnerId: partner.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ match: Match }>().match).toMatchObject({ title: 'Boca – River, Reserva', playedOn: '2026-11-15' });
  });

  it('its uploader or an administrator deletes it, with its files', async () => {
    const key = (await t.ctx.db.select().from(matchTable).where(eq(matchTable.id, matchId)))[0]!.storageKey!;
    for (const cookie of [partner.cookie, instructor.cookie]) {
      expect((await call(t.app, { method: 'DELETE', url: `/api/matches/${matchId}`, cookie })).statusCode).toBe(403);
    }
    expect((await call(t.app, { method: 'DELETE', url: `/api/matches/${matchId}`, cookie: classmate.cookie })).statusCode).toBe(404);
    // The instructor's comment (on the match once converted) goes with it.
    await t.ctx.db.update(matchTable).set({ state: 'lista' }).where(eq(matchTable.id, matchId));
    const comment = await call(t.app, {
      method: 'POST',
      url: `/api/matches/${matchId}/comments`,
      cookie: instructor.cookie,
      body: { atSeconds: 3, criterion: 'ubicacion', verdict: 'a-mejorar', body: 'Del lado equivocado' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await call(t.app, { method: 'DELETE', url: `/api/matches/${matchId}`, cookie: trainee.cookie })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(matchComment).where(eq(matchComment.matchId, matchId))).toEqual([]);
    expect((await getMatch(trainee.cookie, matchId)).statusCode).toBe(404);
    await expect(t.ctx.storage.stat(key)).rejects.toThrow();
  });
});

describe('consent', () => {
  it('is given and withdrawn by the trainee', async () => {
    const mine = () =>
      call(t.app, { url: '/api/matches', cookie: classmate.cookie }).then((response) => response.json<MyMatches>().consent);
    expect(await mine()).toBe(false);
    const given = await call(t.app, { method: 'PUT', url: '/api/matches/consent', cookie: classmate.cookie, body: { allowed: true } });
    expect(given.json()).toEqual({ consent: true, message: matchMessages.consentGiven });
    expect(await mine()).toBe(true);
    await call(t.app, { method: 'PUT', url: '/api/matches/consent', cookie: classmate.cookie, body: { allowed: false } });
    expect(await mine()).toBe(false);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/matches/consent', cookie: classmate.cookie, body: { allowed: 'sí' } })).statusCode,
    ).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: '/api/matches/consent', body: { allowed: true } })).statusCode).toBe(401);
  });
});

describe('the clean-up', () => {
  it("keeps a match's original and streaming files: they are no orphans", async () => {
    const bytes = videoOf(100_000);
    const created = await createMatch(trainee.cookie, bytes.length);
    await upload(trainee.cookie, created.id, bytes);
    const [row] = await t.ctx.db.select().from(matchTable).where(eq(matchTable.id, created.id));
    await t.ctx.db
      .insert(matchFile)
      .values({ matchId: created.id, name: 'poster.jpg', storageKey: row!.storageKey!, mimeType: 'image/jpeg', size: 10 });
    const report = await cleanUp(t.ctx.database, t.ctx.storage, new Date(Date.now() + 2 * 86_400_000));
    expect(report.orphanedFiles).toBe(0);
    await expect(t.ctx.storage.stat(row!.storageKey!)).resolves.toMatchObject({ size: bytes.length });
  });
});

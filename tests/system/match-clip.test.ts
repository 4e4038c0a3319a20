// 'Convertir en jugada': the moment of a comment cut by ffmpeg from the converted match into a clip
// whose length ffprobe reads within 0.5 s of what was asked (10 s around the comment by default,
// or the span the instructor set), only where the pair allowed it, and only by staff who edit the
// course's content; the clip then becomes a jugada of a module like any uploaded clip.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStaff, match, matchConsent, video } from '../../src/server/db/schema.ts';
import { convertMatch } from '../../src/server/match-review/convert.ts';
import { matchReviewMessages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, enableCourse, optionId, signedIn } from '../api/helpers/content.ts';
import { call, login } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

const run = promisify(execFile);
let t: TestApp;
let work: string;
let admin: string;
let courseId: string;
let moduleId: string;
type Person = Awaited<ReturnType<typeof signedIn>>;
let uploader: Person;
let partner: Person;
let instructor: string;
let observer: string;
let matchId: string;
let commentId: string;

async function member(role: 'instructor' | 'observador') {
  const person = await signedIn(t.app, t.ctx, 'student');
  await t.ctx.db.insert(courseStaff).values({ courseId, userId: person.id, role });
  return login(t.app, person.email, person.password);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  work = await mkdtemp(path.join(tmpdir(), 'aula-match-clip-'));
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  uploader = await signedIn(t.app, t.ctx);
  partner = await signedIn(t.app, t.ctx);
  for (const person of [uploader, partner]) await enableCourse(t.ctx, person.id, courseId);
  instructor = await member('instructor');
  observer = await member('observador');
  // A one-minute match (ten frames a second: the cuts are measured in seconds), converted as the worker does it.
  const original = path.join(work, 'partido.mp4');
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=60:size=640x360:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=60'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', original],
  ]);
  const key = `${randomUUID()}.mp4`;
  const { size } = await t.ctx.storage.put(key, createReadStream(original), { contentType: 'video/mp4' });
  matchId = randomUUID();
  await t.ctx.db.insert(match).values({
    id: matchId,
    courseId,
    uploadedBy: uploader.id,
    partnerId: partner.id,
    playedOn: '2026-11-21',
    title: 'Vélez – Ferro',
    state: 'procesando',
    fileSize: size,
    storageKey: key,
    mimeType: 'video/mp4',
  });
  const deps = {
    db: t.ctx.db,
    storage: t.ctx.storage,
    logger: t.ctx.logger,
    ffmpegPath: 'ffmpeg',
    ffmpegPriority: 'normal' as const,
    tempDir: path.join(work, 'temp'),
  };
  expect(await convertMatch(deps, matchId, new AbortController().signal)).toBe('lista');
  const posted = await call(t.app, {
    method: 'POST',
    url: `/api/matches/${matchId}/comments`,
    cookie: observer,
    body: { atSeconds: 30.5, criterion: 'ubicacion', verdict: 'a-mejorar', body: 'Lejos del 7 m' },
  });
  commentId = posted.json().comment.id as string;
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const clip = (cookie: string, body: Record<string, number>) =>
  call(t.app, { method: 'POST', url: `/api/match-comments/${commentId}/clip`, cookie, body });

/** The stored clip's length, as ffprobe reads it. */
async function clipSeconds(videoId: string) {
  const [row] = await t.ctx.db.select().from(video).where(eq(video.id, videoId));
  const file = path.join(work, `${videoId}.mp4`);
  await writeFile(file, await buffer(await t.ctx.storage.get(row!.storageKey)));
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

const consent = async (userId: string, allowed: boolean) =>
  t.ctx.db.insert(matchConsent).values({ userId, allowed }).onConflictDoUpdate({ target: matchConsent.userId, set: { allowed } });

describe("'Convertir en jugada'", () => {
  it('is refused while one of the pair has not allowed it, and after a consent is withdrawn', async () => {
    const refused = await clip(instructor, { startSeconds: 25.5, endSeconds: 35.5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: matchReviewMessages.clipNoConsent } });
    await consent(uploader.id, true);
    expect((await clip(instructor, { startSeconds: 25.5, endSeconds: 35.5 })).statusCode).toBe(403);
    await consent(partner.id, true);
    await consent(uploader.id, false);
    expect((await clip(instructor, { startSeconds: 25.5, endSeconds: 35.5 })).statusCode).toBe(403);
    await consent(uploader.id, true);
  });

  it('cuts 10 s around the comment, and the span the instructor asks, within 0.5 s; the clip becomes a jugada', async () => {
    const around = await clip(instructor, { startSeconds: 25.5, endSeconds: 35.5 });
    expect(around.statusCode, around.body).toBe(201);
    expect(around.json()).toMatchObject({ startSeconds: 25.5, endSeconds: 35.5 });
    expect(Math.abs((await clipSeconds(around.json().videoId)) - 10)).toBeLessThanOrEqual(0.5);

    const longer = await clip(admin, { startSeconds: 12, endSeconds: 29 });
    expect(longer.statusCode, longer.body).toBe(201);
    expect(Math.abs((await clipSeconds(longer.json().videoId)) - 17)).toBeLessThanOrEqual(0.5);

    // The jugada form saves it as any uploaded clip (the question and the correct call are the instructor's).
    const jugada = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${moduleId}/jugadas`,
      cookie: instructor,
      body: {
        video: { kind: 'file', videoId: around.json().videoId },
        start: null,
        end: null,
        prompt: '¿Dónde tenía que estar el árbitro de campo?',
        correctDecisionId: await optionId(t.ctx, courseId, 'Tiro de 7 metros'),
        correctSanctionId: await optionId(t.ctx, courseId, 'Exclusión de 2 minutos'),
        moment: null,
        tolerance: 1,
        explanation: 'Sobre la línea de 9 m, del lado del pivote.',
        use: 'ambos',
      },
    });
    expect(jugada.statusCode, jugada.body).toBe(201);
  }, 60_000);

  it('is for staff who edit the course’s content; a reply is not a moment; the span stays within the match', async () => {
    expect((await clip(observer, { startSeconds: 25.5, endSeconds: 35.5 })).statusCode).toBe(403);
    expect((await clip(uploader.cookie, { startSeconds: 25.5, endSeconds: 35.5 })).statusCode).toBe(403);
    // Past the end, the clip stops at the match's last second; backwards or empty, refused.
    const atEnd = await clip(instructor, { startSeconds: 55, endSeconds: 70 });
    expect(atEnd.statusCode, atEnd.body).toBe(201);
    expect(atEnd.json().endSeconds).toBeCloseTo(60, 0);
    expect((await clip(instructor, { startSeconds: 35, endSeconds: 25 })).statusCode).toBe(400);
    expect((await clip(instructor, { startSeconds: 30, endSeconds: 30 })).statusCode).toBe(400);
    const reply = await call(t.app, {
      method: 'POST',
      url: `/api/match-comments/${commentId}/replies`,
      cookie: uploader.cookie,
      body: { body: 'Entendido' },
    });
    const replyClip = await call(t.app, {
      method: 'POST',
      url: `/api/match-comments/${reply.json().reply.id}/clip`,
      cookie: instructor,
      body: { startSeconds: 1, endSeconds: 5 },
    });
    expect(replyClip.statusCode).toBe(400);
  }, 60_000);
});

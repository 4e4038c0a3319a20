// A match's conversion as a background job: what it stores and names for the files route, the
// match 'lista' with its length, height and frame rate, a second run replacing the first one's
// files (a job done again after a worker died) without leaving bytes behind, a file that is not a
// video left 'fallida' with its reason, and the job run through the queue.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { match, matchFile } from '../../src/server/db/schema.ts';
import {
  conversionJob,
  convertMatch,
  MATCH_CONVERSION_QUEUE,
  registerMatchConversion,
  requeueStalled,
  type ConversionDeps,
} from '../../src/server/match-review/convert.ts';
import { matchReviewMessages } from '../../src/shared/messages.ts';
import { buildCourse } from '../api/helpers/content.ts';
import { createUser } from '../api/helpers/builders.ts';
import { call, login } from '../api/helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../api/helpers/test-app.ts';

const run = promisify(execFile);
let t: TestApp;
let work: string;
let original: string;
let courseId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'aula-match-conversion-'));
  original = path.join(work, 'partido.mp4');
  // Eight seconds of a 480p phone video with its sound: 240p and 360p, no 720p.
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=8:size=854x480:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', original],
  ]);
  courseId = (await buildCourse(t.ctx)).id;
  userId = (await createUser(t.ctx)).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const deps = (): ConversionDeps => ({
  db: t.ctx.db,
  storage: t.ctx.storage,
  logger: t.ctx.logger,
  ffmpegPath: 'ffmpeg',
  ffmpegPriority: 'normal',
  tempDir: path.join(work, 'temp'),
});

/** A match whose file arrived and passed the content check: 'procesando', its original in storage. */
async function uploadedMatch(file = original) {
  const id = randomUUID();
  const key = `${randomUUID()}.mp4`;
  const { size } = await t.ctx.storage.put(key, createReadStream(file), { contentType: 'video/mp4' });
  await t.ctx.db.insert(match).values({
    id,
    courseId,
    uploadedBy: userId,
    playedOn: '2026-11-21',
    title: 'Vélez – Ferro',
    state: 'procesando',
    fileSize: size,
    storageKey: key,
    mimeType: 'video/mp4',
  });
  return id;
}

const filesOf = (matchId: string) => t.ctx.db.select().from(matchFile).where(eq(matchFile.matchId, matchId)).orderBy(matchFile.name);
const rowOf = async (matchId: string) => (await t.ctx.db.select().from(match).where(eq(match.id, matchId)))[0]!;
const stored = async (key: string) =>
  t.ctx.storage.stat(key).then(
    () => true,
    () => false,
  );

describe('converting a match', () => {
  it('stores the ladder, names it for the files route and leaves the match ready with its length, height and frame rate', async () => {
    const matchId = await uploadedMatch();
    expect(await convertMatch(deps(), matchId, new AbortController().signal)).toBe('lista');
    const row = await rowOf(matchId);
    expect(row).toMatchObject({ state: 'lista', processingPercent: 100, processingError: null, sourceHeight: 480, frameRate: 25 });
    expect(row.durationSeconds).toBeCloseTo(8, 0);
    const files = await filesOf(matchId);
    expect(files.map((f) => f.name)).toEqual([
      'hls/240.m3u8',
      'hls/240.mp4',
      'hls/360.m3u8',
      'hls/360.mp4',
      'hls/master.m3u8',
      'poster.jpg',
    ]);
    for (const file of files) expect((await t.ctx.storage.stat(file.storageKey)).size).toBe(file.size);
    const master = await text(await t.ctx.storage.get(files.find((f) => f.name === 'hls/master.m3u8')!.storageKey));
    // The playlists' addresses are relative: '/api/matches/:id/files/hls/360.m3u8' from the master's.
    expect(master).toMatch(/^240\.m3u8$/m);
    expect(master).toMatch(/^360\.m3u8$/m);
    expect(files.find((f) => f.name === 'hls/master.m3u8')!.mimeType).toBe('application/vnd.apple.mpegurl');
    expect(files.find((f) => f.name === 'poster.jpg')!.mimeType).toBe('image/jpeg');

    // Through the files route: a playlist goes out compressed (a 90-minute match's rung names 2,700
    // segments, read before the first frame); the video itself as stored, by its ranges.
    const admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rung = files.find((f) => f.name === 'hls/240.m3u8')!;
    const playlist = await call(t.app, {
      url: `/api/matches/${matchId}/files/hls/240.m3u8`,
      cookie: admin,
      headers: { 'accept-encoding': 'br' },
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(playlist.rawPayload).toString()).toBe(await text(await t.ctx.storage.get(rung.storageKey)));
    const video = await call(t.app, {
      url: `/api/matches/${matchId}/files/hls/240.mp4`,
      cookie: admin,
      headers: { 'accept-encoding': 'br', range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.rawPayload.length).toBe(100);
  }, 120_000);

  it('done again (a worker died after ffmpeg), replaces the first run’s files and deletes their bytes', async () => {
    const matchId = await uploadedMatch();
    await convertMatch(deps(), matchId, new AbortController().signal);
    const first = await filesOf(matchId);
    await t.ctx.db.update(match).set({ state: 'procesando' }).where(eq(match.id, matchId));
    expect(await convertMatch(deps(), matchId, new AbortController().signal)).toBe('lista');
    const second = await filesOf(matchId);
    expect(second.map((f) => f.name)).toEqual(first.map((f) => f.name));
    for (const file of first) expect(await stored(file.storageKey)).toBe(false);
    for (const file of second) expect(await stored(file.storageKey)).toBe(true);
    // A match already converted is left as it is.
    expect(await convertMatch(deps(), matchId, new AbortController().signal)).toBe('lista');
    expect((await filesOf(matchId)).map((f) => f.storageKey)).toEqual(second.map((f) => f.storageKey));
  }, 120_000);

  it('leaves a file that is not a video “fallida” with its reason, and stores nothing', async () => {
    const fake = path.join(work, 'fake.mp4');
    await writeFile(fake, Buffer.alloc(64 * 1024, 7));
    const matchId = await uploadedMatch(fake);
    expect(await convertMatch(deps(), matchId, new AbortController().signal)).toBe('fallida');
    expect(await rowOf(matchId)).toMatchObject({ state: 'fallida', processingError: matchReviewMessages.processingNotVideo });
    expect(await filesOf(matchId)).toEqual([]);
  });

  it('deletes what it made when the match was deleted while ffmpeg worked', async () => {
    const matchId = await uploadedMatch();
    const before = new Set<string>();
    for await (const object of t.ctx.storage.list()) before.add(object.key);
    const converting = convertMatch(deps(), matchId, new AbortController().signal);
    await t.ctx.db.delete(match).where(eq(match.id, matchId));
    expect(['gone', 'lista']).toContain(await converting);
    const after: string[] = [];
    for await (const object of t.ctx.storage.list()) if (!before.has(object.key)) after.push(object.key);
    expect(after).toEqual([]);
  }, 120_000);

  it('as a job, throws for another try when ffmpeg is killed, and on the last try leaves the match “fallida”', async () => {
    // An ffmpeg that the system kills (out of memory, a crash): SIGKILL on every run.
    const killed = path.join(work, 'killed-ffmpeg.sh');
    await writeFile(killed, '#!/bin/sh\nkill -9 $$\n', { mode: 0o755 });
    registerMatchConversion(deps(), t.ctx.jobs);
    const matchId = await uploadedMatch();
    expect(await t.ctx.jobs.send(MATCH_CONVERSION_QUEUE, { matchId }, { singletonKey: matchId })).toEqual(expect.any(String));
    const job = conversionJob({ ...deps(), ffmpegPath: killed });
    const signal = new AbortController().signal;
    const base = { id: randomUUID(), name: MATCH_CONVERSION_QUEUE, data: { matchId }, signal };
    await expect(job({ ...base, retryCount: 0 })).rejects.toThrow();
    expect((await rowOf(matchId)).state).toBe('procesando');
    await job({ ...base, retryCount: 3 });
    expect(await rowOf(matchId)).toMatchObject({ state: 'fallida', processingError: matchReviewMessages.processingTimedOut });
    // The real ffmpeg, through the same handler, on a match still waiting.
    const next = await uploadedMatch();
    await conversionJob(deps())({ ...base, data: { matchId: next }, retryCount: 0 });
    expect((await rowOf(next)).state).toBe('lista');
  }, 120_000);

  it('sends the conversion again for a match left converting without a sign of life (its worker died on the last try)', async () => {
    const stalled = await uploadedMatch();
    const fresh = await uploadedMatch();
    await t.ctx.db
      .update(match)
      .set({ updatedAt: new Date(Date.now() - 45 * 60_000) })
      .where(eq(match.id, stalled));
    const sent: string[] = [];
    const jobs = { send: async (_name: string, data: object) => (sent.push((data as { matchId: string }).matchId), 'job') };
    await requeueStalled(t.ctx.db, jobs);
    expect(sent).toContain(stalled);
    expect(sent).not.toContain(fresh);
    // Converted, it is no longer sent.
    await convertMatch(deps(), stalled, new AbortController().signal);
    sent.length = 0;
    await requeueStalled(t.ctx.db, jobs);
    expect(sent).not.toContain(stalled);
  }, 120_000);
});

// 'Convertir en jugada': the moment of a comment (10 s around it by default) cut by ffmpeg into a
// clip the course's jugadas can use (POST /api/modules/:moduleId/jugadas with it), only where the
// trainees of the pair allowed it ('Permito que el curso use momentos de mis partidos para
// enseñar'). The clip is cut from the match's best rung (720p, or the source's height under it):
// its playlist says which byte ranges hold those seconds, so only they are read from storage —
// seconds of a two-hour match, never the whole file — and ffmpeg makes an MP4 of exactly that
// length. The clip carries no name: the jugada's text is the instructor's.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, like } from 'drizzle-orm';
import { matchReviewMessages as m } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { matchComment, matchConsent, matchFile } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { newStorageKey, type FileStorage } from '../files/storage.ts';
import { privateDir, PRIVATE_FILE_MODE } from '../private-paths.ts';
import { runFfmpeg, type FfmpegSettings } from '../videos/ffmpeg.ts';
import { insertVideo } from '../videos/service.ts';
import type { MatchViewer } from './access.ts';
import { FFMPEG_MEMORY_BYTES } from '../matches/hls.ts';
import { commentNotFound } from './service.ts';

/** A clip's default span around the comment's second, and the longest one allowed. */
export const CLIP_AROUND_SECONDS = 5;
export const CLIP_MAX_SECONDS = 60;

export interface ClipDeps extends FfmpegSettings {
  db: Db;
  storage: FileStorage;
  tempDir: string;
}

interface Segment {
  start: number;
  end: number;
  offset: number;
  length: number;
}

/** A rung's playlist: the init section's range and each segment's seconds and bytes, in order. */
export function readRungPlaylist(playlist: string) {
  const map = /#EXT-X-MAP:URI="[^"]+",BYTERANGE="(\d+)@(\d+)"/.exec(playlist);
  const segments: Segment[] = [];
  let at = 0;
  for (const match of playlist.matchAll(/#EXTINF:([\d.]+),\s*\n#EXT-X-BYTERANGE:(\d+)@(\d+)/g)) {
    const seconds = Number(match[1]);
    segments.push({ start: at, end: at + seconds, offset: Number(match[3]), length: Number(match[2]) });
    at += seconds;
  }
  if (!map || segments.length === 0) return null;
  return { init: { offset: Number(map[2]), length: Number(map[1]) }, segments, duration: at };
}

/** The pair's consent: every trainee of the match allowed its moments to be used. */
async function pairConsents(db: Db, viewer: MatchViewer): Promise<boolean> {
  const pair = [viewer.match.uploadedBy, viewer.match.partnerId].filter((id): id is string => id !== null);
  const rows = await db
    .select({ userId: matchConsent.userId })
    .from(matchConsent)
    .where(and(inArray(matchConsent.userId, pair), eq(matchConsent.allowed, true)));
  return rows.length === pair.length;
}

/** The match's tallest rung: its playlist and media file in storage. */
async function bestRung(db: Db, matchId: string) {
  const files = await db
    .select({ name: matchFile.name, storageKey: matchFile.storageKey })
    .from(matchFile)
    .where(and(eq(matchFile.matchId, matchId), like(matchFile.name, 'hls/%')));
  const heights = files
    .map((file) => /^hls\/(\d+)\.m3u8$/.exec(file.name)?.[1])
    .filter((height): height is string => height !== undefined)
    .sort((a, b) => Number(b) - Number(a));
  const height = heights[0];
  const playlist = files.find((file) => file.name === `hls/${height}.m3u8`);
  const media = files.find((file) => file.name === `hls/${height}.mp4`);
  return playlist && media ? { playlist: playlist.storageKey, media: media.storageKey } : null;
}

/**
 * Cuts the clip of a comment's moment from `startSeconds` to `endSeconds` and stores it as an
 * uploaded video (the jugada form's `videoId`). Staff who may edit the course's content; the
 * comment's match ready and its pair's consent given.
 */
export async function cutClip(deps: ClipDeps, viewer: MatchViewer, commentId: string, span: { startSeconds: number; endSeconds: number }) {
  const { db, storage } = deps;
  const [comment] = await db.select({ parentId: matchComment.parentId }).from(matchComment).where(eq(matchComment.id, commentId));
  if (!comment) throw commentNotFound();
  if (comment.parentId !== null) throw badRequest(m.replyToComment);
  if (viewer.match.state !== 'lista') throw conflict(m.notReady);
  if (!(await pairConsents(db, viewer))) throw new AppError('FORBIDDEN', m.clipNoConsent);
  const rung = await bestRung(db, viewer.match.id);
  const parsed = rung ? readRungPlaylist(await text(await storage.get(rung.playlist))) : null;
  if (!rung || !parsed) throw conflict(m.notReady);
  const start = Math.max(0, span.startSeconds);
  const end = Math.min(parsed.duration, span.endSeconds);
  if (!(end > start) || end - start > CLIP_MAX_SECONDS)
    throw badRequest(m.clipSpanInvalid(CLIP_MAX_SECONDS), { endSeconds: m.clipSpanInvalid(CLIP_MAX_SECONDS) });
  const covering = parsed.segments.filter((segment) => segment.end > start && segment.start < end);
  const first = covering[0]!;
  const last = covering.at(-1)!;

  await privateDir(deps.tempDir);
  const dir = await mkdtemp(path.join(deps.tempDir, 'clip-'));
  try {
    // The init section and the fragments holding those seconds: a small, valid fragmented MP4.
    const part = path.join(dir, 'part.mp4');
    const out = createWriteStream(part, { mode: PRIVATE_FILE_MODE });
    await pipeline(await storage.get(rung.media, { start: parsed.init.offset, end: parsed.init.offset + parsed.init.length - 1 }), out, {
      end: false,
    });
    await pipeline(await storage.get(rung.media, { start: first.offset, end: last.offset + last.length - 1 }), out);
    const clip = path.join(dir, 'jugada.mp4');
    // -ss counts from the part's own start (its first fragment's second): re-encoded, so it cuts at that very frame.
    await runFfmpeg(
      deps.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-threads', '2', '-ss', (start - first.start).toFixed(3), '-i', part],
        ...['-t', (end - start).toFixed(3), '-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4', '-y', clip],
      ],
      { signal: AbortSignal.timeout(120_000), timeoutMs: 120_000, memoryLimitBytes: FFMPEG_MEMORY_BYTES, priority: deps.ffmpegPriority },
    );
    const key = newStorageKey('mp4');
    const { size } = await stat(clip);
    await storage.put(key, createReadStream(clip), { contentType: 'video/mp4' });
    const videoId = await insertVideo(db, { key, mime: 'video/mp4', size, durationSeconds: end - start });
    return { videoId, startSeconds: start, endSeconds: end };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

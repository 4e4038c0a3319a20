// How an uploaded video's renditions, poster and processing state are read and shown: the file
// a video exam serves, the `videoRenditions` of a module's or a jugada's JSON, and what the
// instructor sees while ffmpeg works (videos/rendition.ts makes them).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { videoMessages } from '../../shared/messages.ts';
import type { VideoProcessing, VideoRendition } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { video, videoRendition } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export const RENDITION_MIME_TYPE = 'video/mp4';

/** A rendition's height in pixels, as in its address (`/video/360`): a route parameter. */
export const heightParam = z
  .string()
  .regex(/^[1-9]\d{1,3}$/, videoMessages.heightInvalid)
  .transform(Number);
/** The height video exams serve to phones: the 360p rendition, or the closest one made. */
const EXAM_HEIGHT = 360;

type VideoRow = typeof video.$inferSelect;
type RenditionRow = typeof videoRendition.$inferSelect;

/** A video's renditions, smallest first. */
export async function renditionsOf(db: Db | Tx, videoId: string): Promise<RenditionRow[]> {
  return db.select().from(videoRendition).where(eq(videoRendition.videoId, videoId)).orderBy(asc(videoRendition.height));
}

/** One rendition of a video, to serve it; 404 when that height was not made. */
export async function findRendition(db: Db | Tx, videoId: string, height: number): Promise<RenditionRow> {
  const [row] = await db
    .select()
    .from(videoRendition)
    .where(and(eq(videoRendition.videoId, videoId), eq(videoRendition.height, height)));
  if (!row) throw notFound(videoMessages.renditionNotFound);
  return row;
}

/** The rendition nearest 360p (the smaller of two as near), or undefined when none was made. */
export function examRendition<T extends Pick<RenditionRow, 'height'>>(renditions: readonly T[]): T | undefined {
  return [...renditions].sort((a, b) => Math.abs(a.height - EXAM_HEIGHT) - Math.abs(b.height - EXAM_HEIGHT) || a.height - b.height)[0];
}

/**
 * The file a video exam serves for a clip: its rendition nearest 360p once made, else the
 * original. A rendition that came out heavier than the original names the original (its key and
 * type), so the original is served.
 */
export function servedClip(
  original: Pick<VideoRow, 'storageKey' | 'size' | 'mimeType' | 'createdAt'>,
  renditions: readonly RenditionRow[],
): { key: string; size: number; mimeType: string; storedAt: Date } {
  const copy = examRendition(renditions);
  if (copy && copy.storageKey !== original.storageKey) {
    return { key: copy.storageKey, size: copy.size, mimeType: copy.mimeType, storedAt: copy.createdAt };
  }
  return { key: original.storageKey, size: original.size, mimeType: original.mimeType, storedAt: original.createdAt };
}

/** What a video's JSON is built from, as `videoFieldsSql` names it (inside a row read as JSON). */
export interface VideoFieldsRow {
  renditions: Array<{ height: number; size: number }>;
  hasPoster: boolean;
  state: VideoRow['renditionState'];
  percent: number | null;
  error: string | null;
}

/** The columns of the uploaded video `v` (SQL alias) that `presentRenditions` and `presentProcessing` need. */
export const videoFieldsSql = (
  v: SQL,
) => sql`coalesce((select json_agg(json_build_object('height', r.height, 'size', r.size) order by r.height)
      from ${videoRendition} r where r.video_id = ${v}.id), '[]'::json) as "videoRenditions",
    ${v}.poster_key is not null as "videoHasPoster", ${v}.rendition_state as "videoState",
    ${v}.processing_percent as "videoPercent", ${v}.processing_error as "videoError"`;

/** `videoRenditions` of a module's or a jugada's JSON: each height's address (`urlOf`) and size, smallest first. */
export function presentRenditions(
  rows: ReadonlyArray<{ height: number; size: number }>,
  urlOf: (height: number) => string,
): VideoRendition[] {
  return [...rows]
    .sort((a, b) => a.height - b.height)
    .map((row) => ({ height: Number(row.height), url: urlOf(Number(row.height)), size: Number(row.size) }));
}

/** What the instructor sees of the processing: the state, the percent while at it, the reason it failed. */
export function presentProcessing(row: Pick<VideoFieldsRow, 'state' | 'percent' | 'error'>): VideoProcessing {
  return {
    state: row.state,
    percent: row.state === 'en-curso' ? (row.percent ?? 0) : row.state === 'lista' ? 100 : null,
    error: row.state === 'fallida' ? (row.error ?? videoMessages.unreadable) : null,
  };
}

/** The uploaded video's fields a jugada's JSON needs, as a Drizzle selection (the `video` table joined; all null without a file). */
export const clipFields = {
  mimeType: video.mimeType,
  renditions: sql<Array<{ height: number; size: number }> | null>`(select json_agg(json_build_object('height', r.height, 'size', r.size))
    from ${videoRendition} r where r.video_id = ${video.id})`,
  hasPoster: sql<boolean | null>`(${video.posterKey} is not null)`,
  state: video.renditionState,
  percent: video.processingPercent,
  error: video.processingError,
};
export interface ClipFields {
  mimeType: string | null;
  renditions: Array<{ height: number; size: number }> | null;
  hasPoster: boolean | null;
  state: VideoRow['renditionState'] | null;
  percent: number | null;
  error: string | null;
}

/** `clipFields` of one video (null: none). */
export async function clipFieldsOf(db: Db | Tx, videoId: string | null): Promise<ClipFields | null> {
  if (!videoId) return null;
  const [row] = await db.select(clipFields).from(video).where(eq(video.id, videoId));
  return row ?? null;
}

// Uploaded video files, shared by module videos and jugada clips: one row per file, which any
// number of modules and jugadas may use. A row nothing uses any more goes, and its bytes with it
// (the original's, its renditions' and its poster's, videos/rendition.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, lt, notExists } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { courseModule, examAttemptClip, jugada, video, videoRendition } from '../db/schema.ts';

/** `durationSeconds`: the length read from the file (`readVideoDuration`), null when it does not say. */
export async function insertVideo(db: Db, file: { key: string; mime: string; size: number; durationSeconds?: number | null }) {
  const id = randomUUID();
  await db
    .insert(video)
    .values({ id, storageKey: file.key, mimeType: file.mime, size: file.size, durationSeconds: file.durationSeconds ?? null });
  return id;
}

/** No module, no jugada and no exam attempt (a copy of a clip, kept with the attempt) uses the video row. */
function unused(db: Db | Tx) {
  return and(
    notExists(db.select({ id: courseModule.id }).from(courseModule).where(eq(courseModule.videoId, video.id))),
    notExists(db.select({ id: jugada.id }).from(jugada).where(eq(jugada.videoId, video.id))),
    notExists(db.select({ id: examAttemptClip.attemptId }).from(examAttemptClip).where(eq(examAttemptClip.videoId, video.id))),
  );
}

/**
 * Deletes the video row when nothing uses it any more; returns the storage keys of its bytes
 * (the original, its renditions and its poster; none when the row stays) so the caller removes
 * them after the commit.
 */
export async function dropVideoIfUnused(tx: Tx, videoId: string): Promise<string[]> {
  // Read before the row goes (its renditions go with it, by the foreign key's cascade).
  const renditions = await tx.select({ key: videoRendition.storageKey }).from(videoRendition).where(eq(videoRendition.videoId, videoId));
  const [row] = await tx
    .delete(video)
    .where(and(eq(video.id, videoId), unused(tx)))
    .returning({ storageKey: video.storageKey, posterKey: video.posterKey });
  if (!row) return [];
  // A rendition that came out heavier names the original itself: each key once.
  return [...new Set([row.storageKey, ...renditions.map((r) => r.key), ...(row.posterKey ? [row.posterKey] : [])])];
}

/**
 * For the scheduled clean-up: deletes the rows of videos uploaded before `uploadedBefore` that
 * nothing uses (a form left after its upload, a deleted module or course). Their bytes are then
 * orphaned files, which the same clean-up removes. Returns how many rows went.
 */
export async function deleteUnusedVideos(db: Db, uploadedBefore: Date): Promise<number> {
  const rows = await db
    .delete(video)
    .where(and(lt(video.createdAt, uploadedBefore), unused(db)))
    .returning({ id: video.id });
  return rows.length;
}

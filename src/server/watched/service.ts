// How much of each module video a student watched: merged intervals per user and module.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Watched } from '../../shared/schemas/content.ts';
import type { WatchedInput } from '../../shared/schemas/watched.ts';
import { mergeIntervals, watchedPercent, watchedSeconds } from '../../shared/watched.ts';
import type { Db } from '../db/client.ts';
import { videoProgress } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** Disjoint intervals kept per student and video: far more than a person seeking around makes. */
export const STORED_INTERVALS_MAX = 1_000;

type Row = Pick<typeof videoProgress.$inferSelect, 'durationSeconds' | 'watchedSeconds' | 'positionSeconds'>;

export function presentWatched(row: Row): Watched {
  return {
    percent: watchedPercent(row.watchedSeconds, row.durationSeconds),
    seconds: row.watchedSeconds,
    duration: row.durationSeconds,
    position: row.positionSeconds,
  };
}

/** What the user watched of each of these modules' videos (modules never played are absent). */
export async function watchedByModule(db: Db, userId: string, moduleIds: string[]): Promise<Map<string, Watched>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .select({ moduleId: videoProgress.moduleId, durationSeconds: videoProgress.durationSeconds, watchedSeconds: videoProgress.watchedSeconds, positionSeconds: videoProgress.positionSeconds })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.moduleId, moduleIds)));
  return new Map(rows.map((row) => [row.moduleId, presentWatched(row)]));
}

/**
 * Adds what a student's player reports: the intervals are merged with those already stored (the
 * same report twice changes nothing), the duration is the player's latest, and the position is
 * where they are now. One transaction with the row locked, so reports racing each other all count.
 */
export async function recordWatched(db: Db, userId: string, moduleId: string, input: WatchedInput): Promise<Watched> {
  return db.transaction(async (tx) => {
    await tx
      .insert(videoProgress)
      .values({ userId, moduleId, intervals: [], durationSeconds: input.duration, watchedSeconds: 0, positionSeconds: 0 })
      .onConflictDoNothing();
    const [stored] = await tx
      .select({ intervals: videoProgress.intervals })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .for('update');
    const intervals = mergeIntervals([...(stored?.intervals ?? []), ...input.intervals], input.duration);
    if (intervals.length > STORED_INTERVALS_MAX) throw badRequest(messages.watchedTooMany, { intervals: messages.watchedTooMany });
    const [row] = await tx
      .update(videoProgress)
      .set({
        intervals,
        durationSeconds: input.duration,
        watchedSeconds: watchedSeconds(intervals),
        positionSeconds: Math.min(input.position, input.duration),
        updatedAt: sql`now()`,
      })
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .returning();
    return presentWatched(row!);
  });
}

// How much of each module video a student watched: merged intervals per user and module. The
// server decides how long the video is and how much can have played: the percentage is computed
// against the module's known length, which comes from the instructor's side only (an uploaded
// file's own, or the 'Duración' of an address, read by the module editor's player or typed), never
// from what a student's player claims; while it is not known the percentage is not given. A
// student's intervals grow no faster than the wall-clock time since their first report allows.
import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { MODULE_VIDEO_MIN_SECONDS, type Watched } from '../../shared/schemas/content.ts';
import type { WatchedInput } from '../../shared/schemas/watched.ts';
import { addIntervalsWithin, watchedPercent, watchedSeconds } from '../../shared/watched.ts';
import type { Db } from '../db/client.ts';
import { courseModule, videoProgress } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** Disjoint intervals kept per student and video: far more than a person seeking around makes. */
export const STORED_INTERVALS_MAX = 1_000;

/**
 * What a player can add: twice the wall-clock time since the student's first report (players
 * play at up to 2×), plus this much, which the first report may bring at once (a player reports
 * every ten seconds, so a first report after a minute of play without a connection still counts).
 */
export const WATCH_SPEED_MAX = 2;
export const FIRST_REPORT_ALLOWANCE_SECONDS = 60;

interface Row {
  /** The module's known length (`knownLength`); null while not known. */
  durationSeconds: number | null;
  watchedSeconds: number;
  positionSeconds: number;
}

/**
 * The module video's known length, as SQL, from the module's column: the uploaded file's own or
 * the address's 'Duración'; null when there is none, or one too short to be believed. Every read
 * of what a student watched uses it (the module reads, the progress board, the reports).
 */
export const knownLengthOf = (moduleLength: SQL | Column) =>
  sql<number | null>`case when ${moduleLength} >= ${MODULE_VIDEO_MIN_SECONDS} then ${moduleLength} end`;
export const knownLength = knownLengthOf(courseModule.videoDurationSeconds);

/** A student's percentage of a video of known length `duration`, or null while it is not known. */
export const percentOf = (seconds: number, duration: number | null) => (duration === null ? null : watchedPercent(seconds, duration));

export function presentWatched(row: Row): Watched {
  const duration = row.durationSeconds;
  const within = (value: number) => (duration === null ? value : Math.min(value, duration));
  return {
    percent: percentOf(row.watchedSeconds, duration),
    seconds: within(row.watchedSeconds),
    duration,
    position: within(row.positionSeconds),
  };
}

/**
 * Adds what a student's player reports, in one transaction with the row locked (reports racing
 * each other all count, the same report twice changes nothing):
 * - the intervals are cut to the module's known length (while there is none, to the length the
 *   player gives, which decides nothing: no percentage is given) and merged with those stored;
 * - they may add no more than `FIRST_REPORT_ALLOWANCE_SECONDS` + 2 × the seconds since the first
 *   report, in total: what goes past is dropped, not refused (a player sending late what it
 *   recorded without a connection keeps all it can really have played).
 * The length the player gives is kept with the report, and is nobody's length.
 */
export async function recordWatched(db: Db, userId: string, moduleId: string, input: WatchedInput): Promise<Watched> {
  return db.transaction(async (tx) => {
    const [module] = await tx.select({ known: knownLength }).from(courseModule).where(eq(courseModule.id, moduleId));
    const known = module?.known ?? null;
    const limit = known ?? input.duration;
    await tx
      .insert(videoProgress)
      .values({ userId, moduleId, intervals: [], durationSeconds: input.duration, watchedSeconds: 0, positionSeconds: 0 })
      .onConflictDoNothing();
    const [stored] = await tx
      .select({
        intervals: videoProgress.intervals,
        watched: videoProgress.watchedSeconds,
        elapsed: sql<number>`extract(epoch from (now() - ${videoProgress.startedAt}))::float8`,
      })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .for('update');
    const allowed = FIRST_REPORT_ALLOWANCE_SECONDS + WATCH_SPEED_MAX * Math.max(0, Number(stored?.elapsed ?? 0));
    const budget = Math.max(0, allowed - (stored?.watched ?? 0));
    const intervals = addIntervalsWithin(stored?.intervals ?? [], input.intervals, limit, budget);
    if (intervals.length > STORED_INTERVALS_MAX) throw badRequest(messages.watchedTooMany, { intervals: messages.watchedTooMany });
    const [row] = await tx
      .update(videoProgress)
      .set({
        intervals,
        durationSeconds: input.duration,
        watchedSeconds: watchedSeconds(intervals),
        positionSeconds: Math.min(input.position, limit),
        updatedAt: sql`now()`,
      })
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .returning();
    return presentWatched({ durationSeconds: known, watchedSeconds: row!.watchedSeconds, positionSeconds: row!.positionSeconds });
  });
}

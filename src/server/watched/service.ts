// How much of each module video a student watched: merged intervals per user and module. The
// server decides how long the video is and how much can have played: the percentage is computed
// against the module's known length (an uploaded file's own; for an address, the upper median of
// what the students' players reported), never against one client's claim, and a student's
// intervals grow no faster than the wall-clock time since their first report allows.
import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Watched } from '../../shared/schemas/content.ts';
import type { WatchedInput } from '../../shared/schemas/watched.ts';
import { addIntervalsWithin, watchedPercent, watchedSeconds } from '../../shared/watched.ts';
import type { Db } from '../db/client.ts';
import { courseModule, video, videoProgress } from '../db/schema.ts';
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
  /** The length the percentage uses: `watchedLength` (the module's known one). */
  durationSeconds: number;
  watchedSeconds: number;
  positionSeconds: number;
}

/**
 * The length a student's percentage is computed against, as SQL: the module's known one; the
 * student's own report only where none is known yet (rows from before lengths were known).
 * Every read of what a student watched uses it (the module reads, the progress board).
 */
export const watchedLengthOf = (moduleLength: SQL | Column, reported: SQL | Column) => sql<number>`coalesce(${moduleLength}, ${reported})`;
export const watchedLength = watchedLengthOf(courseModule.videoDurationSeconds, videoProgress.durationSeconds);

export function presentWatched(row: Row): Watched {
  const duration = row.durationSeconds;
  return {
    percent: watchedPercent(row.watchedSeconds, duration),
    seconds: Math.min(row.watchedSeconds, duration),
    duration,
    position: Math.min(row.positionSeconds, duration),
  };
}

/**
 * Adds what a student's player reports, in one transaction with the row locked (reports racing
 * each other all count, the same report twice changes nothing):
 * - the intervals are cut to the module's known length and merged with those stored;
 * - they may add no more than `FIRST_REPORT_ALLOWANCE_SECONDS` + 2 × the seconds since the first
 *   report, in total: what goes past is dropped, not refused (a player sending late what it
 *   recorded without a connection keeps all it can really have played);
 * - the length the player gives is the student's vote for the known length of a video given by
 *   an address (or a file whose length could not be read); after the commit the module's known
 *   length becomes the upper median of the votes, so a forged one cannot move it once others
 *   reported, and a tiny one cannot lower it once any real player did.
 */
export async function recordWatched(db: Db, userId: string, moduleId: string, input: WatchedInput): Promise<Watched> {
  const { watched, voteChanged } = await db.transaction(async (tx) => {
    const [module] = await tx
      .select({ known: courseModule.videoDurationSeconds, fileSeconds: video.durationSeconds })
      .from(courseModule)
      .leftJoin(video, eq(video.id, courseModule.videoId))
      .where(eq(courseModule.id, moduleId));
    const fileKnown = module?.fileSeconds != null;
    const first = await tx
      .insert(videoProgress)
      .values({ userId, moduleId, intervals: [], durationSeconds: input.duration, watchedSeconds: 0, positionSeconds: 0 })
      .onConflictDoNothing()
      .returning({ userId: videoProgress.userId });
    const [stored] = await tx
      .select({
        intervals: videoProgress.intervals,
        reported: videoProgress.durationSeconds,
        watched: videoProgress.watchedSeconds,
        elapsed: sql<number>`extract(epoch from (now() - ${videoProgress.startedAt}))::float8`,
      })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .for('update');
    // Before anyone's report the module's length is unknown: this report's is the only vote.
    const known = fileKnown ? module.fileSeconds! : (module?.known ?? input.duration);
    const allowed = FIRST_REPORT_ALLOWANCE_SECONDS + WATCH_SPEED_MAX * Math.max(0, Number(stored?.elapsed ?? 0));
    const budget = Math.max(0, allowed - (stored?.watched ?? 0));
    const intervals = addIntervalsWithin(stored?.intervals ?? [], input.intervals, known, budget);
    if (intervals.length > STORED_INTERVALS_MAX) throw badRequest(messages.watchedTooMany, { intervals: messages.watchedTooMany });
    const [row] = await tx
      .update(videoProgress)
      .set({
        intervals,
        durationSeconds: input.duration,
        watchedSeconds: watchedSeconds(intervals),
        positionSeconds: Math.min(input.position, known),
        updatedAt: sql`now()`,
      })
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.moduleId, moduleId)))
      .returning();
    return {
      watched: presentWatched({ durationSeconds: known, watchedSeconds: row!.watchedSeconds, positionSeconds: row!.positionSeconds }),
      voteChanged: !fileKnown && (first.length > 0 || module?.known == null || stored?.reported !== input.duration),
    };
  });
  if (voteChanged) await updateKnownLength(db, moduleId);
  return watched;
}

/**
 * The module's known length for a video whose file does not give one: the upper median of the
 * lengths its students' players reported (one vote per student: their latest). One statement,
 * after the report's transaction: it locks only the module row, never while holding a student's.
 */
async function updateKnownLength(db: Db, moduleId: string) {
  await db.execute(sql`
    update ${courseModule} m set video_duration_seconds = (
      select percentile_disc(0.5) within group (order by vp.duration_seconds desc) from ${videoProgress} vp where vp.module_id = m.id
    )
    where m.id = ${moduleId}
      and not exists (select 1 from ${video} v where v.id = m.video_id and v.duration_seconds is not null)`);
}

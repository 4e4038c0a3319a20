// How much of a video a person actually watched, as intervals of seconds: playing from t0 to
// t1 adds [t0, t1]; seeking ahead adds nothing. Used by the server to merge what a player sends
// and by the client to batch what it has not sent yet.

/** A stretch of the video that played, in seconds: [from, to]. */
export type Interval = [number, number];

/** Intervals shorter than this are noise (a tap on play and pause) and are dropped. */
const MIN_INTERVAL = 0.05;
/** Gaps this short between intervals are closed: a player's time updates are not continuous. */
const JOIN_GAP = 0.3;

/**
 * The union of the intervals, sorted and merged, each cut to [0, duration]. Merging is
 * idempotent and order-free: merging the same intervals again changes nothing.
 */
export function mergeIntervals(intervals: readonly Interval[], duration: number): Interval[] {
  const cut = intervals
    .map(([from, to]): Interval => [Math.max(0, Math.min(from, duration)), Math.max(0, Math.min(to, duration))])
    .filter(([from, to]) => to - from >= MIN_INTERVAL)
    .toSorted((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Interval[] = [];
  for (const [from, to] of cut) {
    const last = merged.at(-1);
    if (last && from <= last[1] + JOIN_GAP) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.map(([from, to]) => [round(from), round(to)]);
}

/** Seconds covered by merged intervals. */
export const watchedSeconds = (merged: readonly Interval[]) => round(merged.reduce((sum, [from, to]) => sum + (to - from), 0));

/** Watched share of the duration, 0 to 100, rounded down (100 only when all of it was seen, give or take a second). */
export function watchedPercent(seconds: number, duration: number): number {
  if (duration <= 0) return 0;
  if (seconds >= duration - 1) return 100;
  return Math.min(99, Math.floor((seconds / duration) * 100));
}

const round = (value: number) => Math.round(value * 1000) / 1000;

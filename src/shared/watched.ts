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

/** The parts of merged `intervals` that merged `covered` does not cover, in order. */
export function subtractIntervals(intervals: readonly Interval[], covered: readonly Interval[]): Interval[] {
  const parts: Interval[] = [];
  for (const [from, to] of intervals) {
    let start = from;
    for (const [coverFrom, coverTo] of covered) {
      if (coverTo <= start || coverFrom >= to) continue;
      if (coverFrom > start) parts.push([start, coverFrom]);
      start = Math.max(start, coverTo);
      if (start >= to) break;
    }
    if (start < to) parts.push([start, to]);
  }
  return parts;
}

/**
 * `stored` plus what `incoming` adds, all cut to [0, duration], adding at most `budget` seconds:
 * past it, the new parts latest in the video are dropped (so what a player that fell behind sends
 * counts from where the student was). The gaps merging closes count against the budget too.
 */
export function addIntervalsWithin(
  stored: readonly Interval[],
  incoming: readonly Interval[],
  duration: number,
  budget: number,
): Interval[] {
  const before = mergeIntervals(stored, duration);
  const all = mergeIntervals([...before, ...incoming], duration);
  const had = watchedSeconds(before);
  if (watchedSeconds(all) - had <= budget) return all;
  let left = Math.max(0, budget);
  const kept: Interval[] = [];
  for (const [from, to] of subtractIntervals(all, before)) {
    if (left <= 0) break;
    const end = Math.min(to, from + left);
    kept.push([from, end]);
    left -= end - from;
  }
  let result = mergeIntervals([...before, ...kept], duration);
  // Joining a kept part to its neighbour (gaps under JOIN_GAP) may add a little: take it off the last part.
  for (
    let excess = watchedSeconds(result) - had - budget;
    excess > 1e-6 && kept.length > 0;
    excess = watchedSeconds(result) - had - budget
  ) {
    const last = kept.at(-1)!;
    last[1] -= excess;
    if (last[1] - last[0] < MIN_INTERVAL) kept.pop();
    result = mergeIntervals([...before, ...kept], duration);
  }
  return result;
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

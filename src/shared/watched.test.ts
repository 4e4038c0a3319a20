import { describe, expect, it } from 'vitest';
import { mergeIntervals, watchedPercent, watchedSeconds, type Interval } from './watched.ts';

describe('mergeIntervals', () => {
  const cases: Array<[string, Interval[], number, Interval[]]> = [
    ['nothing watched', [], 60, []],
    ['one interval', [[0, 10]], 60, [[0, 10]]],
    ['overlapping intervals join', [[0, 10], [5, 20]], 60, [[0, 20]]],
    ['an interval inside another adds nothing', [[0, 30], [10, 20]], 60, [[0, 30]]],
    ['touching intervals join', [[0, 10], [10, 20]], 60, [[0, 20]]],
    ['a tiny gap between time updates joins', [[0, 10], [10.2, 20]], 60, [[0, 20]]],
    ['a skipped part stays out (seeking ahead)', [[0, 10], [40, 50]], 60, [[0, 10], [40, 50]]],
    ['order does not matter', [[40, 50], [0, 10], [5, 12]], 60, [[0, 12], [40, 50]]],
    ['cut to the duration', [[50, 75]], 60, [[50, 60]]],
    ['an interval wholly past the end is dropped', [[70, 80]], 60, []],
    ['empty intervals are dropped', [[5, 5], [8, 8.01]], 60, []],
  ];
  it.each(cases)('%s', (_name, intervals, duration, expected) => {
    expect(mergeIntervals(intervals, duration)).toEqual(expected);
  });

  it('is idempotent: merging the merged result with the same intervals changes nothing', () => {
    const once = mergeIntervals([[0, 10], [30, 45], [8, 12]], 60);
    expect(mergeIntervals([...once, [0, 10], [30, 45], [8, 12]], 60)).toEqual(once);
  });
});

describe('watched seconds and percent', () => {
  it('adds the merged intervals', () => {
    expect(watchedSeconds([[0, 10], [40, 50.5]])).toBe(20.5);
  });
  it('rounds down, and 100 only when (nearly) everything was seen', () => {
    expect(watchedPercent(20, 60)).toBe(33);
    expect(watchedPercent(59.5, 60)).toBe(100);
    expect(watchedPercent(58.5, 60)).toBe(97);
    expect(watchedPercent(0, 60)).toBe(0);
    expect(watchedPercent(10, 0)).toBe(0);
  });
});

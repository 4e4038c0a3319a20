import { describe, expect, it } from 'vitest';
import { addIntervalsWithin, mergeIntervals, subtractIntervals, watchedPercent, watchedSeconds, type Interval } from './watched.ts';

describe('mergeIntervals', () => {
  const cases: Array<[string, Interval[], number, Interval[]]> = [
    ['nothing watched', [], 60, []],
    ['one interval', [[0, 10]], 60, [[0, 10]]],
    [
      'overlapping intervals join',
      [
        [0, 10],
        [5, 20],
      ],
      60,
      [[0, 20]],
    ],
    [
      'an interval inside another adds nothing',
      [
        [0, 30],
        [10, 20],
      ],
      60,
      [[0, 30]],
    ],
    [
      'touching intervals join',
      [
        [0, 10],
        [10, 20],
      ],
      60,
      [[0, 20]],
    ],
    [
      'a tiny gap between time updates joins',
      [
        [0, 10],
        [10.2, 20],
      ],
      60,
      [[0, 20]],
    ],
    [
      'a skipped part stays out (seeking ahead)',
      [
        [0, 10],
        [40, 50],
      ],
      60,
      [
        [0, 10],
        [40, 50],
      ],
    ],
    [
      'order does not matter',
      [
        [40, 50],
        [0, 10],
        [5, 12],
      ],
      60,
      [
        [0, 12],
        [40, 50],
      ],
    ],
    ['cut to the duration', [[50, 75]], 60, [[50, 60]]],
    ['an interval wholly past the end is dropped', [[70, 80]], 60, []],
    [
      'empty intervals are dropped',
      [
        [5, 5],
        [8, 8.01],
      ],
      60,
      [],
    ],
  ];
  it.each(cases)('%s', (_name, intervals, duration, expected) => {
    expect(mergeIntervals(intervals, duration)).toEqual(expected);
  });

  it('is idempotent: merging the merged result with the same intervals changes nothing', () => {
    const once = mergeIntervals(
      [
        [0, 10],
        [30, 45],
        [8, 12],
      ],
      60,
    );
    expect(mergeIntervals([...once, [0, 10], [30, 45], [8, 12]], 60)).toEqual(once);
  });
});

describe('watched seconds and percent', () => {
  it('adds the merged intervals', () => {
    expect(
      watchedSeconds([
        [0, 10],
        [40, 50.5],
      ]),
    ).toBe(20.5);
  });
  it('rounds down, and 100 only when (nearly) everything was seen', () => {
    expect(watchedPercent(20, 60)).toBe(33);
    expect(watchedPercent(59.5, 60)).toBe(100);
    expect(watchedPercent(58.5, 60)).toBe(97);
    expect(watchedPercent(0, 60)).toBe(0);
    expect(watchedPercent(10, 0)).toBe(0);
  });
});

describe('addIntervalsWithin (what a report may add)', () => {
  it('adds everything that fits the budget', () => {
    expect(addIntervalsWithin([[0, 10]], [[10, 30]], 600, 20)).toEqual([[0, 30]]);
  });

  it('past the budget keeps the new parts earliest in the video and drops the rest', () => {
    expect(
      addIntervalsWithin(
        [[0, 10]],
        [
          [100, 110],
          [10, 30],
        ],
        600,
        15,
      ),
    ).toEqual([[0, 25]]);
    expect(addIntervalsWithin([], [[0, 600]], 600, 60)).toEqual([[0, 60]]);
  });

  it('counts what it re-sends of the stored intervals as nothing new', () => {
    expect(
      addIntervalsWithin(
        [[0, 50]],
        [
          [0, 50],
          [50, 55],
        ],
        600,
        5,
      ),
    ).toEqual([[0, 55]]);
  });

  it('counts the gaps that merging closes, so tiny slivers cannot cover a video', () => {
    const slivers: Interval[] = Array.from({ length: 100 }, (_, i) => [i * 0.35, i * 0.35 + 0.05]);
    const added = addIntervalsWithin([], slivers, 600, 10);
    expect(watchedSeconds(added)).toBeLessThanOrEqual(10);
  });

  it('cuts to the known duration', () => {
    expect(
      addIntervalsWithin(
        [],
        [
          [0, 0.001],
          [0, 30],
        ],
        20,
        100,
      ),
    ).toEqual([[0, 20]]);
  });

  it('subtracts covered parts', () => {
    expect(
      subtractIntervals(
        [[0, 100]],
        [
          [10, 20],
          [50, 60],
        ],
      ),
    ).toEqual([
      [0, 10],
      [20, 50],
      [60, 100],
    ]);
    expect(subtractIntervals([[0, 10]], [[0, 10]])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { WatchTracker } from './watch-tracker.ts';

/** A tracker on a fake clock, and a way to play from t0 to t1 with time updates every 0.25 s. */
function setup() {
  let now = 0;
  const tracker = new WatchTracker(() => now);
  const playTo = (from: number, to: number) => {
    for (let t = from + 0.25; t <= to + 1e-9; t += 0.25) {
      now += 250;
      tracker.time(t);
    }
  };
  return { tracker, playTo };
}

describe('WatchTracker', () => {
  it('records what played, and a seek ahead does not count', () => {
    const { tracker, playTo } = setup();
    tracker.play(0);
    playTo(0, 5);
    tracker.seek(30);
    playTo(30, 32);
    tracker.stop(32);
    expect(tracker.take()).toEqual([
      [0, 5],
      [30, 32],
    ]);
  });

  it('treats a leap of the playhead between two readings as a jump (YouTube has no seek event)', () => {
    const { tracker, playTo } = setup();
    tracker.play(10);
    playTo(10, 12);
    tracker.time(50);
    playTo(50, 51);
    tracker.stop(51);
    expect(tracker.take()).toEqual([
      [10, 12],
      [50, 51],
    ]);
  });

  it('hands out an interval still playing in parts, and takes back what could not be sent', () => {
    const { tracker, playTo } = setup();
    tracker.play(0);
    playTo(0, 3);
    const first = tracker.take();
    expect(first).toEqual([[0, 3]]);
    playTo(3, 4);
    tracker.restore(first);
    expect(tracker.take()).toEqual([
      [0, 3],
      [3, 4],
    ]);
    expect(tracker.take()).toEqual([]);
  });

  it('records nothing while paused', () => {
    const { tracker } = setup();
    tracker.time(20);
    tracker.seek(40);
    expect(tracker.take()).toEqual([]);
  });
});

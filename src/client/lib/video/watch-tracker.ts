import type { Interval } from '../../../shared/watched.ts';

/**
 * What actually played, as intervals: playing from t0 to t1 adds [t0, t1]. A leap of the
 * playhead (a seek, or a YouTube jump seen between two readings) closes the current interval
 * and starts another where playback resumes, so the skipped part never counts. A step counts
 * as continuous playback while it is no longer than the wall-clock time that passed allows
 * (at up to 2× speed, with slack for late time updates).
 */
export class WatchTracker {
  private done: Interval[] = [];
  private from: number | null = null;
  private last = 0;
  private lastClock = 0;
  private readonly clock: () => number;

  constructor(clock: () => number = () => performance.now()) {
    this.clock = clock;
  }

  play(time: number) {
    this.close();
    this.open(time);
  }

  time(time: number) {
    if (this.from === null) {
      this.last = time;
      return;
    }
    const elapsed = (this.clock() - this.lastClock) / 1000;
    const step = time - this.last;
    if (step >= 0 && step <= Math.max(1.5, elapsed * 2 + 0.75)) {
      this.last = time;
      this.lastClock = this.clock();
    } else {
      this.close();
      this.open(time);
    }
  }

  /** The person moved the playhead: what played up to here counts, the jump does not. */
  seek(time: number) {
    if (this.from === null) {
      this.last = time;
      return;
    }
    this.close();
    this.open(time);
  }

  /** Paused or ended at `time`. */
  stop(time: number) {
    this.time(time);
    this.close();
  }

  /** Everything watched since the last take; an interval still playing goes on from where it is now. */
  take(): Interval[] {
    const taken = this.done;
    this.done = [];
    if (this.from !== null && this.last > this.from) {
      taken.push([this.from, this.last]);
      this.from = this.last;
    }
    return taken;
  }

  /** Gives back intervals that could not be sent, to go with the next report. */
  restore(intervals: Interval[]) {
    this.done.unshift(...intervals);
  }

  private open(time: number) {
    this.from = time;
    this.last = time;
    this.lastClock = this.clock();
  }

  private close() {
    if (this.from !== null && this.last > this.from) this.done.push([this.from, this.last]);
    this.from = null;
  }
}

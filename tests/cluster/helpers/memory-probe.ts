// Loaded into an app process under test (NODE_OPTIONS=--expose-gc --import=<this file>): on
// PROBE_SIGNAL it runs a full garbage collection and prints the memory the process still holds,
// as one JSON line ({"memoryProbe": process.memoryUsage()}). What it prints is what the app
// keeps, not the garbage waiting for the collector, whose amount depends on when it last ran.
// It changes nothing else in the process.

/**
 * A signal the app does not otherwise hear, ignored by default (close-with-grace takes SIGUSR2
 * as a request to shut down; Node keeps SIGUSR1 for its inspector).
 */
export const PROBE_SIGNAL = 'SIGWINCH';

// Only where the collector can be called (--expose-gc): imported by the test for the signal's
// name, it does nothing.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  process.on(PROBE_SIGNAL, () => {
    // Twice, a moment apart: buffers are given back by the collector's sweeper after the first,
    // and what only the first freed (a finalizer's object) is collected by the second.
    gc();
    setTimeout(() => {
      gc();
      console.log(JSON.stringify({ memoryProbe: process.memoryUsage() }));
    }, 100);
  });
}

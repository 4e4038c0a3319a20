import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergeIntervals } from '../../../shared/watched.ts';
import { WATCHED_INTERVALS_MAX } from '../../../shared/schemas/watched.ts';
import type { PlaybackAdapter } from '../../lib/video/playback.ts';
import { WatchTracker } from '../../lib/video/watch-tracker.ts';
import { recordWatchedOrKeep, storeWatched } from './api/record-watched.ts';

/** How often what played is sent while the video plays. */
const REPORT_EVERY_MS = 10_000;

/**
 * Records how much of the module video the student watches: intervals that actually played go
 * to the server every ten seconds while playing, on pause and at the end, and (with keepalive)
 * when the page is hidden or left. A report that fails goes again with the next one.
 */
export function useWatchProgress(moduleId: string, courseId: string, adapter: PlaybackAdapter | null, enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!adapter || !enabled) return;
    const tracker = new WatchTracker();
    let lastPosition = -1;
    // A player nobody played has nothing to say: its position is the one the page gave it, and
    // reporting it on leaving would undo what was watched meanwhile on another device.
    let played = false;

    const flush = (keepalive = false) => {
      const duration = adapter.duration();
      if (!(duration > 0) || !played) return;
      const position = Math.min(Math.max(adapter.currentTime(), 0), duration);
      const intervals = mergeIntervals(tracker.take(), duration).slice(-WATCHED_INTERVALS_MAX);
      if (intervals.length === 0 && Math.abs(position - lastPosition) < 1) return;
      lastPosition = position;
      // Without signal the report waits on the phone and goes when the signal is back.
      recordWatchedOrKeep(moduleId, courseId, { duration, position, intervals }, keepalive)
        .then((watched) => watched && storeWatched(queryClient, moduleId, courseId, watched))
        .catch(() => {
          tracker.restore(intervals);
          lastPosition = -1;
        });
    };

    const unsubscribe = adapter.subscribe((event) => {
      const time = adapter.currentTime();
      if (event === 'play') {
        played = true;
        tracker.play(time);
      } else if (event === 'time') tracker.time(time);
      else if (event === 'seek') tracker.seek(time);
      else if (event === 'pause' || event === 'ended') {
        tracker.stop(time);
        flush();
      }
    });
    const timer = setInterval(() => {
      if (adapter.playing()) flush();
    }, REPORT_EVERY_MS);
    const leave = () => {
      tracker.time(adapter.currentTime());
      flush(true);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      unsubscribe();
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the module page inside the app: what played so far still counts.
      leave();
    };
  }, [adapter, enabled, moduleId, courseId, queryClient]);
}

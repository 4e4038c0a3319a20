// One small interface for any video player the app shows (YouTube's IFrame API or the browser's
// own <video>), so what is done with playback (watched progress, resuming) is written once.

export type PlaybackEvent = 'ready' | 'play' | 'pause' | 'ended' | 'time' | 'seek';

export interface PlaybackAdapter {
  /** The playhead, in seconds. */
  currentTime(): number;
  /** The video's length in seconds; 0 while unknown. */
  duration(): number;
  playing(): boolean;
  seekTo(seconds: number): void;
  /** 'time' comes several times a second while playing; 'seek' when the person jumps (native player only). */
  subscribe(listener: (event: PlaybackEvent) => void): () => void;
}

/** The browser's own player. */
export function nativeAdapter(video: HTMLVideoElement): PlaybackAdapter {
  const events: Array<[keyof HTMLMediaElementEventMap, PlaybackEvent]> = [
    ['loadedmetadata', 'ready'],
    ['playing', 'play'],
    ['pause', 'pause'],
    ['ended', 'ended'],
    ['timeupdate', 'time'],
    ['seeking', 'seek'],
  ];
  return {
    currentTime: () => video.currentTime,
    duration: () => (Number.isFinite(video.duration) ? video.duration : 0),
    playing: () => !video.paused && !video.ended,
    seekTo: (seconds) => {
      video.currentTime = seconds;
    },
    subscribe(listener) {
      const handlers = events.map(([name, event]) => {
        const handler = () => listener(event);
        video.addEventListener(name, handler);
        return [name, handler] as const;
      });
      if (video.readyState >= 1) queueMicrotask(() => listener('ready'));
      // A video the person started before this subscription (the page's first paint): it plays from here.
      if (!video.paused && !video.ended) queueMicrotask(() => listener('play'));
      return () => handlers.forEach(([name, handler]) => video.removeEventListener(name, handler));
    },
  };
}

/** The part of YouTube's IFrame API player the adapter uses. */
export interface YouTubePlayerLike {
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
}

/** YouTube's player states (YT.PlayerState). */
export const YT_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

/**
 * A YouTube player. It has no time or seek events, so the playhead is read every half second
 * while playing; a jump shows as a leap in time, which the watched-progress tracker ignores.
 * The caller passes YT.Player's onReady and onStateChange on to `ready` and `stateChanged`.
 */
export function youtubeAdapter(player: YouTubePlayerLike): PlaybackAdapter & { stateChanged(state: number): void; ready(): void } {
  const listeners = new Set<(event: PlaybackEvent) => void>();
  let poll: ReturnType<typeof setInterval> | undefined;
  const emit = (event: PlaybackEvent) => listeners.forEach((listener) => listener(event));
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };
  // The last good readings: once the player is destroyed (the page is left) they are what counts.
  let lastTime = 0;
  let lastDuration = 0;
  const read = (get: () => number, fallback: number) => {
    try {
      const value = get();
      return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
    } catch {
      return fallback;
    }
  };
  const stateChanged = (state: number) => {
    if (state === YT_STATE.PLAYING) {
      emit('play');
      stopPolling();
      poll = setInterval(() => emit('time'), 500);
      return;
    }
    stopPolling();
    if (state === YT_STATE.PAUSED || state === YT_STATE.BUFFERING) emit('pause');
    else if (state === YT_STATE.ENDED) emit('ended');
  };
  return {
    currentTime: () => (lastTime = read(() => player.getCurrentTime(), lastTime)),
    duration: () => (lastDuration = read(() => player.getDuration(), lastDuration) || lastDuration),
    playing: () => read(() => player.getPlayerState(), -1) === YT_STATE.PLAYING,
    seekTo: (seconds) => player.seekTo(seconds, true),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopPolling();
      };
    },
    ready() {
      emit('ready');
      // A frame the person started before the API took it over (the page's first paint): it plays from here.
      if (read(() => player.getPlayerState(), -1) === YT_STATE.PLAYING) stateChanged(YT_STATE.PLAYING);
    },
    stateChanged,
  };
}

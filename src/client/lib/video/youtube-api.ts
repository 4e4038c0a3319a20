// YouTube's IFrame API, loaded once and only when a YouTube video is shown. The player itself
// comes from the privacy-enhanced domain (youtube-nocookie.com).
import type { YouTubePlayerLike } from './playback.ts';

export interface YouTubePlayer extends YouTubePlayerLike {
  playVideo(): void;
  pauseVideo(): void;
  /** Loads the video again, not playing, to start at `startSeconds`. */
  cueVideoById(options: { videoId: string; startSeconds?: number }): void;
  destroy(): void;
}

export interface YouTubeNamespace {
  /** `element` is replaced by the player's frame, or is that frame already (an iframe with `enablejsapi=1`). */
  Player: new (
    element: HTMLElement,
    options: {
      host?: string;
      videoId?: string;
      width?: string;
      height?: string;
      playerVars?: Record<string, number | string>;
      events?: { onReady?: () => void; onStateChange?: (event: { data: number }) => void };
    },
  ) => YouTubePlayer;
}

type WithYouTube = Window & { YT?: YouTubeNamespace; onYouTubeIframeAPIReady?: () => void };

let loading: Promise<YouTubeNamespace> | undefined;

export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const w = window as WithYouTube;
    if (w.YT?.Player) {
      resolve(w.YT);
      return;
    }
    // Another part of the app may be loading the same script: keep its callback too.
    const previous = w.onYouTubeIframeAPIReady;
    w.onYouTubeIframeAPIReady = () => {
      previous?.();
      resolve(w.YT!);
    };
    if (document.querySelector('script[src="https://www.youtube.com/iframe_api"]')) return;
    const script = document.createElement('script');
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('No se pudo cargar el reproductor de YouTube.'));
    };
    document.head.append(script);
  });
  return loading;
}

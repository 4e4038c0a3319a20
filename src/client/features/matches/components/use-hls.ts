import { useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import { loadHlsJs, playsWithHlsJs } from '../stream-player.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
const SAVER_KEY = 'aula-partido-ahorro';

/** 'Ahorro de datos' as this device last left it (on by default when the browser says to save data). */
export function storedDataSaver(): boolean {
  try {
    const stored = localStorage.getItem(SAVER_KEY);
    if (stored !== null) return stored === '1';
  } catch {
    // Storage refused (private mode): the connection decides.
  }
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return Boolean(connection?.saveData);
}

export function storeDataSaver(on: boolean) {
  try {
    localStorage.setItem(SAVER_KEY, on ? '1' : '0');
  } catch {
    // Not kept: it holds for this page.
  }
}

/** The first rung a master playlist names (the ladder goes smallest first), as an address. */
async function lowestRung(masterUrl: string): Promise<string> {
  const text = await fetch(masterUrl, { credentials: 'same-origin' }).then((r) => r.text());
  const uri = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
  return uri ? new URL(uri.trim(), new URL(masterUrl, location.href)).toString() : masterUrl;
}

/** Sets the element's source and keeps where it was and whether it played. */
function switchSource(video: HTMLVideoElement, url: string) {
  const at = video.currentTime;
  const playing = !video.paused;
  video.src = url;
  if (at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
  if (playing) void video.play().catch(() => undefined);
}

/**
 * Plays the match's HLS ladder in `video`: the browser's own HLS where it has it (Safari, iOS),
 * else hls.js (loaded only then), starting at the lowest rung so it starts at once and buffering
 * only a little ahead, so a jump or a closed page wastes little. `dataSaver` keeps to the lowest
 * rung. A browser with neither plays `fallbackUrl` (the original, as uploaded). Says whether the
 * stream failed for good.
 */
export function useHls(
  video: RefObject<HTMLVideoElement | null>,
  streamUrl: string,
  dataSaver: boolean,
  fallbackUrl: string | null = null,
) {
  const hls = useRef<Hls | null>(null);
  const native = useRef(false);
  const saver = useRef(dataSaver);
  saver.current = dataSaver;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    setFailed(false);
    native.current = !playsWithHlsJs() && element.canPlayType(HLS_TYPE) !== '';
    if (native.current) {
      if (saver.current)
        void lowestRung(streamUrl).then(
          (url) => !cancelled && switchSource(element, url),
          () => switchSource(element, streamUrl),
        );
      else element.src = streamUrl;
      return () => {
        cancelled = true;
      };
    }
    void loadHlsJs().then(
      ({ default: HlsPlayer }) => {
        if (cancelled) return;
        if (!HlsPlayer.isSupported()) {
          if (fallbackUrl) element.src = fallbackUrl;
          else setFailed(true);
          return;
        }
        const player = new HlsPlayer({
          startLevel: 0,
          capLevelToPlayerSize: true,
          maxBufferLength: 20,
          maxMaxBufferLength: 60,
          backBufferLength: 30,
        });
        hls.current = player;
        if (saver.current) player.autoLevelCapping = 0;
        player.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) player.startLoad();
          else if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
          else setFailed(true);
        });
        player.loadSource(streamUrl);
        player.attachMedia(element);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [video, streamUrl, fallbackUrl]);

  // 'Ahorro de datos' changed while playing: hls.js caps its choice; the browser's own HLS plays the lowest rung's playlist.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = video.current;
    if (hls.current) {
      hls.current.autoLevelCapping = dataSaver ? 0 : -1;
      if (dataSaver) hls.current.nextLevel = 0;
    } else if (element && native.current) {
      if (dataSaver)
        void lowestRung(streamUrl).then(
          (url) => switchSource(element, url),
          () => undefined,
        );
      else switchSource(element, streamUrl);
    }
  }, [video, streamUrl, dataSaver]);

  return { failed };
}

// The length of a video given by its address, as the module editor reads it: YouTube's own player
// (its IFrame API) for a YouTube video, the browser's for a file on the web. The instructor's side
// is where a module video's length comes from; never from a student's player.
import { useEffect, useState } from 'react';
import { youtubeId } from '../../../shared/schemas/content.ts';
import { loadYouTubeApi } from './youtube-api.ts';

/** How long a read may take before the instructor is left to type the length. */
const READ_TIMEOUT_MS = 15_000;
/** The address is read once typing pauses this long. */
const SETTLE_MS = 600;

/**
 * A read `start` begins: it calls `done` with the length (null: none) and returns how to clean up.
 * Null when it takes longer than READ_TIMEOUT_MS, or the address changed meanwhile (`signal`).
 */
function readWithin(signal: AbortSignal, start: (done: (seconds: number | null) => void) => () => void): Promise<number | null> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(null);
      return;
    }
    let settled = false;
    let cleanUp = () => undefined as void;
    const done = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      signal.removeEventListener('abort', abort);
      cleanUp();
      resolve(seconds);
    };
    const abort = () => done(null);
    const timeout = setTimeout(abort, READ_TIMEOUT_MS);
    signal.addEventListener('abort', abort);
    cleanUp = start(done);
    if (settled) cleanUp();
  });
}

/** A player out of sight, loading the video without playing it, until its length is known. */
function youtubeLength(id: string, signal: AbortSignal): Promise<number | null> {
  return loadYouTubeApi().then(
    (YT) =>
      readWithin(signal, (done) => {
        const holder = document.createElement('div');
        holder.setAttribute('aria-hidden', 'true');
        holder.style.cssText = 'position:fixed;left:-10000px;top:0;width:320px;height:180px;overflow:hidden';
        const target = document.createElement('div');
        holder.append(target);
        document.body.append(holder);
        let poll: ReturnType<typeof setInterval> | undefined;
        const player = new YT.Player(target, {
          host: 'https://www.youtube-nocookie.com',
          videoId: id,
          width: '320',
          height: '180',
          events: {
            // The length is known once the video's details arrive, a moment after the player is ready.
            onReady: () => {
              poll = setInterval(() => {
                const seconds = player.getDuration();
                if (seconds > 0) done(seconds);
              }, 250);
            },
          },
        });
        return () => {
          clearInterval(poll);
          player.destroy();
          holder.remove();
        };
      }),
    () => null,
  );
}

/** The browser reads the file's header (only its first bytes), as a player would before playing. */
function fileLength(address: string, signal: AbortSignal): Promise<number | null> {
  return readWithin(signal, (done) => {
    const media = document.createElement('video');
    media.preload = 'metadata';
    media.muted = true;
    media.onloadedmetadata = () => done(Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null);
    media.onerror = () => done(null);
    media.src = address;
    return () => {
      media.removeAttribute('src');
      media.load();
    };
  });
}

/** The length in seconds of the video at `address`; null when it cannot be read (no connection to YouTube, a file the browser cannot open). */
export function readVideoLength(address: string, signal: AbortSignal): Promise<number | null> {
  const id = youtubeId(address);
  if (id) return youtubeLength(id, signal);
  return fileLength(address, signal);
}

export type VideoLengthRead = { state: 'idle' } | { state: 'reading' } | { state: 'read'; seconds: number } | { state: 'failed' };

/**
 * Reads the length of the video at `address` (null: none to read) once typing settles, again for
 * each new address. What was read belongs to the address it was read for.
 */
export function useVideoLength(address: string | null): VideoLengthRead & { address: string | null } {
  const [read, setRead] = useState<VideoLengthRead & { address: string | null }>({ state: 'idle', address: null });
  useEffect(() => {
    if (!address) {
      setRead({ state: 'idle', address: null });
      return;
    }
    const controller = new AbortController();
    const settle = setTimeout(() => {
      setRead({ state: 'reading', address });
      void readVideoLength(address, controller.signal).then((seconds) => {
        if (controller.signal.aborted) return;
        setRead(seconds === null ? { state: 'failed', address } : { state: 'read', seconds, address });
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(settle);
      controller.abort();
    };
  }, [address]);
  return read;
}

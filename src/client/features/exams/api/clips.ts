import { useEffect, useState } from 'react';
import type { AttemptClip, ClipResponse } from '../../../../shared/schemas/exams.ts';
import type { JugadaAnswerInput } from '../../../../shared/schemas/jugadas.ts';
import { ApiError, api, reportUnauthorized } from '../../../lib/api.ts';
import { readBody } from '../../../lib/read-body.ts';

const clipUrl = (attemptId: string, position: number, tail: string) =>
  `/api/attempts/${encodeURIComponent(attemptId)}/clips/${position}/${tail}`;

/**
 * A clip as the server last described it, with the moment that answer arrived on the monotonic
 * clock: the viewing's end and the answer window run from there, so the phone never counts more
 * time than the server gives (the server's own clock decides; its grace covers the reply's trip).
 */
export interface TimedClip {
  clip: AttemptClip;
  receivedAt: number;
}

export const timedClip = (clip: AttemptClip, receivedAt = performance.now()): TimedClip => ({ clip, receivedAt });

/** When, on the monotonic clock, the viewing ends and the answer window closes (null before a viewing). */
export function localTimes({ clip, receivedAt }: TimedClip) {
  if (clip.viewEndsInMs === null || clip.windowEndsInMs === null) return null;
  return { viewEndsAt: receivedAt + clip.viewEndsInMs, windowEndsAt: receivedAt + clip.windowEndsInMs };
}

/** 'Ver': the server counts a viewing and starts its clock. */
export const startViewing = (attemptId: string, position: number) =>
  api<ClipResponse>(clipUrl(attemptId, position, 'views'), { method: 'POST' });

/** 'Responder': the call for the clip (the same one again is answered as saved: safe to repeat after a lost reply). */
export const sendClipAnswer = (attemptId: string, position: number, answer: JugadaAnswerInput) =>
  api<ClipResponse>(clipUrl(attemptId, position, 'answer'), { method: 'PUT', body: answer });

export type ClipFile =
  | { status: 'loading'; loaded: number }
  | { status: 'ready'; url: string }
  /** Offline or the server away: tried again by itself. */
  | { status: 'retrying'; loaded: number }
  /** The server will not send it (its viewings are used, the attempt is closed). */
  | { status: 'gone' };

const RETRY_MS = [1_000, 2_000, 4_000, 8_000];
const REFUSED_TRIES = 3;

async function download(url: string, signal: AbortSignal, onProgress: (loaded: number) => void): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal, cache: 'no-store' });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok || !response.body) throw new ApiError(response.status, 'NOT_FOUND', '');
  const total = Number(response.headers.get('content-length')) || 0;
  return readBody(
    response,
    (received) => {
      if (total > 0) onProgress(Math.min(99, Math.floor((received * 100) / total)));
    },
    'video/mp4',
  );
}

interface Loading {
  /** Loaded, or given up: the next file may start. */
  finished: boolean;
  controller: AbortController;
  objectUrl: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The files of the clips at `positions` (the one on screen and the next), each loaded whole into
 * memory before 'Ver', the next while the trainee answers this one: a weak signal delays the
 * 'Ver' button, never the viewing or the answer window. A lost connection is tried again; a clip
 * left behind is dropped and its memory freed.
 */
export function useClipFiles(attemptId: string, positions: readonly number[]): ReadonlyMap<number, ClipFile> {
  const [files, setFiles] = useState<ReadonlyMap<number, ClipFile>>(new Map());
  const [loadings] = useState(() => new Map<number, Loading>());
  // Counts the files finished: each one lets the next start.
  const [round, setRound] = useState(0);
  const wanted = positions.join(',');

  useEffect(() => {
    const keep = new Set(wanted === '' ? [] : wanted.split(',').map(Number));
    const set = (position: number, file: ClipFile | null) =>
      setFiles((current) => {
        const next = new Map(current);
        if (file) next.set(position, file);
        else next.delete(position);
        return next;
      });
    for (const [position, loading] of loadings) {
      if (keep.has(position)) continue;
      loading.controller.abort();
      clearTimeout(loading.timer);
      if (loading.objectUrl) URL.revokeObjectURL(loading.objectUrl);
      loadings.delete(position);
      set(position, null);
    }
    // One file at a time, in order: the clip on screen gets the whole signal, the next one follows.
    for (const position of keep) {
      if (loadings.has(position)) {
        if (loadings.get(position)!.finished) continue;
        break;
      }
      const loading: Loading = { finished: false, controller: new AbortController(), objectUrl: null, timer: undefined };
      loadings.set(position, loading);
      const attempt = (tries: number) => {
        download(clipUrl(attemptId, position, 'video'), loading.controller.signal, (loaded) => set(position, { status: 'loading', loaded }))
          .then((blob) => {
            loading.objectUrl = URL.createObjectURL(blob);
            loading.finished = true;
            set(position, { status: 'ready', url: loading.objectUrl });
            setRound((n) => n + 1);
          })
          .catch((error: unknown) => {
            if (loading.controller.signal.aborted) return;
            // Refused: its viewings are used, or the server does not count it as reachable yet (its clock
            // a moment behind this phone's): asked again a few times, then given up.
            const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
            if (refused && tries >= REFUSED_TRIES) {
              loading.finished = true;
              set(position, { status: 'gone' });
              return setRound((n) => n + 1);
            }
            set(position, { status: 'retrying', loaded: 0 });
            loading.timer = setTimeout(() => attempt(tries + 1), refused ? 2_000 : RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
          });
      };
      set(position, { status: 'loading', loaded: 0 });
      attempt(0);
      break;
    }
  }, [attemptId, wanted, loadings, round]);

  // Leaving the attempt frees every file.
  useEffect(
    () => () => {
      for (const loading of loadings.values()) {
        loading.controller.abort();
        clearTimeout(loading.timer);
        if (loading.objectUrl) URL.revokeObjectURL(loading.objectUrl);
      }
      loadings.clear();
    },
    [loadings],
  );
  return files;
}

// The upload of a match's video from the phone, with tus-js-client: it sends the file in pieces
// and, when the connection drops or the phone locks its screen, asks the server how much arrived
// and goes on from there, by itself (with growing waits, and again as soon as the signal or the
// screen comes back). A tab closed and opened again finds its upload by the file's fingerprint
// (tus-js-client's previous uploads, kept in this browser) or by the address the server keeps for
// the match: the trainee chooses the same file and it continues from where it stopped.
//
// The uploads live here, outside any page: moving around the app does not stop them.
import type { PreviousUpload, Upload } from 'tus-js-client';
import { useSyncExternalStore } from 'react';
import { MATCH_UPLOADS_PATH } from '../../../shared/schemas/matches.ts';
import { reportUnauthorized } from '../../lib/api.ts';

export type UploadPhase = 'sending' | 'waiting' | 'done' | 'failed';

export interface UploadState {
  matchId: string;
  phase: UploadPhase;
  sent: number;
  total: number;
  /** Seconds left at the recent speed; null until it is known. */
  secondsLeft: number | null;
  /** Why it stopped for good ('failed'), in Spanish. */
  error: string | null;
}

/** Pieces of 50 MB: a proxy in front never sees a body larger than that, and a cut loses at most what was not yet stored. */
const CHUNK_BYTES = 50 * 1024 * 1024;
/** Waits before each new try after a cut: quick at first, then every minute for as long as the page is open. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000, 60_000, 60_000];
/** The speed is measured over this much recent time. */
const SPEED_WINDOW_MS = 20_000;

interface Running {
  /** Unset while tus-js-client loads. */
  upload: Upload | null;
  state: UploadState;
  samples: Array<{ at: number; sent: number }>;
}

const running = new Map<string, Running>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, UploadState> = new Map();

function publish() {
  snapshot = new Map([...running].map(([id, item]) => [id, item.state]));
  for (const listener of listeners) listener();
}

function update(matchId: string, change: Partial<UploadState>) {
  const item = running.get(matchId);
  if (!item) return;
  item.state = { ...item.state, ...change };
  publish();
}

function secondsLeft(item: Running, sent: number, total: number): number | null {
  const now = Date.now();
  item.samples.push({ at: now, sent });
  while (item.samples.length > 2 && now - item.samples[0]!.at > SPEED_WINDOW_MS) item.samples.shift();
  const first = item.samples[0]!;
  const elapsed = (now - first.at) / 1000;
  const bytesPerSecond = elapsed >= 2 ? (sent - first.sent) / elapsed : 0;
  return bytesPerSecond > 0 ? Math.max(0, (total - sent) / bytesPerSecond) : null;
}

/** What the server said when it refused (a 4xx's body is its Spanish reason). */
function refusal(error: Error): { status: number; message: string } | null {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (!response) return null;
  const status = response.getStatus();
  let message = response.getBody() ?? '';
  try {
    message = (JSON.parse(message) as { error?: { message?: string } }).error?.message ?? message;
  } catch {
    // tus answers in plain text.
  }
  return { status, message };
}

/** Tries the upload again at once when the signal or the screen comes back (the phone unlocked). */
function wakeWhenBack() {
  for (const item of running.values()) {
    const upload = item.upload;
    if (upload && item.state.phase === 'waiting') {
      void upload.abort().finally(() => upload.start());
      update(item.state.matchId, { phase: 'sending' });
    }
  }
}
if (typeof window !== 'undefined') {
  window.addEventListener('online', wakeWhenBack);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wakeWhenBack();
  });
  // And every minute, for a network that came back without the browser saying so (a server restarted).
  setInterval(wakeWhenBack, 60_000);
  // Closing the tab mid-upload: the browser asks first (the upload can go on later with the same file).
  window.addEventListener('beforeunload', (event) => {
    if ([...running.values()].some((item) => item.state.phase === 'sending' || item.state.phase === 'waiting')) event.preventDefault();
  });
}

export interface StartOptions {
  matchId: string;
  file: File;
  /** The upload the server keeps for the match (after a reload, to continue it). */
  uploadUrl?: string | null;
  onDone: () => void;
}

/**
 * Sends (or continues) the match's file. Resolves once it started; its progress is read with
 * `useMatchUploads`.
 */
export async function startMatchUpload({ matchId, file, uploadUrl, onDone }: StartOptions): Promise<void> {
  const existing = running.get(matchId);
  if (existing && existing.state.phase !== 'failed' && existing.state.phase !== 'done') return;
  const item: Running = {
    upload: null,
    state: { matchId, phase: 'sending', sent: 0, total: file.size, secondsLeft: null, error: null },
    samples: [],
  };
  running.set(matchId, item);
  publish();
  // tus-js-client (60 kB) is asked for when a file is sent, not with the page.
  const { Upload: TusUpload } = await import('tus-js-client');
  // Stopped meanwhile (the match deleted): nothing to send.
  if (running.get(matchId) !== item) return;
  const upload = new TusUpload(file, {
    endpoint: MATCH_UPLOADS_PATH,
    metadata: { matchId, filename: file.name, filetype: file.type },
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // One upload per match and file: the same file chosen again for this match is the same upload.
    fingerprint: async (chosen) =>
      ['aula-partido', matchId, (chosen as File).name, (chosen as File).size, (chosen as File).lastModified].join(':'),
    onProgress(sent, total) {
      update(matchId, { phase: 'sending', sent, total, secondsLeft: secondsLeft(item, sent, total) });
    },
    onShouldRetry(error) {
      const answer = refusal(error);
      // No answer (a cut) or the server busy: try again. A refusal (4xx) is final, except a lock held by the cut request.
      const retry = !answer || answer.status >= 500 || answer.status === 423 || answer.status === 409;
      if (retry) update(matchId, { phase: 'waiting', secondsLeft: null });
      return retry;
    },
    onError(error) {
      const answer = refusal(error);
      if (answer?.status === 401) reportUnauthorized();
      if (!answer || answer.status >= 500) {
        // Every try failed (long without signal): waits for the signal or the screen to come back.
        update(matchId, { phase: 'waiting', secondsLeft: null });
        return;
      }
      update(matchId, { phase: 'failed', error: answer.message || 'No se pudo subir el video.' });
    },
    onSuccess() {
      update(matchId, { phase: 'done', sent: file.size, secondsLeft: 0 });
      onDone();
    },
  });
  item.upload = upload;

  // A tab closed and opened again: the upload this browser started for this file, else the server's.
  const previous: PreviousUpload[] = await upload.findPreviousUploads().catch(() => []);
  const found = previous.find((entry) => !uploadUrl || entry.uploadUrl?.endsWith(uploadUrl)) ?? null;
  if (found) upload.resumeFromPreviousUpload(found);
  else if (uploadUrl) upload.url = uploadUrl;
  upload.start();
}

/** Stops sending (the match is being deleted). */
export async function stopMatchUpload(matchId: string): Promise<void> {
  const item = running.get(matchId);
  if (!item) return;
  running.delete(matchId);
  publish();
  await item.upload?.abort().catch(() => undefined);
}

/** Forgets an upload that ended (done or refused), so the list shows the server's state. */
export function forgetMatchUpload(matchId: string) {
  if (running.delete(matchId)) publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The uploads of this tab, by match. */
export function useMatchUploads(): ReadonlyMap<string, UploadState> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** What a match's file is by its first bytes, as the server judges it: a video phones and cameras record. */
export async function looksLikeVideo(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const ftyp = head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70;
  const ebml = head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  return ftyp || ebml;
}

/** The video's length as the browser reads it from the file (null when it cannot: a format it does not play). */
export function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = setTimeout(() => done(null), 5_000);
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

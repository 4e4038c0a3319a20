// Whether the app can reach its server. The browser's word (navigator.onLine and its events) is
// certain only when it says "offline": a page opened without signal may still report "online"
// in its new document, and so does a phone on a network that reaches nowhere (a hall's wifi
// without internet, one bar of signal). So the app's own requests decide too: when one fails for
// the network, or has no answer within REACH_TIMEOUT_MS, the server's health is asked at once,
// and if that fails too, or has no answer in PROBE_TIMEOUT_MS, the app is "sin conexión" (one
// request lost, or one slow answer, is not a lost signal: the banner does not come and go on a
// weak one). It lasts until a request reaches the server again; meanwhile the health check is
// asked every few seconds, and at once when the browser says the signal is back.
//
// While it lasts, the banner shows, writes go to the phone's line, and each request says so to
// the service worker (OFFLINE_HEADER), which then answers downloaded data at once instead of
// waiting for the network first; a read nobody answers is given up (readDeadline), so the page
// says it is without connection instead of loading forever.
import { FROM_DOWNLOADS_HEADER } from './offline/cache-name.ts';

/** How long a request may go unanswered before the app asks whether the server is there at all. */
export const REACH_TIMEOUT_MS = 3_000;
/** How long the health check may take: a server this slow to say it is there is out of reach. */
export const PROBE_TIMEOUT_MS = 4_000;
/** Between health checks while the server cannot be reached: soon at first, then less often. */
export const PROBE_DELAYS_MS = [2_000, 4_000, 8_000, 15_000];
const HEALTH_URL = '/api/health';

type Listener = () => void;

const listeners = new Set<Listener>();
let unreachable = false;
let probing: Promise<void> | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeCount = 0;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** `false` while the browser has no network, or the server could not be reached and has not been since. */
export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

let lastOnline = isOnline();
function notify() {
  const online = isOnline();
  if (online === lastOnline) return;
  lastOnline = online;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever isOnline() changes. Returns the function that stops it. */
export function subscribeOnline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` each time the connection comes back (isOnline() turns true). */
export function onReconnect(listener: Listener): () => void {
  let was = isOnline();
  return subscribeOnline(() => {
    const now = isOnline();
    if (now && !was) listener();
    was = now;
  });
}

/** A request reached the server (any answer from it, errors included): the connection is there. */
export function reportReached(): void {
  probeCount = 0;
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** The server cannot be reached (the health check failed): until a request reaches it again. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
  scheduleProbe();
}

/** A request failed for the network, or has gone unanswered for REACH_TIMEOUT_MS: is the server there at all? */
export function checkReach(): void {
  if (!unreachable) void probe();
}

function scheduleProbe() {
  if (typeof window === 'undefined' || probeTimer !== undefined) return;
  const delay = PROBE_DELAYS_MS[Math.min(probeCount, PROBE_DELAYS_MS.length - 1)]!;
  probeCount += 1;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probe();
  }, delay);
}

/** One health check at a time: an answer means reached; a failure or no answer in time, unreachable. */
function probe(): Promise<void> {
  if (probing) return probing;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  probing = fetch(HEALTH_URL, { cache: 'no-store', credentials: 'omit', signal: controller.signal })
    .then(
      () => reportReached(),
      () => {
        if (unreachable) scheduleProbe();
        else reportUnreachable();
      },
    )
    .finally(() => {
      clearTimeout(timeout);
      probing = null;
    });
  return probing;
}

/**
 * Watches one request: it reached the server, it failed for the network, or it took long enough
 * to ask. Call `settled` with the answer (or nothing if it failed, `aborted` if it was cancelled).
 */
export function watchRequest(): { settled(response: Response | undefined, aborted?: boolean): void } {
  const slow = setTimeout(checkReach, REACH_TIMEOUT_MS);
  return {
    settled(response, aborted = false) {
      clearTimeout(slow);
      if (aborted) return;
      if (!response) checkReach();
      // A downloaded copy the service worker answered says nothing of the server.
      else if (!response.headers.has(FROM_DOWNLOADS_HEADER)) reportReached();
    },
  };
}

/** How long a read made without connection may wait: what the phone holds comes at once (the service worker), and anything else still has a moment to reach a server that came back. */
export const OFFLINE_READ_TIMEOUT_MS = 2_000;
/** How long a read already under way may still take once the app finds itself without connection: time for the service worker's downloaded copy, not for the network. */
export const LOST_READ_GRACE_MS = 1_000;

/**
 * A signal that gives up a read (GET) nobody answers, so a page says 'Sin conexión' instead of
 * loading forever on a network that reaches nowhere: made without connection, it waits
 * OFFLINE_READ_TIMEOUT_MS; under way when the connection is lost, LOST_READ_GRACE_MS more. With
 * the connection, a read waits as long as the server takes.
 */
export function readDeadline(): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUpIn = (ms: number) => {
    timer ??= setTimeout(() => controller.abort(new DOMException('Sin conexión', 'TimeoutError')), ms);
  };
  if (!isOnline()) {
    giveUpIn(OFFLINE_READ_TIMEOUT_MS);
    return { signal: controller.signal, done: () => clearTimeout(timer) };
  }
  const stop = subscribeOnline(() => {
    if (!isOnline()) giveUpIn(LOST_READ_GRACE_MS);
  });
  return {
    signal: controller.signal,
    done: () => {
      stop();
      clearTimeout(timer);
    },
  };
}

/** A signal that aborts when the app finds itself without connection (a write waiting on a network that reaches nowhere goes to the line). */
export function connectionLostSignal(): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  if (!isOnline()) {
    controller.abort(new DOMException('Sin conexión', 'NetworkError'));
    return { signal: controller.signal, done: () => undefined };
  }
  const stop = subscribeOnline(() => {
    if (!isOnline()) controller.abort(new DOMException('Sin conexión', 'NetworkError'));
  });
  return { signal: controller.signal, done: stop };
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', notify);
  // The browser says the signal is back: the server decides, at once.
  window.addEventListener('online', () => {
    notify();
    if (unreachable) {
      clearTimeout(probeTimer);
      probeTimer = undefined;
      void probe();
    }
  });
}

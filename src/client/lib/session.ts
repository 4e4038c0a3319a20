import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../shared/schemas/auth.ts';
import { api, ApiError, setRequestUser } from './api.ts';
import { connectionLostSignal, onReconnect } from './connectivity.ts';
import { userFromStartPage } from './page-data.ts';
import { sessionKeys } from './query-keys.ts';
import { forgetReturnPath, rememberLapsedSession, rememberLapsedVisit } from './return-to.ts';

export const getSession = (signal?: AbortSignal) => api<SessionResponse>('/api/auth/session', { signal });

// Without signal the app still opens (the service worker's shell) for whoever was signed in on
// this device: the server's last answer is kept here, used only when the server cannot be
// reached, and forgotten at sign-out. The first request that reaches the server again decides
// (a 401 ends the session as usual).
const LAST_SESSION_KEY = 'aula-virtual:sesion';

function rememberSession(user: SessionUser | null) {
  try {
    if (user) localStorage.setItem(LAST_SESSION_KEY, JSON.stringify({ user }));
    else localStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // Storage refused (private mode, full): the app then needs the network to start.
  }
}

function rememberedSession(): SessionResponse | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as SessionResponse | null;
    return stored?.user ? stored : null;
  } catch {
    return null;
  }
}

/** The session in use is the one remembered on this device (the server could not be reached): asked again when it can. */
let sessionFromMemory = false;

/** Resolves to `value` once the app finds itself without connection (lib/connectivity.ts). */
function whenConnectionLost<T>(value: T): { promise: Promise<T>; stop(): void } {
  const lost = connectionLostSignal();
  return {
    promise: new Promise((resolve) => lost.signal.addEventListener('abort', () => resolve(value), { once: true })),
    stop: lost.done,
  };
}

/**
 * At start, the page's data (already on its way) says who is signed in; otherwise ask. Without
 * connection (the request failed, or the app found the server unreachable while it waited), the
 * session remembered on this device, if any.
 */
async function loadSession(signal?: AbortSignal): Promise<SessionResponse> {
  const remembered = rememberedSession();
  const lost = whenConnectionLost(remembered);
  try {
    const asked = userFromStartPage()?.catch(() => getSession(signal)) ?? getSession(signal);
    const response = remembered ? await Promise.race([asked, lost.promise.then(() => remembered)]) : await asked;
    sessionFromMemory = response === remembered;
    if (!sessionFromMemory) rememberSession(response.user);
    if (response.lapsed) rememberLapsedVisit();
    return response;
  } catch (error) {
    if (remembered && error instanceof ApiError && error.status === 0) {
      sessionFromMemory = true;
      return remembered;
    }
    throw error;
  } finally {
    lost.stop();
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.current, queryFn: ({ signal }) => loadSession(signal), staleTime: Infinity });

/** The signed-in user as the server sees it; `null` when signed out. */
export function useSession() {
  return useQuery({ ...sessionQueryOptions(), select: (data) => data.user });
}

// The cache belongs to one signed-in user: whenever who is signed in changes (sign-in,
// sign-out, a session the server ended), everything cached for the previous one is dropped,
// so on a shared phone nothing of one student ever shows to the next.

/** Every query but the session's. */
const allButSession = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== sessionKeys.current[0] };

/**
 * Forgets every query but the session itself (whose mounted observers, the guards, must hear
 * the change), then records who is signed in now.
 */
function resetCache(queryClient: QueryClient, user: SessionUser | null | undefined) {
  queryClient.cancelQueries(allButSession).catch(() => undefined);
  queryClient.removeQueries(allButSession);
  queryClient.getMutationCache().clear();
  if (user === undefined) queryClient.invalidateQueries({ queryKey: sessionKeys.current }).catch(() => undefined);
  else {
    rememberSession(user);
    queryClient.setQueryData<SessionResponse>(sessionKeys.current, { user });
  }
}

// The other tabs of this browser hear about sign-ins and sign-outs, so a student who signs out
// in one tab is signed out in all of them.
type TabMessage = { type: 'signed-in' | 'signed-out' };
const channel =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('aula-virtual:sesion');
const tell = (message: TabMessage) => channel?.postMessage(message);

/** After a successful sign-in. */
export function signedIn(queryClient: QueryClient, user: SessionUser) {
  resetCache(queryClient, user);
  tell({ type: 'signed-in' });
}

/** After a sign-out, or when the server says the session is gone (any 401). */
export function signedOut(queryClient: QueryClient) {
  if (queryClient.getQueryData<SessionResponse>(sessionKeys.current)?.user === null) return;
  resetCache(queryClient, null);
  tell({ type: 'signed-out' });
}

/** The person signed out themselves: nothing to come back to after the next sign-in. */
export function signedOutByChoice(queryClient: QueryClient) {
  forgetReturnPath();
  signedOut(queryClient);
}

/**
 * The server said the session is gone (it lapsed, or was ended elsewhere) while someone was
 * signed in here: the login page will say so, and signing in again brings them back to this page.
 */
export function sessionEnded(queryClient: QueryClient) {
  const session = queryClient.getQueryData<SessionResponse>(sessionKeys.current);
  // At start, before the session is known (a page's data refused as the app opens): the session's
  // own answer decides, and says whether a session this browser had lapsed.
  if (session === undefined) {
    queryClient.invalidateQueries({ queryKey: sessionKeys.current }).catch(() => undefined);
    return;
  }
  if (session.user) rememberLapsedSession(session.user.id);
  signedOut(queryClient);
}

/**
 * Keeps whom the app's requests are for (lib/api.ts) on whoever the session says is signed in;
 * until the session is known, the one last signed in on this device. Call once at start.
 */
export function followSessionUser(queryClient: QueryClient) {
  setRequestUser(rememberedSession()?.user?.id ?? null);
  // The session came from this device's memory: once the server can be reached, it decides.
  onReconnect(() => {
    if (sessionFromMemory) queryClient.invalidateQueries({ queryKey: sessionKeys.current }).catch(() => undefined);
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== sessionKeys.current[0]) return;
    const session = event.query.state.data as SessionResponse | undefined;
    if (session !== undefined) setRequestUser(session.user?.id ?? null);
  });
}

/** Follows what the other tabs report; call once at start. */
export function followOtherTabs(queryClient: QueryClient) {
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    // Signed out elsewhere: so is this tab. Signed in elsewhere: ask the server who this tab belongs to now.
    resetCache(queryClient, event.data.type === 'signed-out' ? null : undefined);
  });
}

/**
 * A page the browser kept whole when its person left it (back/forward) comes back as it was,
 * while the session may have ended or changed hands meanwhile: the server is asked again, and a
 * page that is still theirs is brought up to date. Call once at start.
 */
export function followPageRestores(queryClient: QueryClient) {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const before = queryClient.getQueryData<SessionResponse>(sessionKeys.current)?.user?.id ?? null;
    getSession()
      .then(({ user }) => {
        if (before !== null && user === null) sessionEnded(queryClient);
        else if ((user?.id ?? null) !== before) resetCache(queryClient, user);
        else queryClient.invalidateQueries(allButSession).catch(() => undefined);
      })
      // No signal: the page stays as it was; the next request that reaches the server decides.
      .catch(() => undefined);
  });
}

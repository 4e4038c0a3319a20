// The service worker's routes for what a trainee downloaded to study without signal
// (lib/offline/ stores it in that person's cache, each answer at the address the app asks for):
// - files (videos, clips, posters, captions, documents): from the cache first, cutting the range
//   the player asks for out of the whole stored file; from the network when not downloaded;
// - data (page data, activity, jugadas, practice, documents list): from the network first, so the
//   server decides and the download stays current (its copy is refreshed), but never waiting
//   long for it: the downloaded copy comes when the network fails or has not answered within
//   DATA_DEADLINE_MS, and at once when the app says it is without connection
//   (lib/connectivity.ts) or the network missed that deadline last time (a hall's wifi that
//   reaches nowhere: the browser says online, nothing answers). The network's late answer still
//   refreshes the copy. Only from the cache of the person the app makes the request for (its
//   header), so on a shared phone nobody is shown another's answers.
//   Files are no one's own: any person's downloaded copy plays.
import { registerRoute } from 'workbox-routing';
import {
  DOWNLOADS_CACHE_PREFIX,
  downloadsCacheOf,
  FROM_DOWNLOADS_HEADER,
  OFFLINE_HEADER,
  REQUEST_USER_HEADER,
} from '../lib/offline/cache-name.ts';
import { partialResponse } from './range.ts';

/** The downloads' cache of the first version, shared by everyone on the phone: removed. */
const SHARED_DOWNLOADS_CACHE = 'aula-descargas';

/**
 * How long downloaded data waits for the network before its copy is shown instead (the network's
 * answer still refreshes it): a page's data takes well under a second on a working connection,
 * and a trainee who downloaded a module should not look at a skeleton on one that is not.
 */
const DATA_DEADLINE_MS = 1_200;

/**
 * The network missed the deadline (or failed) and has not answered since: the next downloaded
 * data is answered from its copy at once, the network only refreshing it. Kept while this worker
 * runs; the first answer from the network clears it.
 */
let networkInDoubt = false;

const FILE_PATHS = [/^\/api\/(?:modules|jugadas)\/[^/]+\/(?:video|poster|captions)(?:\/[^/]+)?$/, /^\/api\/documents\/[^/]+\/file$/];
const DATA_PATHS = [
  /^\/api\/pages\/modules\/[^/]+(?:\/activity)?$/,
  /^\/api\/modules\/[^/]+\/my-jugadas$/,
  /^\/api\/courses\/[^/]+\/(?:practice|documents)$/,
];

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const matches = (patterns: RegExp[]) => (url: URL) => sameOrigin(url) && patterns.some((pattern) => pattern.test(url.pathname));

/** The module's (or clip's) video under another quality's address: any downloaded copy plays offline. */
async function sameVideo(cache: Cache, url: URL): Promise<Response | undefined> {
  const video = /^(\/api\/(?:modules|jugadas)\/[^/]+\/video)(?:\/[^/]+)?$/.exec(url.pathname);
  if (!video) return undefined;
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    if (path === video[1] || path.startsWith(`${video[1]}/`)) return cache.match(key);
  }
  return undefined;
}

async function serveFile(request: Request): Promise<Response> {
  const url = new URL(request.url);
  for (const name of await caches.keys()) {
    if (!name.startsWith(DOWNLOADS_CACHE_PREFIX)) continue;
    const cache = await caches.open(name);
    const stored = (await cache.match(url.href)) ?? (await sameVideo(cache, url));
    if (stored) return partialResponse(request, stored);
  }
  return fetch(request);
}

async function serveData(request: Request): Promise<Response> {
  const userId = request.headers.get(REQUEST_USER_HEADER);
  // Nobody named, or nothing downloaded by them: the network alone (and no empty cache made for them).
  if (!userId || !(await caches.has(downloadsCacheOf(userId)))) return fetch(request);
  const cache = await caches.open(downloadsCacheOf(userId));
  const stored = await cache.match(request.url);
  const network = fetch(request).then(
    async (response) => {
      networkInDoubt = false;
      // Only what was downloaded is refreshed: nothing else of the API is kept here.
      if (stored && response.ok) await cache.put(request.url, response.clone());
      return response;
    },
    (error: unknown) => {
      // A request the page gave up (it left, or cancelled it) says nothing of the network.
      if (!request.signal.aborted) networkInDoubt = true;
      throw error;
    },
  );
  if (!stored) return network;
  const copy = markedAsDownloaded(stored);
  // The app already knows it has no connection, or the network just missed its deadline: the
  // copy now, the network only refreshes it.
  if (request.headers.has(OFFLINE_HEADER) || networkInDoubt) {
    network.catch(() => undefined);
    return copy;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DATA_DEADLINE_MS);
  });
  try {
    const first = await Promise.race([network, late]);
    if (first !== 'late') return first;
    networkInDoubt = true;
    network.catch(() => undefined);
    return copy;
  } catch {
    return copy;
  } finally {
    clearTimeout(timer);
  }
}

/** The downloaded answer, marked as such: the app does not take it for a sign that the server is there. */
function markedAsDownloaded(stored: Response): Response {
  const headers = new Headers(stored.headers);
  headers.set(FROM_DOWNLOADS_HEADER, '1');
  return new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

export function registerDownloadRoutes(): void {
  self.addEventListener('activate', (event) => (event as ExtendableEvent).waitUntil(caches.delete(SHARED_DOWNLOADS_CACHE)));
  registerRoute(
    ({ url }) => matches(FILE_PATHS)(url),
    ({ request }) => serveFile(request),
    'GET',
  );
  registerRoute(
    ({ url }) => matches(DATA_PATHS)(url),
    ({ request }) => serveData(request),
    'GET',
  );
}

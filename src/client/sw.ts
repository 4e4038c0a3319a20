// The service worker: the app opens without signal. It keeps the built app (scripts, styles,
// icons and the plain index.html) and, when a page is opened without signal, answers with that
// index.html, the app then starting on its own as it does without the server's page data. It
// keeps nothing of anyone's: pages come from the network first, because the server writes the
// signed-in student's data into them (the shell is used only when the network fails; the
// browser's own cache may answer first with that student's copy, server http/document.ts), and the
// API's answers are never stored here (what a trainee downloads is the downloads' own cache,
// served by their routes). A new version waits until the person chooses 'Actualizar'.
import { cacheNames, clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload, isSupported as navigationPreloadSupported } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerDownloadRoutes } from './sw/downloads.ts';
import { registerNoticeHandlers } from './sw/notices.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** The built index.html, with no one's data in it: what a page opened without signal gets. */
const SHELL_URL = '/index.html';

// Routes answer in the order they are registered: what was downloaded for use without signal
// first, then the pages, then the app's own files.
registerDownloadRoutes();
// Notices on the phone ('Mi cuenta' → 'Avisos'): shown, and opened at their page on a tap.
registerNoticeHandlers();

// The page's request starts while the worker wakes up (navigation preload), so a page opened
// with signal is not slower for passing through here.
if (navigationPreloadSupported()) enableNavigationPreload();

registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch (error) {
        // No network (or no server): the app's shell, which starts the app without page data.
        const shell = await matchPrecache(SHELL_URL);
        if (shell) return shell;
        throw error;
      }
    },
    // The API's own addresses (a document opened in a tab, the API's docs) are not pages of the app.
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The app's built files come straight from this worker's copy, without running it for each one
// (a browser's static routes, where it has them; elsewhere the precache route above answers):
// a page's code is as quick to start with the worker as from the browser's own cache. A file the
// copy lacks (an instructors' page) comes from the network.
type StaticRoute = { condition: { urlPattern: { pathname: string } }; source: { cacheName: string } };
self.addEventListener('install', (event) => {
  const withRoutes = event as ExtendableEvent & { addRoutes?: (routes: StaticRoute[]) => Promise<void> };
  const routes = withRoutes.addRoutes?.([
    { condition: { urlPattern: { pathname: '/assets/*' } }, source: { cacheName: cacheNames.precache } },
  ]);
  if (routes) event.waitUntil(routes.catch(() => undefined));
});

// The first version takes the open pages at once (they work without signal from then on); a
// later one waits for the page's 'Actualizar' (app/update-prompt.tsx), which sends this message.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

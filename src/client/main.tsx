import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:mantine-variables.css';
import './app/app.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './lib/api.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { seedFromDocument } from './lib/page-data.ts';
import { queryClient } from './lib/query-client.ts';
import { followOtherTabs, followPageRestores, followSessionUser, sessionEnded } from './lib/session.ts';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { newVersionWaiting } from './lib/service-worker.ts';

// A 401 anywhere means the session ended: forget the user (and what was cached for them) and the
// guards send them to login, which says so and brings them back here after signing in. Sign-ins
// and sign-outs in other tabs apply here too, and a page Back brings back whole is checked again.
setUnauthorizedHandler(() => sessionEnded(queryClient));
followOtherTabs(queryClient);
followPageRestores(queryClient);
followSessionUser(queryClient);
// The browser's offer to install the app can come before any page shows: kept for 'Instalar Aula Virtual'.
listenForInstallPrompt();
// The page's data the document brought (who is signed in, the page): known before the first
// render. Without it, it is asked for now, while the code loads.
const seeded = seedFromDocument();

const container = document.getElementById('root')!;
// The service worker and the notice of a new version: only in the browser (the server's render
// has neither), and the notice's code only once a new version is waiting.
const loadUpdatePrompt = async () => {
  const registration = await newVersionWaiting();
  const { UpdatePrompt } = await import('./app/update-prompt.tsx');
  return () => <UpdatePrompt registration={registration} />;
};
const app = <App queryClient={queryClient} loadUpdatePrompt={loadUpdatePrompt} />;
const pageCode = preloadRoute(location.pathname).catch(() => undefined);
if (seeded && container.hasChildNodes()) {
  // The server sent the page rendered from that data, and the browser has painted it (this code
  // is started after that paint: start.js); the app now takes it over. A tap on a button the app
  // does not have yet, before its code ran or in a part whose code is still on its way, is kept
  // and carried out once it has (early-taps.js).
  hydrateRoot(container, app);
} else {
  // The first render waits for the page's code briefly, so it shows the page itself rather than
  // a loader; on a slow network the loader shows meanwhile.
  void Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, 250))]).then(() => createRoot(container).render(app));
}

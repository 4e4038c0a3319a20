import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:mantine-variables.css';
import './app/app.css';
import { useEffect } from 'react';
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
const early = window as { aulaEarlyTaps?: () => Element[]; aulaStarting?: boolean };
// The app's code runs: a keeper of early taps that arrives after it keeps nothing.
early.aulaStarting = true;
const pageCode = preloadRoute(location.pathname).catch(() => undefined);
if (seeded && container.hasChildNodes()) {
  // The server sent the page rendered from that data: the browser paints it first, then the app
  // takes it over (taking it over is the longest work of the start, and the page is already
  // there to see). The parts whose code is still on its way stay as they are until it arrives,
  // and a tap on one of them meanwhile is replayed once it is taken over; a tap on a button
  // before the app's code ran (early-taps.js) is carried out once the page is the app's.
  afterFirstPaint(() => {
    const taps = early.aulaEarlyTaps?.() ?? [];
    hydrateRoot(
      container,
      <>
        {app}
        <CarryOut taps={taps} />
      </>,
    );
  });
} else {
  // Nothing drawn to tap: the keeper of early taps lets go at once.
  early.aulaEarlyTaps?.();
  // The first render waits for the page's code briefly, so it shows the page itself rather than
  // a loader; on a slow network the loader shows meanwhile.
  void Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, 250))]).then(() => createRoot(container).render(app));
}

/** Runs `start` once the browser has painted what it has (or at once, in a tab not shown). */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden') return once();
  // The frame's callbacks run before its paint: the next task comes after it.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}

/** Whether React has taken `element` over (a part whose code is still on its way stays the server's). */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/**
 * The buttons tapped before the app ran, tapped again once the app has taken each over (still on
 * the page, still enabled); one the app has not taken within half a minute is let go.
 */
function CarryOut({ taps }: { taps: Element[] }) {
  useEffect(() => {
    const waiting = [...taps];
    const until = performance.now() + 30_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      for (const button of [...waiting]) {
        if (!button.isConnected || (button as HTMLButtonElement).disabled) waiting.splice(waiting.indexOf(button), 1);
        else if (takenOver(button)) {
          waiting.splice(waiting.indexOf(button), 1);
          (button as HTMLElement).click();
        }
      }
      if (waiting.length > 0 && performance.now() < until) timer = setTimeout(look, 50);
    };
    look();
    return () => clearTimeout(timer);
  }, [taps]);
  return null;
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { setUnauthorizedHandler } from './lib/api.ts';
import { hasFirstPaint, removeFirstPaint } from './lib/boot-view.ts';
import { seedFromDocument } from './lib/page-data.ts';
import { queryClient } from './lib/query-client.ts';
import { followOtherTabs, sessionEnded } from './lib/session.ts';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';

/** The notifications' code, loaded after the first render (not a Suspense boundary that could hold the page back). */
function Notifications() {
  const [View, setView] = useState<ComponentType<NotificationsProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import('@mantine/notifications').then((module) => live && setView(() => module.Notifications));
    return () => {
      live = false;
    };
  }, []);
  return View ? <View position="top-center" /> : null;
}

/** After the first render (the module page's player took its video over first): the server's first paint goes. */
function FirstPaintGone() {
  useLayoutEffect(removeFirstPaint, []);
  return null;
}

// A 401 anywhere means the session ended: forget the user (and what was cached for them) and the
// guards send them to login, which says so and brings them back here after signing in. Sign-ins
// and sign-outs in other tabs apply here too.
setUnauthorizedHandler(() => sessionEnded(queryClient));
followOtherTabs(queryClient);
// The page's data the document brought (who is signed in, the page): known before the first render.
seedFromDocument();

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
          <FirstPaintGone />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
// The page's code is on its way already (modulepreload): the first render waits for it briefly,
// so it shows the page itself rather than a loader; on a slow network the loader shows meanwhile.
// With the module page already drawn by the server, the browser first paints that (the video
// shows) and the app renders after; it waits for the page's code for longer (the drawn page is
// what a loader would replace), so that its player takes the server's video over.
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const drawn = hasFirstPaint();
const ready = Promise.race([
  preloadRoute(location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, drawn ? 5_000 : 250)),
]);
void Promise.all([ready, drawn ? painted() : null]).then(render);

import { StrictMode, useEffect, useState, type ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OriginContext } from '../lib/origin.ts';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

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
  // Under an open dialog (its z-index is 200), never over the control it has focused.
  return View ? <View position="top-center" zIndex={190} /> : null;
}

/** A piece of the browser's app whose code comes after the first render (null until then). */
function Later({ load }: { load: () => Promise<ComponentType> }) {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    // Without its code (no signal on a first visit) the page goes on without it.
    load()
      .then((component) => live && setView(() => component))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);
  return View ? <View /> : null;
}

interface AppProps {
  queryClient: QueryClient;
  /** In the server's render: the page's path and the app's public origin. */
  server?: { path: string; origin: string };
  /** In the browser: the service worker's registration and its 'Hay una versión nueva' (app/update-prompt.tsx). */
  loadUpdatePrompt?: () => Promise<ComponentType>;
}

/** The whole app, the same tree in the browser and in the server's render of a page. */
export function App({ queryClient, server, loadUpdatePrompt }: AppProps) {
  return (
    <StrictMode>
      <OriginContext value={server?.origin ?? null}>
        {/* The theme's variables and global classes are a built stylesheet (scripts/lib/vite-mantine-variables.ts), not a <style> per page. */}
        <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
          <Notifications />
          {loadUpdatePrompt && <Later load={loadUpdatePrompt} />}
          <QueryClientProvider client={queryClient}>
            <AppRoutes ssrPath={server?.path} />
          </QueryClientProvider>
        </MantineProvider>
      </OriginContext>
    </StrictMode>
  );
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { setUnauthorizedHandler } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { followOtherTabs, signedOut } from './lib/session.ts';
import { AppRoutes } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

// A 401 anywhere means the session ended: forget the user (and what was cached for them) and the
// guards send them to login. Sign-ins and sign-outs in other tabs apply here too.
setUnauthorizedHandler(() => signedOut(queryClient));
followOtherTabs(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

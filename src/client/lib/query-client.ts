import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { isOnline } from './connectivity.ts';

/**
 * Shows a failure as a notification. Pages explain a 403/404 of what they load themselves
 * (LoadError), so those are shown only for actions (mutations).
 */
function notifyError(error: unknown, options: { includeMissing: boolean }) {
  // A 401 sends the user to the login page; a popup on top of that would only be noise.
  if (error instanceof ApiError && error.status === 401) return;
  if (!options.includeMissing && error instanceof ApiError && (error.status === 403 || error.status === 404)) return;
  const message = error instanceof Error ? error.message : String(error);
  // Loaded on first use, so the notifications code is not part of the first download.
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'red', title: 'Error', message }));
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The page shows this mutation's failures itself (a dialog, a form error): no notification. */
      handlesOwnErrors?: boolean;
    };
    queryMeta: {
      /** Loaded ahead, before anyone asked (a module in view in the list): a failure is nobody's news. */
      ahead?: boolean;
    };
  }
}

/** A query cache; failures show as notifications unless the page shows them itself. */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Unanswered without connection: the page says so itself ('Sin conexión', components/load-error.tsx).
        const offline = error instanceof ApiError && error.status === 0 && !isOnline();
        if (!query.meta?.ahead && !offline) notifyError(error, { includeMissing: false });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesOwnErrors) notifyError(error, { includeMissing: true });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Without connection a read is not repeated: the page says at once that it needs the signal
        // (and asks again when it is back, components/load-error.tsx).
        retry: (failureCount, error) =>
          isOnline() && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        // Reads go out even when the browser says it has no network: the service worker answers
        // what the trainee downloaded, and anything else fails at once and says so. (By default a
        // read waits for the browser's 'online', and a page opened after the signal went stayed
        // a skeleton, downloaded or not.)
        networkMode: 'always',
        refetchOnWindowFocus: false,
      },
    },
  });

/** The app's one query cache (the server's render makes one per request). */
export const queryClient = createQueryClient();

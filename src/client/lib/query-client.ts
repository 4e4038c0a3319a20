import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

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
        if (!query.meta?.ahead) notifyError(error, { includeMissing: false });
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
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

/** The app's one query cache (the server's render makes one per request). */
export const queryClient = createQueryClient();

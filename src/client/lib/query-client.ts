import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

function notifyError(error: unknown) {
  // A 401 sends the user to the login page; a popup on top of that would only be noise.
  if (error instanceof ApiError && error.status === 401) return;
  const message = error instanceof Error ? error.message : String(error);
  // Loaded on first use, so the notifications code is not part of the first download.
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'red', title: 'Error', message }));
}

/** The one query cache; queries show their failures as notifications, mutations handle their own. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifyError }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.options.onError) notifyError(error);
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

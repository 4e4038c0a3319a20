import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../shared/schemas/auth.ts';
import { api } from './api.ts';
import { sessionKeys } from './query-keys.ts';

export const getSession = (signal?: AbortSignal) => api<SessionResponse>('/api/auth/session', { signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.current, queryFn: ({ signal }) => getSession(signal), staleTime: Infinity });

/** The signed-in user as the server sees it; `null` when signed out. */
export function useSession() {
  return useQuery({ ...sessionQueryOptions(), select: (data) => data.user });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData<SessionResponse>(sessionKeys.current, { user });
}

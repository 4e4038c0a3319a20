import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../shared/schemas/auth.ts';
import { api } from './api.ts';

export const sessionQueryKey = ['session'] as const;

export const getSession = () => api<SessionResponse>('/api/auth/session');

/** The signed-in user as the server sees it; `null` when signed out. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: Infinity, select: (data) => data.user });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
}

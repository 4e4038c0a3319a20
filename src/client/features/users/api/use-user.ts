import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export const getUser = (userId: string, signal?: AbortSignal) => api<UserDetail>(`/api/users/${encodeURIComponent(userId)}`, { signal });

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });

/** One user's name, email and role, for the admin. */
export function useUser(userId: string) {
  return useQuery({ ...userQueryOptions(userId), select: (data) => data.user });
}

/** Whether the user still has to accept their invitation (has not chosen a password). */
export function useInvitationPending(userId: string) {
  return useQuery({ ...userQueryOptions(userId), select: (data) => data.invitationPending });
}

/** Whether the user may sign in (false once deactivated). */
export function useUserActive(userId: string) {
  return useQuery({ ...userQueryOptions(userId), select: (data) => data.active });
}

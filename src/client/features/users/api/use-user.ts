import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';

export const userKey = (userId: string) => ['user', userId] as const;

export const getUser = (userId: string, signal?: AbortSignal) =>
  api<{ user: User }>(`/api/users/${encodeURIComponent(userId)}`, { signal });

/** One user's name, email and role, for the admin. */
export function useUser(userId: string) {
  return useQuery({ queryKey: userKey(userId), queryFn: ({ signal }) => getUser(userId, signal), select: (data) => data.user });
}

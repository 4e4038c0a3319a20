import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';

/** Every page of every search of the user list; refresh this after creating a user or a correction. */
export const userListRootKey = ['user-list'] as const;
export const userListKey = (search: string, page: number) => [...userListRootKey, { search, page }] as const;

export function getUserList(search: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return api<UserList>(`/api/users?${query.toString()}`, { signal });
}

/** One page of the admin's user list, searched on the server; the previous page stays shown while the next loads. */
export function useUserList(search: string, page: number) {
  return useQuery({
    queryKey: userListKey(search, page),
    queryFn: ({ signal }) => getUserList(search, page, signal),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function getUserList(search: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return api<UserList>(`/api/users?${query.toString()}`, { signal });
}

export const userListQueryOptions = (search: string, page: number) =>
  queryOptions({ queryKey: userKeys.list(search, page), queryFn: ({ signal }) => getUserList(search, page, signal) });

/** One page of the admin's user list, searched on the server; the previous page stays shown while the next loads. */
export function useUserList(search: string, page: number) {
  return useQuery({ ...userListQueryOptions(search, page), placeholderData: keepPreviousData });
}

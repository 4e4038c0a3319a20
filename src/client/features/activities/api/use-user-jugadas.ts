import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserJugadas } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

export const userJugadasQueryOptions = (userId: string, moduleId: string) =>
  queryOptions({
    queryKey: jugadaKeys.ofUser(userId, moduleId),
    queryFn: ({ signal }) =>
      api<UserJugadas>(`/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/jugadas`, { signal }),
  });

/** One student's first answers to a module's jugadas, each part graded (admin). */
export function useUserJugadas(userId: string, moduleId: string) {
  return useQuery(userJugadasQueryOptions(userId, moduleId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentJugadas } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

export const getMyJugadas = (moduleId: string, signal?: AbortSignal) =>
  api<{ jugadas: StudentJugadas }>(`/api/modules/${encodeURIComponent(moduleId)}/my-jugadas`, { signal }).then((r) => r.jugadas);

export const myJugadasQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: jugadaKeys.mine(moduleId),
    queryFn: ({ signal }) => getMyJugadas(moduleId, signal),
    // The student goes through the jugadas one by one: a refetch must not move them.
    staleTime: Infinity,
  });

/** The module's jugadas for the signed-in student (the correct call only for those already answered). */
export function useMyJugadas(moduleId: string) {
  return useQuery(myJugadasQueryOptions(moduleId));
}

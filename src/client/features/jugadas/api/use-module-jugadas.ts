import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Jugada } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

export const moduleJugadasQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: jugadaKeys.ofModule(moduleId),
    queryFn: ({ signal }) =>
      api<{ jugadas: Jugada[] }>(`/api/modules/${encodeURIComponent(moduleId)}/jugadas`, { signal }).then((r) => r.jugadas),
  });

/** A module's jugadas with their correct call, as the admin edits them. */
export function useModuleJugadas(moduleId: string) {
  return useQuery(moduleJugadasQueryOptions(moduleId));
}

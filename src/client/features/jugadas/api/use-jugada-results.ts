import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JugadaResults } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

export const jugadaResultsQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: jugadaKeys.results(moduleId),
    queryFn: ({ signal }) => api<JugadaResults>(`/api/modules/${encodeURIComponent(moduleId)}/jugadas/results`, { signal }),
  });

/** What the class answered on their first attempts, per jugada. */
export function useJugadaResults(moduleId: string) {
  return useQuery(jugadaResultsQueryOptions(moduleId));
}

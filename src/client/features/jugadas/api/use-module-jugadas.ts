import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Jugada } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';
import { isProcessing, PROCESSING_POLL_MS } from '../../../components/video-processing.tsx';

export const moduleJugadasQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: jugadaKeys.ofModule(moduleId),
    queryFn: ({ signal }) =>
      api<{ jugadas: Jugada[] }>(`/api/modules/${encodeURIComponent(moduleId)}/jugadas`, { signal }).then((r) => r.jugadas),
    // Read again every few seconds while a clip is processed ('Procesando video… 45 %').
    refetchInterval: (query) =>
      query.state.data?.some((jugada) => jugada.video.kind === 'file' && isProcessing(jugada.video.processing))
        ? PROCESSING_POLL_MS
        : false,
  });

/** A module's jugadas with their correct call, as the admin edits them. */
export function useModuleJugadas(moduleId: string) {
  return useQuery(moduleJugadasQueryOptions(moduleId));
}

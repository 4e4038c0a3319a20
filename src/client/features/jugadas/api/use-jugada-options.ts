import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JugadaOptions, JugadaOptionsInput } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

const url = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/jugada-options`;

export const jugadaOptionsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: jugadaKeys.options(courseId),
    queryFn: ({ signal }) => api<{ options: JugadaOptions }>(url(courseId), { signal }).then((r) => r.options),
  });

/** The course's decisions and sanctions. */
export function useJugadaOptions(courseId: string | undefined) {
  return useQuery({ ...jugadaOptionsQueryOptions(courseId ?? ''), enabled: Boolean(courseId) });
}

export function useSaveJugadaOptions(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JugadaOptionsInput) =>
      api<{ options: JugadaOptions }>(url(courseId), { method: 'PUT', body: input }).then((r) => r.options),
    onSuccess: (options) => {
      queryClient.setQueryData(jugadaKeys.options(courseId), options);
      // Renamed options show in the results and in every student's list.
      return queryClient.invalidateQueries({ queryKey: jugadaKeys.all, predicate: (q) => q.queryKey[1] !== 'options' });
    },
    meta: { handlesOwnErrors: true },
  });
}

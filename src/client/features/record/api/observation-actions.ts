import { useQueryClient } from '@tanstack/react-query';
import type { Observation, ObservationInput } from '../../../../shared/schemas/observations.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { observationKeys, progressKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** An observation changed: the trainee's list, their page (summary and history) and the class board's average. */
function useRefreshObservations(courseId: string, userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: observationKeys.ofTrainee(courseId, userId) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.ofTrainee(courseId, userId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
    ]);
}

/** 'Nueva observación' (no id; a repeat carries the same Idempotency-Key) and 'Editar' (the whole form). */
export function useSaveObservation(courseId: string, userId: string) {
  const refresh = useRefreshObservations(courseId, userId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ObservationInput }) =>
      api<{ observation: Observation; message: string }>(
        id
          ? `/api/observations/${encodeURIComponent(id)}`
          : `/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/observations`,
        id ? { method: 'PUT', body: input } : { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) },
      ),
    onSuccess: (_saved, { id }) => {
      if (!id) keys.done();
      return refresh();
    },
    meta: { handlesOwnErrors: true },
  });
}

export function useDeleteObservation(courseId: string, userId: string) {
  const refresh = useRefreshObservations(courseId, userId);
  return useSingleFlightMutation({
    mutationFn: (observationId: string) =>
      api<{ message: string }>(`/api/observations/${encodeURIComponent(observationId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
    meta: { handlesOwnErrors: true },
  });
}

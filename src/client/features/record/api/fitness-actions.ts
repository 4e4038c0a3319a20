import { useQueryClient } from '@tanstack/react-query';
import type { FitnessResult, FitnessResultInput } from '../../../../shared/schemas/fitness.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { fitnessKeys, progressKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** A result changed: the trainee's test, their page (summary and history) and the class board's column. */
function useRefreshFitness(courseId: string, userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fitnessKeys.ofTrainee(courseId, userId) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.ofTrainee(courseId, userId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
    ]);
}

/** 'Registrar prueba física' (a repeat carries the same Idempotency-Key). */
export function useRecordFitness(courseId: string, userId: string) {
  const refresh = useRefreshFitness(courseId, userId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (input: FitnessResultInput) =>
      api<{ result: FitnessResult; message: string }>(
        `/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/fitness-results`,
        { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) },
      ),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
    meta: { handlesOwnErrors: true },
  });
}

/** Deletes a result (a mistaken entry). */
export function useDeleteFitness(courseId: string, userId: string) {
  const refresh = useRefreshFitness(courseId, userId);
  return useSingleFlightMutation({
    mutationFn: (resultId: string) =>
      api<{ message: string }>(`/api/fitness-results/${encodeURIComponent(resultId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
    meta: { handlesOwnErrors: true },
  });
}

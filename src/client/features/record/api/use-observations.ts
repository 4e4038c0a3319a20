import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TraineeObservations } from '../../../../shared/schemas/observations.ts';
import type { TraineeRecord } from '../../../../shared/schemas/record.ts';
import { api } from '../../../lib/api.ts';
import { observationKeys, recordKeys } from '../../../lib/query-keys.ts';

export const getObservations = (courseId: string, userId: string, signal?: AbortSignal) =>
  api<TraineeObservations>(`/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/observations`, { signal });

export const observationsQueryOptions = (courseId: string, userId: string) =>
  queryOptions({
    queryKey: observationKeys.ofTrainee(courseId, userId),
    queryFn: ({ signal }) => getObservations(courseId, userId, signal),
  });

/** A trainee's match observations: shown at once from the trainee's page record when it holds them, refreshed when stale. */
export function useObservations(courseId: string, userId: string) {
  const queryClient = useQueryClient();
  const recordKey = recordKeys.ofTrainee(courseId, userId);
  return useQuery({
    ...observationsQueryOptions(courseId, userId),
    initialData: () => queryClient.getQueryData<TraineeRecord>(recordKey)?.observations,
    initialDataUpdatedAt: () => queryClient.getQueryState(recordKey)?.dataUpdatedAt,
  });
}

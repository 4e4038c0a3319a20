import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TraineeFitness } from '../../../../shared/schemas/fitness.ts';
import type { TraineeRecord } from '../../../../shared/schemas/record.ts';
import { api } from '../../../lib/api.ts';
import { fitnessKeys, recordKeys } from '../../../lib/query-keys.ts';

export const getFitness = (courseId: string, userId: string, signal?: AbortSignal) =>
  api<TraineeFitness>(`/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/fitness-results`, { signal });

export const fitnessQueryOptions = (courseId: string, userId: string) =>
  queryOptions({ queryKey: fitnessKeys.ofTrainee(courseId, userId), queryFn: ({ signal }) => getFitness(courseId, userId, signal) });

/**
 * A trainee's physical test. The trainee's page already holds it in its record: that is shown at
 * once (no skeleton), and this request only refreshes it when it is older than the cache allows.
 */
export function useFitness(courseId: string, userId: string) {
  const queryClient = useQueryClient();
  const recordKey = recordKeys.ofTrainee(courseId, userId);
  return useQuery({
    ...fitnessQueryOptions(courseId, userId),
    initialData: () => queryClient.getQueryData<TraineeRecord>(recordKey)?.fitness,
    initialDataUpdatedAt: () => queryClient.getQueryState(recordKey)?.dataUpdatedAt,
  });
}

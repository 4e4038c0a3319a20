import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FitnessTest, FitnessTestInput } from '../../../../shared/schemas/fitness.ts';
import { api } from '../../../lib/api.ts';
import { fitnessKeys, progressKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

const testPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/fitness-test`;

export const fitnessTestQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: fitnessKeys.test(courseId),
    queryFn: ({ signal }) => api<{ test: FitnessTest }>(testPath(courseId), { signal }).then((r) => r.test),
  });

/** The course's 'Prueba física': its name and the minimum level to pass. */
export function useFitnessTest(courseId: string) {
  return useQuery(fitnessTestQueryOptions(courseId));
}

/**
 * Saves the test. A new minimum judges every result again: every trainee's test in the course,
 * the trainees' pages and the class board's column.
 */
export function useSaveFitnessTest(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: FitnessTestInput) =>
      api<{ test: FitnessTest }>(testPath(courseId), { method: 'PUT', body: input }).then((r) => r.test),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fitnessKeys.test(courseId) }),
        queryClient.invalidateQueries({ queryKey: fitnessKeys.ofCourse(courseId) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import type { RenewalCreated, RenewalInput } from '../../../../shared/schemas/renewal.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { courseKeys, renewalKeys, userKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { renewalPath } from './use-renewal.ts';

/** 'Crear curso de actualización'; a repeat (a retry after a lost answer) carries the same Idempotency-Key. */
export function useCreateRenewal(courseId: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (input: RenewalInput) =>
      api<RenewalCreated>(renewalPath(courseId), { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) }),
    // A new course: the course lists, each user's list of courses, and this section's list. The overview
    // the new course's page reads is fetched again now, even unused, so that page never finds it missing.
    onSuccess: () => {
      keys.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.overview(), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.courseLists() }),
        queryClient.invalidateQueries({ queryKey: renewalKeys.ofCourse(courseId) }),
      ]);
    },
    meta: { handlesOwnErrors: true },
  });
}

import type { CourseRecordChange } from '../../../../shared/schemas/course-records.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshAfterRecord } from './refresh-after-record.ts';

/** 'Cerrar acta' (a repeat carries the same Idempotency-Key: one record). */
export function useCloseRecord(courseId: string) {
  const refresh = useRefreshAfterRecord(courseId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: () =>
      api<CourseRecordChange>(`/api/courses/${encodeURIComponent(courseId)}/records`, {
        method: 'POST',
        idempotencyKey: keys.keyFor({ close: courseId }),
      }),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
    // A refusal (another instructor closed it first) still changed what the page should show.
    onError: () => refresh(),
    meta: { handlesOwnErrors: true },
  });
}

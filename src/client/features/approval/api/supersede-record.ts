import type { CourseRecordChange } from '../../../../shared/schemas/course-records.ts';
import { api } from '../../../lib/api.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshAfterRecord } from './refresh-after-record.ts';

/** 'Corregir acta': the record in force is kept as issued, marked 'Reemplazada', and the course opens again. */
export function useSupersedeRecord(courseId: string) {
  const refresh = useRefreshAfterRecord(courseId);
  return useSingleFlightMutation({
    mutationFn: (recordId: string) =>
      api<CourseRecordChange>(`/api/courses/${encodeURIComponent(courseId)}/records/${encodeURIComponent(recordId)}/supersede`, {
        method: 'POST',
      }),
    onSuccess: () => refresh(),
    onError: () => refresh(),
    meta: { handlesOwnErrors: true },
  });
}

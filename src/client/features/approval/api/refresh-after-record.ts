import { useQueryClient } from '@tanstack/react-query';
import { approvalKeys, courseRecordKeys, progressKeys, recordKeys } from '../../../lib/query-keys.ts';

/**
 * A record closed or corrected: the course's records, and every outcome shown of the course — the
 * approval page's, the class board's column and the trainees' pages (frozen while a record is in force).
 */
export function useRefreshAfterRecord(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseRecordKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: approvalKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all }),
    ]);
}

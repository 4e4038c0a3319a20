import { useQueryClient } from '@tanstack/react-query';
import type { ApprovalInput, CourseApproval } from '../../../../shared/schemas/approval.ts';
import { api } from '../../../lib/api.ts';
import { approvalKeys, progressKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { approvalPath } from './use-approval.ts';

/**
 * 'Guardar' the requirements and the licence. The answer is the saved page (outcomes judged by the
 * new requirements); the class board's column and the trainees' pages are read again.
 */
export function useSaveApproval(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: ApprovalInput) => api<CourseApproval>(approvalPath(courseId), { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(approvalKeys.ofCourse(courseId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
      ]);
    },
    meta: { handlesOwnErrors: true },
  });
}

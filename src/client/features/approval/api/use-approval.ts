import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseApproval } from '../../../../shared/schemas/approval.ts';
import { api } from '../../../lib/api.ts';
import { approvalKeys } from '../../../lib/query-keys.ts';

export const approvalPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/approval`;

export const approvalQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: approvalKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<CourseApproval>(approvalPath(courseId), { signal }),
  });

/** The course's requirements and licence, its exams, the closed record in force, and every trainee's outcome. */
export function useApproval(courseId: string) {
  return useQuery(approvalQueryOptions(courseId));
}

/** Reads the outcomes again: after closing or correcting the record, issuing or revoking certificates. */
export function useRefreshApproval(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: approvalKeys.ofCourse(courseId) });
}

import { useQuery } from '@tanstack/react-query';
import type { UserExam } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** A user's best result at each exam of a course. */
export function useUserExams(userId: string, courseId: string) {
  return useQuery({
    queryKey: userKeys.exams(userId, courseId),
    queryFn: ({ signal }) =>
      api<{ exams: UserExam[] }>(`/api/users/${encodeURIComponent(userId)}/courses/${encodeURIComponent(courseId)}/exams`, { signal }),
    select: (data) => data.exams,
  });
}

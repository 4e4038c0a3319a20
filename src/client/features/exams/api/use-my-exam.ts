import { useQuery } from '@tanstack/react-query';
import type { StudentExam } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { examKeys } from '../../../lib/query-keys.ts';

/** Where the student stands with an exam: its status, attempts used, the open one and the results. */
export function useMyExam(examId: string) {
  return useQuery({
    queryKey: examKeys.mine(examId),
    queryFn: ({ signal }) => api<StudentExam>(`/api/exams/${encodeURIComponent(examId)}/me`, { signal }),
    // Its status moves with the clock (opens, closes, the wait ends): asked again on every visit.
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ExamResults } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { examKeys } from '../../../lib/query-keys.ts';

/** The address of 'Descargar CSV'. */
export const examResultsCsvUrl = (examId: string) => `/api/exams/${encodeURIComponent(examId)}/results.csv`;

/** A row per student, and each question's share of right answers (the admin's results page). */
export function useExamResults(examId: string) {
  return useQuery({
    queryKey: examKeys.results(examId),
    queryFn: ({ signal }) => api<ExamResults>(`/api/exams/${encodeURIComponent(examId)}/results`, { signal }),
    staleTime: 0,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Practice } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { practiceKeys } from '../../../lib/query-keys.ts';

export const practiceQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: practiceKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<Practice>(`/api/courses/${encodeURIComponent(courseId)}/practice`, { signal }),
    // The trainee answers one question at a time: only an answer (or 'Reintentar') reads it again,
    // never a return to the tab in the middle of a question.
    staleTime: Infinity,
  });

/** The signed-in trainee's practice of the course: due today, each chapter's progress and the next question. */
export function usePractice(courseId: string) {
  return useQuery(practiceQueryOptions(courseId));
}

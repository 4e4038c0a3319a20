import { useQuery } from '@tanstack/react-query';
import type { Exam } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { examKeys } from '../../../lib/query-keys.ts';

export const getCourseExams = (courseId: string, signal?: AbortSignal) =>
  api<{ exams: Exam[] }>(`/api/courses/${encodeURIComponent(courseId)}/exams`, { signal }).then((r) => r.exams);

/** A course's exams as the admin edits them, with how many attempts each has. */
export function useCourseExams(courseId: string) {
  return useQuery({ queryKey: examKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseExams(courseId, signal) });
}

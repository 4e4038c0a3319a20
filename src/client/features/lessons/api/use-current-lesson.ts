import { useQuery } from '@tanstack/react-query';
import type { CurrentLesson } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';

export const getCurrentLesson = (courseId: string, signal?: AbortSignal) =>
  api<CurrentLesson>(`/api/courses/${encodeURIComponent(courseId)}/lessons/current`, { signal });

/** The class taking attendance now in the course (null when none), and the trainee's status in it. */
export function useCurrentLesson(courseId: string) {
  return useQuery({ queryKey: lessonKeys.current(courseId), queryFn: ({ signal }) => getCurrentLesson(courseId, signal) });
}

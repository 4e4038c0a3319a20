import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

export const myCourseKey = (courseId: string) => ['courses', courseId] as const;

export const getMyCourse = (courseId: string, signal?: AbortSignal) =>
  api<{ course: Course }>(`/api/courses/${encodeURIComponent(courseId)}`, { signal });

/** One course (name, picture, welcome text); 403 when it is not enabled for the student. */
export function useMyCourse(courseId: string) {
  return useQuery({ queryKey: myCourseKey(courseId), queryFn: ({ signal }) => getMyCourse(courseId, signal), select: (data) => data.course });
}

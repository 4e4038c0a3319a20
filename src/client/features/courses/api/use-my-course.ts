import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { courseKeys } from '../../../lib/query-keys.ts';

export const getMyCourse = (courseId: string, signal?: AbortSignal) =>
  api<{ course: Course }>(`/api/courses/${encodeURIComponent(courseId)}`, { signal });

export const myCourseQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.detail(courseId), queryFn: ({ signal }) => getMyCourse(courseId, signal) });

/** One course (name, picture, welcome text); 404 when it is not enabled for the student, as when it does not exist. */
export function useMyCourse(courseId: string) {
  return useQuery({ ...myCourseQueryOptions(courseId), select: (data) => data.course });
}

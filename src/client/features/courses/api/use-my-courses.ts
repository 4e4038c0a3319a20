import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

// GET /api/courses answers per person: a student gets the courses enabled for them. The key and
// the cached shape (the whole response) are the same as the admin's course list in
// components/course-select.tsx, so both can share the cache; that file is not imported here
// because it would bring the Select component into the student's download.
export const myCoursesKey = ['courses'] as const;

export const getMyCourses = (signal?: AbortSignal) => api<{ courses: Course[] }>('/api/courses', { signal });

/** The courses the signed-in student can open. */
export function useMyCourses() {
  return useQuery({ queryKey: myCoursesKey, queryFn: ({ signal }) => getMyCourses(signal), select: (data) => data.courses });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '../../shared/schemas/content.ts';
import { loadPage, pageUrls } from './page-data.ts';
import { courseKeys } from './query-keys.ts';

// The course list answers per person (every course for an admin, the enabled ones for a
// student), and several features show it: one query, one cache entry. It comes with /inicio's
// data (GET /api/pages/home), the same list as GET /api/courses plus the user.

export const getCourses = () => loadPage<{ courses: Course[] }>(pageUrls.home()).then(({ courses }) => ({ courses }));

export const coursesQueryOptions = () => queryOptions({ queryKey: courseKeys.list(), queryFn: () => getCourses() });

export function useCourses() {
  return useQuery({ ...coursesQueryOptions(), select: (data) => data.courses });
}

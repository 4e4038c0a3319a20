import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseOverview } from '../../shared/schemas/content.ts';
import { api } from './api.ts';
import { courseKeys } from './query-keys.ts';

// Every course with what waits in it (activities to correct, forums with new messages): the
// admin's Cursos page and the counts on the home tiles read the same query.

export const getCourseOverview = (signal?: AbortSignal) =>
  api<{ courses: CourseOverview[] }>('/api/courses/overview', { signal }).then((r) => r.courses);

// What waits changes with every student's action: asked again each time a page shows it.
export const courseOverviewQueryOptions = () =>
  queryOptions({ queryKey: courseKeys.overview(), queryFn: ({ signal }) => getCourseOverview(signal), staleTime: 0 });

export function useCourseOverview() {
  return useQuery(courseOverviewQueryOptions());
}

/** The same, with what waits in payments and approval too (the home's 'Mis cursos': a few more reads on the server). */
export function useCourseWaiting() {
  return useQuery({
    queryKey: [...courseKeys.overview(), 'pendientes'],
    queryFn: ({ signal }) => api<{ courses: CourseOverview[] }>('/api/courses/overview?pendientes=1', { signal }).then((r) => r.courses),
    staleTime: 0,
  });
}

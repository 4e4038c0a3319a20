import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '../../shared/schemas/content.ts';
import { api } from './api.ts';
import { courseKeys } from './query-keys.ts';

// GET /api/courses answers per person (every course for an admin, the enabled ones for a
// student), and several features show it: one query, one cache entry.

export const getCourses = (signal?: AbortSignal) => api<{ courses: Course[] }>('/api/courses', { signal });

export const coursesQueryOptions = () => queryOptions({ queryKey: courseKeys.list(), queryFn: ({ signal }) => getCourses(signal) });

export function useCourses() {
  return useQuery({ ...coursesQueryOptions(), select: (data) => data.courses });
}

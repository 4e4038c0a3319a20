import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../shared/schemas/content.ts';
import { api } from './api.ts';

// GET /api/courses answers per person (every course for an admin, the enabled ones for a
// student), and several features show it: one query, one cache entry.
export const coursesQueryKey = ['courses'] as const;

export const getCourses = (signal?: AbortSignal) => api<{ courses: Course[] }>('/api/courses', { signal });

export function useCourses() {
  return useQuery({ queryKey: coursesQueryKey, queryFn: ({ signal }) => getCourses(signal), select: (data) => data.courses });
}

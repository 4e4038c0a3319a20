import { useQuery } from '@tanstack/react-query';
import type { UserCourse } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';

export const userCoursesKey = (userId: string) => ['user', userId, 'courses'] as const;

export const getUserCourses = (userId: string, signal?: AbortSignal) =>
  api<{ courses: UserCourse[] }>(`/api/users/${encodeURIComponent(userId)}/courses`, { signal });

/** Every course, each saying whether it is enabled for this user. */
export function useUserCourses(userId: string) {
  return useQuery({ queryKey: userCoursesKey(userId), queryFn: ({ signal }) => getUserCourses(userId, signal), select: (data) => data.courses });
}

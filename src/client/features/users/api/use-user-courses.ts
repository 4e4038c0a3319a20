import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserCourse } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export const getUserCourses = (userId: string, signal?: AbortSignal) =>
  api<{ courses: UserCourse[] }>(`/api/users/${encodeURIComponent(userId)}/courses`, { signal });

export const userCoursesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userKeys.courses(userId), queryFn: ({ signal }) => getUserCourses(userId, signal) });

/** Every course, each saying whether it is enabled for this user. */
export function useUserCourses(userId: string) {
  return useQuery({ ...userCoursesQueryOptions(userId), select: (data) => data.courses });
}

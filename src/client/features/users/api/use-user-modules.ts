import { useQuery } from '@tanstack/react-query';
import type { UserModule } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';

// Not nested under the courses key, so refreshing a user's courses leaves their modules alone.
export const userModulesKey = (userId: string, courseId: string) => ['user', userId, 'modules', courseId] as const;

export const getUserModules = (userId: string, courseId: string, signal?: AbortSignal) =>
  api<{ modules: UserModule[] }>(`/api/users/${encodeURIComponent(userId)}/courses/${encodeURIComponent(courseId)}/modules`, {
    signal,
  });

/** Every module of a course in order, each saying whether it is enabled for this user. */
export function useUserModules(userId: string, courseId: string) {
  return useQuery({ queryKey: userModulesKey(userId, courseId), queryFn: ({ signal }) => getUserModules(userId, courseId, signal), select: (data) => data.modules });
}

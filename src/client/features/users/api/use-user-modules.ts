import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserModule } from '../../../../shared/schemas/access.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export const getUserModules = (userId: string, courseId: string, signal?: AbortSignal) =>
  api<{ modules: UserModule[] }>(`/api/users/${encodeURIComponent(userId)}/courses/${encodeURIComponent(courseId)}/modules`, {
    signal,
  });

export const userModulesQueryOptions = (userId: string, courseId: string) =>
  queryOptions({ queryKey: userKeys.modules(userId, courseId), queryFn: ({ signal }) => getUserModules(userId, courseId, signal) });

/** Every module of a course in order, each saying whether it is enabled for this user. */
export function useUserModules(userId: string, courseId: string) {
  return useQuery({ ...userModulesQueryOptions(userId, courseId), select: (data) => data.modules });
}

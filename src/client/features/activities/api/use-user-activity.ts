import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity, CorrectionRecord } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys } from '../../../lib/query-keys.ts';

export const getUserActivity = (userId: string, moduleId: string, signal?: AbortSignal) =>
  api<{ activity: Activity; user: { id: string; name: string; email: string }; history: CorrectionRecord[] }>(
    `/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/activity`,
    { signal },
  );

export const userActivityQueryOptions = (userId: string, moduleId: string) =>
  queryOptions({ queryKey: activityKeys.ofUser(userId, moduleId), queryFn: ({ signal }) => getUserActivity(userId, moduleId, signal) });

export function useUserActivity(userId: string, moduleId: string) {
  return useQuery(userActivityQueryOptions(userId, moduleId));
}

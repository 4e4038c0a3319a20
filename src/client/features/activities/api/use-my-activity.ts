import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys } from '../../../lib/query-keys.ts';

export const getMyActivity = (moduleId: string, signal?: AbortSignal) =>
  api<{ activity: Activity }>(`/api/modules/${encodeURIComponent(moduleId)}/activity`, { signal }).then((r) => r.activity);

export const myActivityQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: activityKeys.mine(moduleId),
    queryFn: ({ signal }) => getMyActivity(moduleId, signal),
    // Drafts are edited locally; refetching under the student's fingers would be confusing.
    staleTime: Infinity,
  });

export function useMyActivity(moduleId: string) {
  return useQuery(myActivityQueryOptions(moduleId));
}

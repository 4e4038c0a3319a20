import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/schemas/activities.ts';
import { loadPage, pageUrls } from '../../../lib/page-data.ts';
import { activityKeys } from '../../../lib/query-keys.ts';

/** The activities page's data (GET /api/pages/modules/:id/activity): the user and their activity. */
export const getMyActivity = (moduleId: string) => loadPage<{ activity: Activity }>(pageUrls.activities(moduleId)).then((r) => r.activity);

export const myActivityQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: activityKeys.mine(moduleId),
    queryFn: () => getMyActivity(moduleId),
    // Drafts are edited locally; refetching under the student's fingers would be confusing.
    staleTime: Infinity,
  });

export function useMyActivity(moduleId: string) {
  return useQuery(myActivityQueryOptions(moduleId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewQueueItem } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys } from '../../../lib/query-keys.ts';

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.reviewQueue(),
    queryFn: ({ signal }) => api<{ items: ReviewQueueItem[] }>('/api/review-queue', { signal }).then((r) => r.items),
    staleTime: 0,
  });

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}

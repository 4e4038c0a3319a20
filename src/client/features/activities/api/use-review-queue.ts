import { useQuery } from '@tanstack/react-query';
import type { ReviewQueueItem } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';

export const reviewQueueKey = ['review-queue'] as const;

export function useReviewQueue() {
  return useQuery({
    queryKey: reviewQueueKey,
    queryFn: () => api<{ items: ReviewQueueItem[] }>('/api/review-queue').then((r) => r.items),
    staleTime: 0,
  });
}

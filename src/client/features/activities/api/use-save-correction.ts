import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, CorrectionInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { reviewQueueKey } from './use-review-queue.ts';
import { userActivityKey } from './use-user-activity.ts';

export function useSaveCorrection(userId: string, moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, input }: { activityId: string; input: CorrectionInput }) =>
      api<{ activity: Activity }>(`/api/activities/${encodeURIComponent(activityId)}/correction`, { method: 'POST', body: input }).then(
        (r) => r.activity,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userActivityKey(userId, moduleId) });
      void queryClient.invalidateQueries({ queryKey: reviewQueueKey });
      // The user list's colours and the user's module states change too (keys of the users feature).
      void queryClient.invalidateQueries({ queryKey: ['user-list'] });
      void queryClient.invalidateQueries({ queryKey: ['user', userId] });
    },
    onError: () => undefined,
  });
}

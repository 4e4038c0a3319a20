import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { Activity, CorrectionInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys, progressKeys, userKeys } from '../../../lib/query-keys.ts';

export function useSaveCorrection(userId: string, moduleId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ activityId, input }: { activityId: string; input: CorrectionInput }) =>
      api<{ activity: Activity }>(`/api/activities/${encodeURIComponent(activityId)}/correction`, { method: 'POST', body: input }).then(
        (r) => r.activity,
      ),
    onSuccess: (activity) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.ofUser(userId, moduleId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.reviewQueue() }),
        // The user list's colours and the user's module states change too (the users feature).
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.modules(userId, activity.courseId) }),
        // The class progress board shows the new state (the progress feature).
        queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(activity.courseId) }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, CorrectionInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys, progressKeys, userKeys } from '../../../lib/query-keys.ts';

/** 'Modificar corrección': PUT the changed decisions of a saved correction. */
export function useChangeCorrection(userId: string, moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, input }: { activityId: string; input: CorrectionInput }) =>
      api<{ activity: Activity }>(`/api/activities/${encodeURIComponent(activityId)}/correction`, { method: 'PUT', body: input }).then(
        (r) => r.activity,
      ),
    onSuccess: (activity) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.ofUser(userId, moduleId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.modules(userId, activity.courseId) }),
        // The class progress board shows the new state (the progress feature).
        queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(activity.courseId) }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { Activity, SaveAnswersInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { activityKeys, moduleKeys } from '../../../lib/query-keys.ts';

export function useSubmitActivity(moduleId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (answers: SaveAnswersInput['answers']) =>
      api<{ activity: Activity }>(`/api/modules/${encodeURIComponent(moduleId)}/activity/submit`, {
        method: 'POST',
        body: { answers },
      }).then((r) => r.activity),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.mine(moduleId), activity);
      // The module list and the module page show the student's state in the module.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: moduleKeys.mine(courseId) }),
        queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) }),
      ]);
    },
    meta: { handlesOwnErrors: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, SaveAnswersInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';
import { myActivityKey } from './use-my-activity.ts';

export function useSubmitActivity(moduleId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: SaveAnswersInput['answers']) =>
      api<{ activity: Activity }>(`/api/modules/${encodeURIComponent(moduleId)}/activity/submit`, { method: 'POST', body: { answers } }).then(
        (r) => r.activity,
      ),
    onSuccess: (activity) => {
      queryClient.setQueryData(myActivityKey(moduleId), activity);
      // The module list shows each module's state.
      void queryClient.invalidateQueries({ queryKey: ['courses', courseId, 'my-modules'] });
    },
    onError: () => undefined,
  });
}

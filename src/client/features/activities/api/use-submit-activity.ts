import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { Activity, SaveAnswersInput } from '../../../../shared/schemas/activities.ts';
import { sendWrite, useWriteLine } from '../../../lib/offline-queue/index.ts';
import { activityKeys, moduleKeys } from '../../../lib/query-keys.ts';
import { answersLabel, draftLineKey } from './save-answers.ts';

/**
 * 'Enviar': the activity comes back submitted, or null when there is no signal and the phone
 * keeps the submission to send it (once, with its Idempotency-Key) when the signal is back.
 */
export function useSubmitActivity(moduleId: string, courseId: string) {
  const queryClient = useQueryClient();
  useWriteLine();
  const refresh = [activityKeys.mine(moduleId), moduleKeys.mine(courseId), moduleKeys.detail(moduleId)];
  return useSingleFlightMutation({
    mutationFn: async (answers: SaveAnswersInput['answers']) => {
      const outcome = await sendWrite<{ activity: Activity }>({
        method: 'POST',
        url: `/api/modules/${encodeURIComponent(moduleId)}/activity/submit`,
        body: { answers },
        label: answersLabel('tus respuestas', queryClient.getQueryData<Activity>(activityKeys.mine(moduleId)), answers),
        context: { kind: 'activity-submit', moduleId, courseId, invalidate: refresh.map((key) => [...key]) },
        // It carries every answer: a draft still waiting just before it need not go.
        supersedes: draftLineKey(moduleId),
      });
      return outcome.saved ? outcome.data.activity : null;
    },
    onSuccess: (activity) => {
      if (!activity) return;
      queryClient.setQueryData(activityKeys.mine(moduleId), activity);
      // The module list and the module page show the student's state in the module.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: moduleKeys.mine(courseId) }),
        queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) }),
      ]);
    },
    // Runs without signal too: the phone's line of writes keeps it (TanStack Query would pause it).
    networkMode: 'always',
    meta: { handlesOwnErrors: true },
  });
}

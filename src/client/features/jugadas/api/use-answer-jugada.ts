import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JugadaAnswerInput, JugadaAnswerResponse, StudentJugadas } from '../../../../shared/schemas/jugadas.ts';
import { sendWrite, useWriteLine } from '../../../lib/offline-queue/index.ts';
import { gradeFromDownload } from '../../../lib/offline/offline-grading.ts';
import { jugadaKeys, moduleKeys } from '../../../lib/query-keys.ts';

export interface JugadaAnswerRequest {
  jugadaId: string;
  answer: JugadaAnswerInput;
  /** Named in the list of refused writes, if the server refuses it after the signal comes back. */
  label: { prompt: string; module?: string; text: string };
}

/**
 * Sends the student's call; the server grades it at once. Only the first answer counts. Without
 * signal the phone keeps it and sends it once when the signal is back: null, or `kept` with the
 * result graded from the module's download.
 */
export function useAnswerJugada(moduleId: string, courseId: string) {
  const queryClient = useQueryClient();
  useWriteLine();
  const refresh = [jugadaKeys.mine(moduleId), moduleKeys.mine(courseId), moduleKeys.detail(moduleId)];
  return useMutation({
    mutationFn: async ({ jugadaId, answer, label }: JugadaAnswerRequest) => {
      const outcome = await sendWrite<JugadaAnswerResponse>({
        method: 'POST',
        url: `/api/jugadas/${encodeURIComponent(jugadaId)}/answer`,
        body: answer,
        label: { what: 'tu respuesta', question: label.prompt, ...(label.module ? { module: label.module } : {}), text: label.text },
        context: { kind: 'jugada-answer', moduleId, courseId, invalidate: refresh.map((key) => [...key]) },
      });
      if (outcome.saved) return outcome.data;
      // Kept on the phone: a practice-only jugada of a downloaded module is graded at once all the same.
      const result = await gradeFromDownload(moduleId, jugadaId, answer);
      return result ? { kept: true as const, result } : null;
    },
    // Runs without signal too: the phone's line of writes keeps it (TanStack Query would pause it).
    networkMode: 'always',
    onSuccess: (response, { jugadaId }) => {
      if (!response || 'kept' in response) return;
      queryClient.setQueryData(
        jugadaKeys.mine(moduleId),
        (data: StudentJugadas | undefined) =>
          data && {
            ...data,
            score: response.score,
            jugadas: data.jugadas.map((j) =>
              j.id === jugadaId && !j.firstAnswer && response.counted ? { ...j, firstAnswer: response.result } : j,
            ),
          },
      );
      // The module list and the module page show the score.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: moduleKeys.mine(courseId) }),
        queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JugadaAnswerInput, JugadaAnswerResponse, StudentJugadas } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys, moduleKeys } from '../../../lib/query-keys.ts';

/** Sends the student's call; the server grades it at once. Only the first answer counts. */
export function useAnswerJugada(moduleId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jugadaId, answer }: { jugadaId: string; answer: JugadaAnswerInput }) =>
      api<JugadaAnswerResponse>(`/api/jugadas/${encodeURIComponent(jugadaId)}/answer`, { method: 'POST', body: answer }),
    onSuccess: (response, { jugadaId }) => {
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

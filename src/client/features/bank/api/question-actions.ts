import type { BankQuestion } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshBank } from './save-question.ts';

/** 'Borrar': the server refuses (409) a question an exam attempt used; the dialog then offers 'Archivar'. */
export function useDeleteQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId);
  return useSingleFlightMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/bank/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
    // Refused because it was used meanwhile: the list then shows it as used.
    onError: refresh,
    meta: { handlesOwnErrors: true },
  });
}

/** 'Archivar' / 'Restaurar'. */
export function useArchiveQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId);
  return useSingleFlightMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api<{ question: BankQuestion }>(`/api/bank/${encodeURIComponent(id)}/archive`, { method: 'POST', body: { archived } }).then(
        (r) => r.question,
      ),
    onSuccess: refresh,
    meta: { handlesOwnErrors: true },
  });
}

/** 'Retirar edición': archives every active question of an edition of the rules. */
export function useRetireEdition(courseId: string) {
  const refresh = useRefreshBank(courseId);
  return useSingleFlightMutation({
    mutationFn: (edition: number) =>
      api<{ archived: number; message: string }>(`/api/courses/${encodeURIComponent(courseId)}/bank/retire`, {
        method: 'POST',
        body: { edition },
      }),
    onSuccess: refresh,
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import type { BankQuestion, BankQuestionInput } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { bankKeys, examKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The bank changed: its lists, and the questions the exam form picks from. */
export function useRefreshBank(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bankKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: examKeys.bank(courseId) }),
    ]);
}

/** 'Nueva pregunta' (no id; a repeat carries the same Idempotency-Key) and 'Editar'. */
export function useSaveQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: ({ id, input }: { id: string | null; input: BankQuestionInput }) =>
      api<{ question: BankQuestion }>(
        id ? `/api/bank/${encodeURIComponent(id)}` : `/api/courses/${encodeURIComponent(courseId)}/bank`,
        id ? { method: 'PUT', body: input } : { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) },
      ).then((r) => r.question),
    onSuccess: (_question, { id }) => {
      if (!id) keys.done();
      return refresh();
    },
    meta: { handlesOwnErrors: true },
  });
}

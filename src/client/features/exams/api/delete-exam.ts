import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { examKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Borrar': refused (409) while an attempt is open. */
export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (examId: string) => api<unknown>(`/api/exams/${encodeURIComponent(examId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}

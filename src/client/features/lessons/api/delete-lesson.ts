import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Borrar': the class and its marks. */
export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (lessonId: string) => api<{ message: string }>(`/api/lessons/${encodeURIComponent(lessonId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}

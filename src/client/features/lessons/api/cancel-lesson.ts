import { useQueryClient } from '@tanstack/react-query';
import type { Lesson } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Cancelar clase' (true) or 'Volver a dar la clase' (false): the class stays, with its marks. */
export function useCancelLesson(lessonId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (cancelled: boolean) =>
      api<{ lesson: Lesson }>(`/api/lessons/${encodeURIComponent(lessonId)}/cancelled`, { method: 'PUT', body: { cancelled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import type { AttendanceMarked } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Registrar': the trainee's code. Marking again is not an error (the same 'Asistencia registrada'). */
export function useSendCode(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (code: string) =>
      api<AttendanceMarked>(`/api/courses/${encodeURIComponent(courseId)}/attendance`, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.current(courseId) }),
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import type { Exam, ExamInput, ExamSchedule } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { examKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Nuevo examen', 'Editar' before any attempt, and the dates and results release once attempts started. */
export type SaveExam =
  | { kind: 'create'; body: ExamInput }
  | { kind: 'update'; examId: string; body: ExamInput }
  | { kind: 'schedule'; examId: string; body: ExamSchedule };

function saveExam(courseId: string, save: SaveExam, keyFor: (content: unknown) => string) {
  if (save.kind === 'create') {
    return api<{ exam: Exam }>(`/api/courses/${encodeURIComponent(courseId)}/exams`, {
      method: 'POST',
      body: save.body,
      idempotencyKey: keyFor(save.body),
    });
  }
  const path = `/api/exams/${encodeURIComponent(save.examId)}${save.kind === 'schedule' ? '/schedule' : ''}`;
  return api<{ exam: Exam }>(path, { method: 'PUT', body: save.body });
}

export function useSaveExam(courseId: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (save: SaveExam) => saveExam(courseId, save, keys.keyFor),
    onSuccess: (_data, save) => {
      if (save.kind === 'create') keys.done();
      return queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}

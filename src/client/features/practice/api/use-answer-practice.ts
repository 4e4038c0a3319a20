import { useQueryClient } from '@tanstack/react-query';
import type { PracticeAnswer } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { practiceKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface PracticeAnswerInput {
  questionId: string;
  answer: number[];
  /** One per question shown: a retry of a request whose answer was lost gets the first answer back. */
  idempotencyKey: string;
}

/**
 * 'Responder': graded at once. A second tap while the first runs is ignored; afterwards the
 * practice is read again (what is due and the chapters' progress), while the result stays on screen.
 */
export function useAnswerPractice(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ questionId, answer, idempotencyKey }: PracticeAnswerInput) =>
      api<PracticeAnswer>(`/api/courses/${encodeURIComponent(courseId)}/practice/answers`, {
        method: 'POST',
        body: { questionId, answer },
        idempotencyKey,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.ofCourse(courseId) }),
    meta: { handlesOwnErrors: true },
  });
}

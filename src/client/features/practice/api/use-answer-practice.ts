import { useQueryClient } from '@tanstack/react-query';
import type { PracticeAnswer } from '../../../../shared/schemas/exams.ts';
import { sendWrite, useWriteLine } from '../../../lib/offline-queue/index.ts';
import { practiceKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface PracticeAnswerInput {
  questionId: string;
  answer: number[];
  /** One per question shown: a retry of a request whose answer was lost gets the first answer back. */
  idempotencyKey: string;
  /** The question and the options marked, to name the answer if the server refuses it later. */
  label: { question: string; text: string };
}

/**
 * 'Responder': graded at once. A second tap while the first runs is ignored; afterwards the
 * practice is read again (what is due and the chapters' progress), while the result stays on screen.
 */
export function useAnswerPractice(courseId: string) {
  const queryClient = useQueryClient();
  useWriteLine();
  return useSingleFlightMutation({
    // Null: no signal, the phone keeps the answer and sends it (once, with its key) when the signal is back.
    mutationFn: async ({ questionId, answer, idempotencyKey, label }: PracticeAnswerInput): Promise<PracticeAnswer | null> => {
      const outcome = await sendWrite<PracticeAnswer>({
        method: 'POST',
        url: `/api/courses/${encodeURIComponent(courseId)}/practice/answers`,
        body: { questionId, answer },
        idempotencyKey,
        label: { what: 'tu respuesta', question: label.question, text: label.text },
        context: { kind: 'practice-answer', courseId, invalidate: [[...practiceKeys.ofCourse(courseId)]] },
      });
      return outcome.saved ? outcome.data : null;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.ofCourse(courseId) }),
    // Runs without signal too: the phone's line of writes keeps it (TanStack Query would pause it).
    networkMode: 'always',
    meta: { handlesOwnErrors: true },
  });
}

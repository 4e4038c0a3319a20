import { useQueryClient } from '@tanstack/react-query';
import type { Lesson, LessonInput } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Nueva clase' (lessonId null) or 'Editar'. */
export interface SaveLesson {
  lessonId: string | null;
  input: LessonInput;
}

export function useSaveLesson(courseId: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: ({ lessonId, input }: SaveLesson) =>
      lessonId
        ? api<{ lesson: Lesson }>(`/api/lessons/${encodeURIComponent(lessonId)}`, { method: 'PUT', body: input })
        : api<{ lesson: Lesson }>(`/api/courses/${encodeURIComponent(courseId)}/lessons`, {
            method: 'POST',
            body: input,
            idempotencyKey: keys.keyFor(input),
          }),
    onSuccess: (_data, { lessonId }) => {
      if (!lessonId) keys.done();
      return queryClient.invalidateQueries({ queryKey: lessonKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}

import { useQuery } from '@tanstack/react-query';
import type { LessonDetail } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';

export const getLesson = (lessonId: string, signal?: AbortSignal) =>
  api<LessonDetail>(`/api/lessons/${encodeURIComponent(lessonId)}`, { signal });

/**
 * A class with its list of trainees and their status. While it takes attendance the list is asked
 * again every 10 seconds: trainees mark themselves with the code meanwhile.
 */
export function useLesson(lessonId: string) {
  return useQuery({
    queryKey: lessonKeys.detail(lessonId),
    queryFn: ({ signal }) => getLesson(lessonId, signal),
    refetchInterval: (query) => (query.state.data?.lesson.phase === 'abierta' ? 10_000 : false),
  });
}

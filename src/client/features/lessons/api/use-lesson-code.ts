import { useQuery } from '@tanstack/react-query';
import type { LessonCode } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';

/** How often the count of present trainees is asked for between two codes. */
const COUNT_EVERY_MS = 5_000;

export const getLessonCode = (lessonId: string, signal?: AbortSignal) =>
  api<LessonCode>(`/api/lessons/${encodeURIComponent(lessonId)}/code`, { signal });

/**
 * 'Tomar asistencia': the code to show, asked again as soon as the next one appears (and every 5
 * seconds for the count of present trainees), even while the projector's window is not focused.
 */
export function useLessonCode(lessonId: string) {
  return useQuery({
    queryKey: lessonKeys.code(lessonId),
    queryFn: ({ signal }) => getLessonCode(lessonId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return COUNT_EVERY_MS;
      const untilNext = data.secondsLeft * 1000 - (Date.now() - query.state.dataUpdatedAt) + 150;
      return Math.max(250, Math.min(COUNT_EVERY_MS, untilNext));
    },
    refetchIntervalInBackground: true,
  });
}

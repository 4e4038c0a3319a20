import { useQuery } from '@tanstack/react-query';
import type { CurrentLesson } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';

/**
 * The class taking attendance now in the course, if any, and whether the trainee is marked: the
 * course page's 'Marcar asistencia'. Asked again every minute, so the button appears when the
 * class opens with the page already open.
 */
export function useCurrentLesson(courseId: string) {
  return useQuery({
    queryKey: lessonKeys.current(courseId),
    queryFn: ({ signal }) => api<CurrentLesson>(`/api/courses/${encodeURIComponent(courseId)}/lessons/current`, { signal }),
    refetchInterval: 60_000,
  });
}

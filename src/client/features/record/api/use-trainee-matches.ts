import { useQuery } from '@tanstack/react-query';
import type { CourseMatches } from '../../../../shared/schemas/matches.ts';
import { api } from '../../../lib/api.ts';
import { matchKeys } from '../../../lib/query-keys.ts';

/**
 * The trainee's matches in the course (uploaded or refereed as the pair), for 'Partido en video' in
 * the observation's form; read from the course's 'Partidos' (staff who may see matches).
 */
export function useTraineeMatches(courseId: string, userId: string) {
  return useQuery({
    queryKey: matchKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<CourseMatches>(`/api/courses/${encodeURIComponent(courseId)}/matches`, { signal }),
    select: (data) => data.matches.filter((match) => match.uploadedBy.id === userId || match.partner?.id === userId),
    retry: false,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseJugadas } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';

export const courseJugadasQueryOptions = (courseId: string, tag: string) =>
  queryOptions({
    queryKey: jugadaKeys.ofCourse(courseId, tag),
    queryFn: ({ signal }) =>
      api<CourseJugadas>(`/api/courses/${encodeURIComponent(courseId)}/jugadas${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`, {
        signal,
      }),
  });

/**
 * 'Jugadas del curso': every clip of the course (those with `tag`, when given) and the course's
 * tags. The previous list stays shown while another tag's loads.
 */
export function useCourseJugadas(courseId: string | undefined, tag = '') {
  return useQuery({ ...courseJugadasQueryOptions(courseId ?? '', tag), enabled: Boolean(courseId), placeholderData: keepPreviousData });
}

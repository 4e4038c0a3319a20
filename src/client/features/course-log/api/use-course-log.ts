import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChangeKind } from '../../../../shared/course-roles.ts';
import type { CourseLog } from '../../../../shared/schemas/course-log.ts';
import { api } from '../../../lib/api.ts';
import { courseLogKeys } from '../../../lib/query-keys.ts';

/** The filters: a person's name, a kind of change, days (yyyy-mm-dd); '' or null for any. */
export interface LogFilters {
  persona: string;
  tipo: ChangeKind | null;
  desde: string;
  hasta: string;
}

const query = (filters: LogFilters, page?: number) => {
  const params = new URLSearchParams(page ? { page: String(page) } : {});
  if (filters.persona.trim()) params.set('persona', filters.persona.trim());
  if (filters.tipo) params.set('tipo', filters.tipo);
  if (filters.desde) params.set('desde', filters.desde);
  if (filters.hasta) params.set('hasta', filters.hasta);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The address of 'Descargar CSV': every entry with the same filters. */
export const courseLogCsvUrl = (courseId: string, filters: LogFilters) =>
  `/api/courses/${encodeURIComponent(courseId)}/changes.csv${query(filters)}`;

/** One page of the record, filtered on the server; the previous page stays shown while the next loads. */
export function useCourseLog(courseId: string, filters: LogFilters, page: number) {
  return useQuery({
    queryKey: courseLogKeys.page(courseId, query(filters), page),
    queryFn: ({ signal }) => api<CourseLog>(`/api/courses/${encodeURIComponent(courseId)}/changes${query(filters, page)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

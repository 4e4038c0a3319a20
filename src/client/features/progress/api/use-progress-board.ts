import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressBoard } from '../../../../shared/schemas/progress.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys } from '../../../lib/query-keys.ts';

const query = (search: string, page?: number) => {
  const params = new URLSearchParams(page ? { page: String(page) } : {});
  if (search) params.set('search', search);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const getProgressBoard = (courseId: string, search: string, page: number, signal?: AbortSignal) =>
  api<ProgressBoard>(`/api/courses/${encodeURIComponent(courseId)}/progress${query(search, page)}`, { signal });

/** The address of 'Descargar CSV': the whole board with the same filter. */
export const progressCsvUrl = (courseId: string, search: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/progress.csv${query(search)}`;

export const progressBoardQueryOptions = (courseId: string, search: string, page: number) =>
  queryOptions({
    queryKey: progressKeys.page(courseId, search, page),
    queryFn: ({ signal }) => getProgressBoard(courseId, search, page, signal),
  });

/** One page of the board, filtered on the server; the previous page stays shown while the next loads. */
export function useProgressBoard(courseId: string, search: string, page: number) {
  return useQuery({ ...progressBoardQueryOptions(courseId, search, page), placeholderData: keepPreviousData });
}

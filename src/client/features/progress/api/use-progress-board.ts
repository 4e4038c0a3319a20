import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Outcome } from '../../../../shared/approval-rules.ts';
import type { ProgressBoard } from '../../../../shared/schemas/progress.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys } from '../../../lib/query-keys.ts';

/** The board's filters: the name or email searched and the 'Habilitación' chosen (null: all). */
export interface BoardFilters {
  search: string;
  outcome: Outcome | null;
}

const query = ({ search, outcome }: BoardFilters, page?: number) => {
  const params = new URLSearchParams(page ? { page: String(page) } : {});
  if (search) params.set('search', search);
  if (outcome) params.set('outcome', outcome);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const getProgressBoard = (courseId: string, filters: BoardFilters, page: number, signal?: AbortSignal) =>
  api<ProgressBoard>(`/api/courses/${encodeURIComponent(courseId)}/progress${query(filters, page)}`, { signal });

/** The address of 'Descargar CSV': the whole board with the same filters. */
export const progressCsvUrl = (courseId: string, filters: BoardFilters) =>
  `/api/courses/${encodeURIComponent(courseId)}/progress.csv${query(filters)}`;

export const progressBoardQueryOptions = (courseId: string, filters: BoardFilters, page: number) =>
  queryOptions({
    queryKey: progressKeys.page(courseId, filters.search, page, filters.outcome ?? ''),
    queryFn: ({ signal }) => getProgressBoard(courseId, filters, page, signal),
  });

/** One page of the board, filtered on the server; the previous page stays shown while the next loads. */
export function useProgressBoard(courseId: string, filters: BoardFilters, page: number) {
  return useQuery({ ...progressBoardQueryOptions(courseId, filters, page), placeholderData: keepPreviousData });
}

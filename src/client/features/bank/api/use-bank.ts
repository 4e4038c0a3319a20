import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BankExportFormat, BankList } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/** What the list shows: the search typed, one chapter ('' for all) and whether the archived ones. */
export interface BankFilters {
  search: string;
  chapter: string;
  archived: boolean;
}

export function getBank(courseId: string, { search, chapter, archived }: BankFilters, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (chapter) query.set('chapter', chapter);
  if (archived) query.set('archived', 'si');
  const text = query.toString();
  return api<BankList>(`/api/courses/${encodeURIComponent(courseId)}/bank${text ? `?${text}` : ''}`, { signal });
}

export const bankQueryOptions = (courseId: string, filters: BankFilters) =>
  queryOptions({ queryKey: bankKeys.list(courseId, filters), queryFn: ({ signal }) => getBank(courseId, filters, signal) });

/**
 * The course's bank as filtered, searched on the server. Each search has its own key, so an
 * answer to an older search never replaces the latest one's (and its request is cancelled);
 * the previous list stays shown while the next loads.
 */
export function useBank(courseId: string, filters: BankFilters) {
  return useQuery({ ...bankQueryOptions(courseId, filters), placeholderData: keepPreviousData });
}

/** 'Exportar': the course's active questions as a file (the server names it and says its type). */
export const bankExportUrl = (courseId: string, format: BankExportFormat) =>
  `/api/courses/${encodeURIComponent(courseId)}/bank/export?format=${format}`;

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentModuleDetail } from '../../shared/schemas/content.ts';
import { api } from './api.ts';
import { moduleKeys } from './query-keys.ts';

// One module (GET /api/modules/:id), needed by the module page and the forum pages.

export const getModule = (moduleId: string, signal?: AbortSignal) =>
  api<{ module: StudentModuleDetail }>(`/api/modules/${encodeURIComponent(moduleId)}`, { signal }).then((data) => data.module);

export const moduleQueryOptions = (moduleId: string) =>
  queryOptions({ queryKey: moduleKeys.detail(moduleId), queryFn: ({ signal }) => getModule(moduleId, signal) });

/** A student gets 403 while the module is not enabled for them; admins get it always. */
export function useModule(moduleId: string) {
  return useQuery(moduleQueryOptions(moduleId));
}

import { useQuery } from '@tanstack/react-query';
import type { StudentModuleDetail } from '../../shared/schemas/content.ts';
import { api } from './api.ts';

// One module (GET /api/modules/:id), needed by the module page and the forum pages.
export const moduleQueryKey = (moduleId: string) => ['modules', moduleId] as const;

export const getModule = (moduleId: string, signal?: AbortSignal) =>
  api<{ module: StudentModuleDetail }>(`/api/modules/${encodeURIComponent(moduleId)}`, { signal }).then((data) => data.module);

/** A student gets 403 while the module is not enabled for them; admins get it always. */
export function useModule(moduleId: string) {
  return useQuery({ queryKey: moduleQueryKey(moduleId), queryFn: ({ signal }) => getModule(moduleId, signal) });
}

import { useQuery } from '@tanstack/react-query';
import type { StudentModuleDetail } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

// Cached as the module itself (not the whole response), like the forum's copy of this query in forum/api/use-forum-module.ts.
export const myModuleKey = (moduleId: string) => ['modules', moduleId] as const;

export const getMyModule = (moduleId: string, signal?: AbortSignal) =>
  api<{ module: StudentModuleDetail }>(`/api/modules/${encodeURIComponent(moduleId)}`, { signal }).then((data) => data.module);

/** One module (name and video); 403 while it is not enabled for the student. */
export function useMyModule(moduleId: string) {
  return useQuery({ queryKey: myModuleKey(moduleId), queryFn: ({ signal }) => getMyModule(moduleId, signal) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentModule } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';

export const getMyModules = (courseId: string, signal?: AbortSignal) =>
  api<{ modules: StudentModule[] }>(`/api/courses/${encodeURIComponent(courseId)}/my-modules`, { signal });

export const myModulesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: moduleKeys.mine(courseId), queryFn: ({ signal }) => getMyModules(courseId, signal) });

/** A course's modules in order, as the signed-in student sees them: enabled ones open, the rest upcoming. */
export function useMyModules(courseId: string) {
  return useQuery({ ...myModulesQueryOptions(courseId), select: (data) => data.modules });
}

import { useQuery } from '@tanstack/react-query';
import type { StudentModule } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

export const myModulesKey = (courseId: string) => ['courses', courseId, 'my-modules'] as const;

export const getMyModules = (courseId: string, signal?: AbortSignal) =>
  api<{ modules: StudentModule[] }>(`/api/courses/${encodeURIComponent(courseId)}/my-modules`, { signal });

/** A course's modules in order, as the signed-in student sees them: enabled ones open, the rest upcoming. */
export function useMyModules(courseId: string) {
  return useQuery({ queryKey: myModulesKey(courseId), queryFn: ({ signal }) => getMyModules(courseId, signal), select: (data) => data.modules });
}

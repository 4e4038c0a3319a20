import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';

export interface ReorderModulesVariables {
  courseId: string;
  /** Every module of the course, once, in the new order. */
  moduleIds: string[];
}

export const reorderModules = ({ courseId, moduleIds }: ReorderModulesVariables) =>
  api<void>(`/api/courses/${encodeURIComponent(courseId)}/modules/order`, { method: 'PUT', body: { moduleIds } });

/** Moves modules at once on screen, then reloads the order the server kept (also after a failure). */
export function useReorderModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderModules,
    onMutate: async ({ courseId, moduleIds }) => {
      const queryKey = moduleKeys.ofCourse(courseId);
      await queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData<{ modules: ModuleWithQuestions[] }>(queryKey, (data) => {
        if (!data) return data;
        const byId = new Map(data.modules.map((module) => [module.id, module]));
        const modules = moduleIds.flatMap((id, position) => {
          const module = byId.get(id);
          return module ? [{ ...module, position }] : [];
        });
        return { modules };
      });
    },
    onSettled: (_data, _error, { courseId }) => invalidateCourseModuleLists(queryClient, courseId),
  });
}

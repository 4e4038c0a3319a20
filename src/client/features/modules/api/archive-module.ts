import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys } from '../../../lib/query-keys.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';

const invalidate = (queryClient: QueryClient, courseId: string) =>
  Promise.all([
    invalidateCourseModuleLists(queryClient, courseId),
    // The class progress board has a column per active module (the progress feature).
    queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
  ]);

/** 'Archivar' / 'Restaurar' a module. */
export function useArchiveModule(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, archived }: { moduleId: string; archived: boolean }) =>
      api<{ module: ModuleWithQuestions }>(`/api/modules/${encodeURIComponent(moduleId)}/archived`, { method: 'PUT', body: { archived } }),
    onSuccess: () => invalidate(queryClient, courseId),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Eliminar' a module no student worked in (the server answers 409 otherwise). */
export function useDeleteModule(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) => api<void>(`/api/modules/${encodeURIComponent(moduleId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient, courseId),
    meta: { handlesOwnErrors: true },
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

export const courseModulesQueryKey = (courseId: string) => ['courses', courseId, 'modules'] as const;

export const getCourseModules = (courseId: string) =>
  api<{ modules: ModuleWithQuestions[] }>(`/api/courses/${encodeURIComponent(courseId)}/modules`);

/** A course's modules in order, with their questions (admin view). */
export function useCourseModules(courseId: string | null) {
  return useQuery({
    queryKey: courseModulesQueryKey(courseId ?? ''),
    queryFn: () => getCourseModules(courseId!),
    enabled: courseId !== null,
    select: (data) => data.modules,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';

export const getCourseModules = (courseId: string, signal?: AbortSignal) =>
  api<{ modules: ModuleWithQuestions[] }>(`/api/courses/${encodeURIComponent(courseId)}/modules`, { signal });

export const courseModulesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: moduleKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseModules(courseId, signal) });

/** A course's modules in order, with their questions (admin view). */
export function useCourseModules(courseId: string | null) {
  return useQuery({
    ...courseModulesQueryOptions(courseId ?? ''),
    enabled: courseId !== null,
    select: (data) => data.modules,
  });
}

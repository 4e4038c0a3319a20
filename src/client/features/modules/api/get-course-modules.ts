import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';
import { isProcessing, PROCESSING_POLL_MS } from '../../../components/video-processing.tsx';

export const getCourseModules = (courseId: string, signal?: AbortSignal) =>
  api<{ modules: ModuleWithQuestions[] }>(`/api/courses/${encodeURIComponent(courseId)}/modules`, { signal });

export const courseModulesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: moduleKeys.ofCourse(courseId),
    queryFn: ({ signal }) => getCourseModules(courseId, signal),
    // Read again every few seconds while an uploaded video is processed ('Procesando video… 45 %').
    refetchInterval: (query) =>
      query.state.data?.modules.some((module) => isProcessing(module.videoProcessing)) ? PROCESSING_POLL_MS : false,
  });

/** A course's modules in order, with their questions (admin view). */
export function useCourseModules(courseId: string | null) {
  return useQuery({
    ...courseModulesQueryOptions(courseId ?? ''),
    enabled: courseId !== null,
    select: (data) => data.modules,
  });
}

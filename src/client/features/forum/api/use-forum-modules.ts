import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForumModule } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { forumKeys } from '../../../lib/query-keys.ts';

/** One course's module forums, or (courseId null) every course's, those with new messages first. */
export const getForumModules = (courseId: string | null, signal?: AbortSignal) =>
  api<{ modules: ForumModule[] }>(courseId ? `/api/courses/${encodeURIComponent(courseId)}/forum` : '/api/forum/modules', { signal }).then(
    (r) => r.modules,
  );

export const forumModulesQueryOptions = (courseId: string | null) =>
  queryOptions({
    queryKey: courseId ? forumKeys.modulesOfCourse(courseId) : forumKeys.allModules(),
    queryFn: ({ signal }) => getForumModules(courseId, signal),
    staleTime: Infinity,
  });

/** The admin's list of module forums, each with its NUEVOS MENSAJES badge (kept up to date by the live events). */
export function useForumModules(courseId: string | null) {
  return useQuery(forumModulesQueryOptions(courseId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForumModule } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { forumKeys } from '../../../lib/query-keys.ts';

export const getForumModules = (courseId: string, signal?: AbortSignal) =>
  api<{ modules: ForumModule[] }>(`/api/courses/${encodeURIComponent(courseId)}/forum`, { signal }).then((r) => r.modules);

export const forumModulesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: forumKeys.modulesOfCourse(courseId), queryFn: ({ signal }) => getForumModules(courseId, signal), staleTime: Infinity });

/** The admin's list of a course's module forums, each with its NUEVOS MENSAJES badge. */
export function useForumModules(courseId: string | null) {
  return useQuery({ ...forumModulesQueryOptions(courseId ?? ''), enabled: Boolean(courseId) });
}

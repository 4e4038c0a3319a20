import { useQuery } from '@tanstack/react-query';
import type { ForumModule } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';

export const forumModulesKey = (courseId: string) => ['courses', courseId, 'forum'] as const;

export function useForumModules(courseId: string | null) {
  return useQuery({
    queryKey: forumModulesKey(courseId ?? ''),
    queryFn: ({ signal }) =>
      api<{ modules: ForumModule[] }>(`/api/courses/${encodeURIComponent(courseId!)}/forum`, { signal }).then((r) => r.modules),
    enabled: Boolean(courseId),
    staleTime: Infinity,
  });
}

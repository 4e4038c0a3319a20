import { useQuery } from '@tanstack/react-query';
import type { Module } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

/** The module whose forum is open (for its name and course). */
export function useForumModule(moduleId: string) {
  return useQuery({
    queryKey: ['modules', moduleId],
    queryFn: ({ signal }) => api<{ module: Module }>(`/api/modules/${encodeURIComponent(moduleId)}`, { signal }).then((r) => r.module),
  });
}

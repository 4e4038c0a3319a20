import type { QueryClient } from '@tanstack/react-query';
import type { StudentModule, StudentModuleDetail, Watched } from '../../../../shared/schemas/content.ts';
import type { WatchedInput } from '../../../../shared/schemas/watched.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';

/**
 * Reports what played of the module's video (POST /api/modules/:id/watched); the server merges
 * it with what it has, so a repeated report does no harm. `keepalive` lets the last report of a
 * page that is being left still arrive.
 */
export async function recordWatched(moduleId: string, input: WatchedInput, keepalive = false): Promise<Watched> {
  const { watched } = await api<{ watched: Watched }>(`/api/modules/${encodeURIComponent(moduleId)}/watched`, {
    method: 'POST',
    body: input,
    keepalive,
  });
  return watched;
}

/** Files the server's answer in the module and in its course's module list, so 'Visto N %' is current without refetching. */
export function storeWatched(queryClient: QueryClient, moduleId: string, courseId: string, watched: Watched) {
  queryClient.setQueryData<StudentModuleDetail>(moduleKeys.detail(moduleId), (module) => (module ? { ...module, watched } : module));
  queryClient.setQueryData<{ modules: StudentModule[] }>(moduleKeys.mine(courseId), (list) =>
    list ? { modules: list.modules.map((m) => (m.id === moduleId ? { ...m, watchedPercent: watched.percent } : m)) } : list,
  );
}

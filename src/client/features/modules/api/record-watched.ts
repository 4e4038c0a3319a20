import type { QueryClient } from '@tanstack/react-query';
import type { StudentModule, StudentModuleDetail, Watched } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { isOnline } from '../../../lib/connectivity.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';
import { mergeIntervals } from '../../../../shared/watched.ts';
import { WATCHED_INTERVALS_MAX, type WatchedInput } from '../../../../shared/schemas/watched.ts';

const watchedUrl = (moduleId: string) => `/api/modules/${encodeURIComponent(moduleId)}/watched`;

/**
 * Reports what played of the module's video (POST /api/modules/:id/watched); the server merges
 * it with what it has, so a repeated report does no harm. `keepalive` lets the last report of a
 * page that is being left still arrive.
 */
export async function recordWatched(moduleId: string, input: WatchedInput, keepalive = false): Promise<Watched> {
  const { watched } = await api<{ watched: Watched }>(watchedUrl(moduleId), {
    method: 'POST',
    body: input,
    keepalive,
  });
  return watched;
}

/** Two reports of one module kept on the phone as one: every interval played, the latest position. */
const mergeReports = (previous: unknown, next: unknown): WatchedInput => {
  const [a, b] = [previous as WatchedInput, next as WatchedInput];
  return {
    duration: b.duration,
    position: b.position,
    intervals: mergeIntervals([...a.intervals, ...b.intervals], b.duration).slice(-WATCHED_INTERVALS_MAX),
  };
};

/**
 * Reports what played, or keeps the report on the phone when there is no signal (null): the
 * line of writes sends it when the signal is back (the server merges it, so order does not matter).
 */
export async function recordWatchedOrKeep(
  moduleId: string,
  courseId: string,
  input: WatchedInput,
  keepalive = false,
): Promise<Watched | null> {
  // The line's code comes with the first report that needs it, not with the page.
  const { enqueueWrite, isNetworkFailure, offlineQueue } = await import('../../../lib/offline-queue/index.ts');
  const keep = () =>
    enqueueWrite({
      method: 'POST',
      url: watchedUrl(moduleId),
      body: input,
      label: { what: 'lo que viste del video' },
      context: { kind: 'watched', moduleId, courseId, invalidate: [[...moduleKeys.detail(moduleId)], [...moduleKeys.mine(courseId)]] },
      coalesceKey: `watched:${moduleId}`,
      merge: mergeReports,
    }).then(() => null);
  if (offlineQueue.currentUser && !isOnline()) return keep();
  try {
    return await recordWatched(moduleId, input, keepalive);
  } catch (error) {
    if (offlineQueue.currentUser && isNetworkFailure(error)) return keep();
    throw error;
  }
}

/** Files the server's answer in the module and in its course's module list, so 'Visto N %' is current without refetching. */
export function storeWatched(queryClient: QueryClient, moduleId: string, courseId: string, watched: Watched) {
  queryClient.setQueryData<StudentModuleDetail>(moduleKeys.detail(moduleId), (module) => (module ? { ...module, watched } : module));
  queryClient.setQueryData<{ modules: StudentModule[] }>(moduleKeys.mine(courseId), (list) =>
    list ? { modules: list.modules.map((m) => (m.id === moduleId ? { ...m, watchedPercent: watched.percent } : m)) } : list,
  );
}

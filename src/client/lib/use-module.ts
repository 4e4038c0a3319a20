import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StudentModuleDetail } from '../../shared/schemas/content.ts';
import { loadPage, pageUrls } from './page-data.ts';
import { moduleKeys } from './query-keys.ts';

// One module, needed by the module page and the forum pages: it comes with the module page's
// data (GET /api/pages/modules/:id), which also brings the course's module list.

export const getModule = (moduleId: string) =>
  loadPage<{ module: StudentModuleDetail }>(pageUrls.module(moduleId)).then((data) => data.module);

export const moduleQueryOptions = (moduleId: string) =>
  queryOptions({ queryKey: moduleKeys.detail(moduleId), queryFn: () => getModule(moduleId) });

/** Loads a module's page data ahead, when it is likely to be opened next; quiet if that fails. */
export function prefetchModule(queryClient: QueryClient, moduleId: string) {
  return queryClient.prefetchQuery({ ...moduleQueryOptions(moduleId), meta: { ahead: true }, retry: false });
}

/** A student gets 404 while the module is not enabled for them, as for a module that does not exist. */
export function useModule(moduleId: string) {
  return useQuery(moduleQueryOptions(moduleId));
}

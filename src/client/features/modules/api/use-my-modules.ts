import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentModule } from '../../../../shared/schemas/content.ts';
import { loadPage, pageUrls } from '../../../lib/page-data.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';

// The course's modules page data (GET /api/pages/courses/:id/modules); the module page brings
// the same list, so coming back from a module shows it at once.
export const getMyModules = (courseId: string) =>
  loadPage<{ modules: StudentModule[] }>(pageUrls.courseModules(courseId)).then(({ modules }) => ({ modules }));

export const myModulesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: moduleKeys.mine(courseId), queryFn: () => getMyModules(courseId) });

/** A course's modules in order, as the signed-in student sees them: enabled ones open, the rest upcoming. */
export function useMyModules(courseId: string) {
  return useQuery({ ...myModulesQueryOptions(courseId), select: (data) => data.modules });
}

import type { QueryClient } from '@tanstack/react-query';
import { courseKeys, moduleKeys, userKeys } from '../../../lib/query-keys.ts';

/**
 * What changes when a course's modules are created, edited, reordered or opened for everyone:
 * the admin's list of them, each student's module list of that course (the users feature) and
 * the count of modules on the Cursos page.
 */
export const invalidateCourseModuleLists = (queryClient: QueryClient, courseId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: moduleKeys.ofCourse(courseId) }),
    queryClient.invalidateQueries({ queryKey: userKeys.moduleListsOfCourse(courseId) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
  ]);

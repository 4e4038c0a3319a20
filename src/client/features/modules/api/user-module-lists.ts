import type { QueryClient } from '@tanstack/react-query';

/**
 * Each student's module list for a course, as the users feature caches it:
 * ['user', userId, 'modules', courseId] (matched by shape: features do not import each other).
 * Creating, renaming, reordering or opening a module for everyone changes all of them.
 */
export const invalidateUserModuleLists = (queryClient: QueryClient, courseId: string) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'user' && queryKey[2] === 'modules' && queryKey[3] === courseId,
  });

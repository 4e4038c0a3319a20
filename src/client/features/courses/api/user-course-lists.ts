import type { QueryClient } from '@tanstack/react-query';

/**
 * Each student's course list, as the users feature caches it: ['user', userId, 'courses']
 * (matched by shape: features do not import each other). A new or renamed course changes all of them.
 */
export const invalidateUserCourseLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'user' && queryKey[2] === 'courses' });

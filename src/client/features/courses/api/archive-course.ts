import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { courseKeys, progressKeys, userKeys } from '../../../lib/query-keys.ts';

/** What an archived, restored or deleted course changes: every course list and the progress boards. */
const invalidate = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.courseLists() }),
    queryClient.invalidateQueries({ queryKey: progressKeys.all }),
  ]);

/** 'Archivar' / 'Restaurar' a course. */
export function useArchiveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, archived }: { courseId: string; archived: boolean }) =>
      api<{ course: Course }>(`/api/courses/${encodeURIComponent(courseId)}/archived`, { method: 'PUT', body: { archived } }),
    onSuccess: () => invalidate(queryClient),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Eliminar' a course no student worked in (the server answers 409 otherwise). */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api<void>(`/api/courses/${encodeURIComponent(courseId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient),
    meta: { handlesOwnErrors: true },
  });
}

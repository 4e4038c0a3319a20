import { useQuery } from '@tanstack/react-query';
import type { CourseDocument } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';

export const courseDocumentsQueryKey = (courseId: string) => ['courses', courseId, 'documents'] as const;

export const getCourseDocuments = (courseId: string) =>
  api<{ documents: CourseDocument[] }>(`/api/courses/${encodeURIComponent(courseId)}/documents`);

export function useCourseDocuments(courseId: string | null) {
  return useQuery({
    queryKey: courseDocumentsQueryKey(courseId ?? ''),
    queryFn: () => getCourseDocuments(courseId!),
    enabled: courseId !== null,
    select: (data) => data.documents,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDocument } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { documentKeys } from '../../../lib/query-keys.ts';

export const getCourseDocuments = (courseId: string, signal?: AbortSignal) =>
  api<{ documents: CourseDocument[] }>(`/api/courses/${encodeURIComponent(courseId)}/documents`, { signal });

export const courseDocumentsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: documentKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseDocuments(courseId, signal) });

export function useCourseDocuments(courseId: string | null) {
  return useQuery({ ...courseDocumentsQueryOptions(courseId ?? ''), enabled: courseId !== null, select: (data) => data.documents });
}

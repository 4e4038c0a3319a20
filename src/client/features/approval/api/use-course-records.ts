import { useQuery } from '@tanstack/react-query';
import type { CourseRecordList } from '../../../../shared/schemas/course-records.ts';
import { api } from '../../../lib/api.ts';
import { courseRecordKeys } from '../../../lib/query-keys.ts';

export const getCourseRecords = (courseId: string, signal?: AbortSignal) =>
  api<CourseRecordList>(`/api/courses/${encodeURIComponent(courseId)}/records`, { signal });

/** 'Acta del curso': whether the course is open, and its closed records, newest first. */
export function useCourseRecords(courseId: string) {
  return useQuery({ queryKey: courseRecordKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseRecords(courseId, signal) });
}

/** The draft's files ('Descargar PDF', 'Descargar CSV' while the course is open): the record as it would be closed now. */
export const draftRecordUrl = (courseId: string, format: 'pdf' | 'csv') =>
  `/api/courses/${encodeURIComponent(courseId)}/records/draft.${format}`;

/** A closed record's files, as it was issued. */
export const recordFileUrl = (recordId: string, format: 'pdf' | 'csv') => `/api/records/${encodeURIComponent(recordId)}/${format}`;

import { useQuery } from '@tanstack/react-query';
import type { LessonList } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';

export const getCourseLessons = (courseId: string, signal?: AbortSignal) =>
  api<LessonList>(`/api/courses/${encodeURIComponent(courseId)}/lessons`, { signal });

/** A course's classes in date order, with their attendance counts. */
export function useCourseLessons(courseId: string) {
  return useQuery({ queryKey: lessonKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseLessons(courseId, signal) });
}

/** The address of 'Descargar CSV': trainees × classes with their status and percentage. */
export const attendanceCsvUrl = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/attendance.csv`;

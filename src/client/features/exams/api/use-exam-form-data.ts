import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import type { BankList } from '../../../../shared/schemas/exams.ts';
import type { CourseJugadas } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { examKeys, jugadaKeys, moduleKeys } from '../../../lib/query-keys.ts';
import { clipPoolOf } from '../exam-form-schema.ts';

/**
 * The course's active bank questions the exam draws from: the fixed and critical pickers and the
 * per-chapter counts. Asked again each time the form opens (questions come and go in the bank).
 */
export function useBankForExam(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: examKeys.bank(courseId),
    queryFn: ({ signal }) => api<BankList>(`/api/courses/${encodeURIComponent(courseId)}/bank?archived=no`, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** The course's modules (the same request and cache entry as the modules feature's list). */
export function useModulesForExam(courseId: string) {
  return useQuery({
    queryKey: moduleKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<{ modules: ModuleWithQuestions[] }>(`/api/courses/${encodeURIComponent(courseId)}/modules`, { signal }),
    select: (data) => data.modules,
  });
}

/** 'Jugadas del curso', every clip of the course: its request and cache entry (feature: jugadas, with no tag). */
const courseJugadas = (courseId: string) =>
  queryOptions({
    queryKey: jugadaKeys.ofCourse(courseId, ''),
    queryFn: ({ signal }) => api<CourseJugadas>(`/api/courses/${encodeURIComponent(courseId)}/jugadas`, { signal }),
  });

/**
 * The course's clips a video exam draws from (those for 'Examen' or 'Ambos'): the pool's size, the
 * per-tag counts and the fixed clips' picker. The same request and cache entry as 'Jugadas del
 * curso' (feature: jugadas), asked again each time the form opens (a clip's use changes there).
 */
export function useClipPoolForExam(courseId: string, enabled: boolean) {
  return useQuery({
    ...courseJugadas(courseId),
    select: clipPoolOf,
    staleTime: 0,
    enabled,
  });
}

/** Where each of the course's clips is ('Reglas del juego', jugada 2), by id: the video exam's results name their clips. */
export function useClipNames(courseId: string, enabled: boolean) {
  return useQuery({
    ...courseJugadas(courseId),
    select: (list) => new Map(list.jugadas.map((clip) => [clip.id, { moduleName: clip.moduleName, number: clip.number }])),
    enabled,
  });
}

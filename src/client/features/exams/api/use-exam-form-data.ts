import { useQuery } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import type { BankList } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { examKeys, moduleKeys } from '../../../lib/query-keys.ts';

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

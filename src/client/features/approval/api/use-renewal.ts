import { useQuery } from '@tanstack/react-query';
import type { RenewalPreview } from '../../../../shared/schemas/renewal.ts';
import { api } from '../../../lib/api.ts';
import { renewalKeys } from '../../../lib/query-keys.ts';

export const renewalPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/renewal`;

/** What 'Crear curso de actualización' would do now: how many holders it enrols, its usual name, and the renewals already made. */
export function useRenewal(courseId: string) {
  return useQuery({
    queryKey: renewalKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<RenewalPreview>(renewalPath(courseId), { signal }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { CertificateList } from '../../../../shared/schemas/certificates.ts';
import { api } from '../../../lib/api.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

export const certificatesPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/certificates`;

/** The course's certificates with their state today, by holder. */
export function useCourseCertificates(courseId: string) {
  return useQuery({
    queryKey: certificateKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<CertificateList>(certificatesPath(courseId), { signal }),
  });
}

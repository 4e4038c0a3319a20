import { useQueryClient } from '@tanstack/react-query';
import type { CourseApproval } from '../../../../shared/schemas/approval.ts';
import type { CertificateSigner } from '../../../../shared/schemas/certificates.ts';
import { api } from '../../../lib/api.ts';
import { approvalKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export const signerPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/certificate-signer`;

/** 'Firma del certificado' saved: the approval page has it at once ('Emitir certificados' no longer waits for it). */
export function useSaveSigner(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: CertificateSigner) =>
      api<{ signer: CertificateSigner; message: string }>(signerPath(courseId), { method: 'PUT', body: input }),
    onSuccess: ({ signer }) => {
      queryClient.setQueryData<CourseApproval>(approvalKeys.ofCourse(courseId), (approval) => approval && { ...approval, signer });
    },
    meta: { handlesOwnErrors: true },
  });
}

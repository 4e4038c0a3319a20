import { useQueryClient } from '@tanstack/react-query';
import type {
  Certificate,
  IssueCertificatesInput,
  IssueCertificatesResult,
  RevokeCertificateInput,
} from '../../../../shared/schemas/certificates.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { approvalKeys, certificateKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { certificatesPath } from './use-course-certificates.ts';

/** Certificates issued or revoked: every certificate list, the approval page (who still lacks one) and the trainees' histories. */
function useRefreshCertificates(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
      queryClient.invalidateQueries({ queryKey: approvalKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all }),
    ]);
}

/** 'Emitir certificados' (all 'Apto' without one) or 'Emitir' (those named); a repeat carries the same Idempotency-Key. */
export function useIssueCertificates(courseId: string) {
  const refresh = useRefreshCertificates(courseId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (input: IssueCertificatesInput) =>
      api<IssueCertificatesResult>(certificatesPath(courseId), { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
    // A refusal (another instructor issued them first, an outcome changed) still changes what the page shows.
    onError: () => refresh(),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Revocar', with its reason. */
export function useRevokeCertificate(courseId: string) {
  const refresh = useRefreshCertificates(courseId);
  return useSingleFlightMutation({
    mutationFn: ({ certificateId, ...input }: RevokeCertificateInput & { certificateId: string }) =>
      api<{ certificate: Certificate; message: string }>(`/api/certificates/${encodeURIComponent(certificateId)}/revoke`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: refresh,
    onError: () => refresh(),
    meta: { handlesOwnErrors: true },
  });
}

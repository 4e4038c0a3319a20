import { useQuery } from '@tanstack/react-query';
import type { Verification } from '../../../../shared/schemas/certificates.ts';
import { api } from '../../../lib/api.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

export const getVerification = (code: string, signal?: AbortSignal) =>
  api<Verification>(`/api/verify/${encodeURIComponent(code)}`, { signal });

/** The public answer for a certificate's code (no session needed); a 404 means no such certificate. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: certificateKeys.verification(code),
    queryFn: ({ signal }) => getVerification(code, signal),
    // The page explains every failure itself (unknown code, too many look-ups, no connection).
    meta: { ahead: true },
  });
}

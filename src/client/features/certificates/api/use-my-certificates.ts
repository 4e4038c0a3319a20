import { useQuery } from '@tanstack/react-query';
import type { CertificateList } from '../../../../shared/schemas/certificates.ts';
import { api } from '../../../lib/api.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

export const getMyCertificates = (signal?: AbortSignal) => api<CertificateList>('/api/me/certificates', { signal });

/** 'Mis certificados': the signed-in user's certificates, the newest first. */
export function useMyCertificates() {
  return useQuery({ queryKey: certificateKeys.mine(), queryFn: ({ signal }) => getMyCertificates(signal) });
}

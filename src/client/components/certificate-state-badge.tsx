import { Badge } from '@mantine/core';
import { certificateStateLabels, type CertificateState } from '../../shared/approval-rules.ts';

/** The colour of each state: in force green, expired orange, revoked red (always with its word). */
export const certificateStateColors: Record<CertificateState, string> = { vigente: 'green', vencido: 'orange', revocado: 'red' };

/** A certificate's state: 'Vigente', 'Vencido' or 'Revocado'. */
export function CertificateStateBadge({ state, size = 'md' }: { state: CertificateState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={certificateStateColors[state]} variant="light" size={size} style={{ textTransform: 'none', flexShrink: 0 }}>
      {certificateStateLabels[state]}
    </Badge>
  );
}

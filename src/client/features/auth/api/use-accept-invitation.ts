import { useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationInput, AcceptInvitationResponse } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { signedIn } from '../../../lib/session.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Creá tu contraseña': sets the first password and signs in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      api<AcceptInvitationResponse>('/api/auth/accept-invitation', { method: 'POST', body: input }),
    onSuccess: (data) => signedIn(queryClient, data.user),
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { LoginInput, SessionResponse } from '../../../../shared/schemas/auth.ts';
import { api } from '../../../lib/api.ts';
import { signedIn } from '../../../lib/session.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: LoginInput) => api<SessionResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (data) => {
      if (data.user) signedIn(queryClient, data.user);
    },
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { LoginInput, SessionResponse } from '../../../../shared/schemas/auth.ts';
import { api } from '../../../lib/api.ts';
import { signedIn } from '../../../lib/session.ts';
import { takeReturnPath } from '../../../lib/return-to.ts';

/** Signs in; back to the page the person was on when the session lapsed, otherwise the guard takes them home. */
export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useSingleFlightMutation({
    mutationFn: (input: LoginInput) => api<SessionResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (data) => {
      if (!data.user) return;
      const back = takeReturnPath(data.user.id);
      signedIn(queryClient, data.user);
      if (back) navigate(back, { replace: true });
    },
    meta: { handlesOwnErrors: true },
  });
}

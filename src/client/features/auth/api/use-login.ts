import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionResponse } from '../../../../shared/schemas/auth.ts';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<SessionResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (data) => setSessionUser(queryClient, data.user),
    meta: { handlesOwnErrors: true },
  });
}

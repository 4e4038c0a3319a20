import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';

// Both pages show the answer and any failure in the spec's dialogs.

export function useForgotPassword() {
  return useSingleFlightMutation({
    mutationFn: (email: string) => api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
    meta: { handlesOwnErrors: true },
  });
}

export function useResetPassword() {
  return useSingleFlightMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: input }),
    meta: { handlesOwnErrors: true },
  });
}

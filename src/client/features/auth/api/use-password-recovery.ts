import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
    onError: () => undefined,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: input }),
    onError: () => undefined,
  });
}

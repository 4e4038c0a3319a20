import { useMutation } from '@tanstack/react-query';
import type { CreateUserInput, User } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';

export function useCreateUser() {
  return useMutation({
    mutationFn: (input: CreateUserInput) => api<{ user: User }>('/api/users', { method: 'POST', body: input }),
    onError: () => undefined,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, User } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api<{ user: User }>('/api/users', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    meta: { handlesOwnErrors: true },
  });
}

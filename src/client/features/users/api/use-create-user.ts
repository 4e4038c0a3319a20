import { useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, User } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function useCreateUser() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (input: CreateUserInput) =>
      api<{ user: User }>('/api/users', { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => {
      keys.done();
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
    meta: { handlesOwnErrors: true },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Reenviar invitación': a new link by email; the previous one stops working. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (userId: string) => api<{ message: string }>(`/api/users/${encodeURIComponent(userId)}/invitation`, { method: 'POST' }),
    onSettled: (_data, _error, userId) => queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { signedOutByChoice } from '../../../lib/session.ts';

/** Signs out on the server, then forgets everything cached for that user (in every tab). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api<void>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => signedOutByChoice(queryClient),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { unsubscribePush } from '../../../lib/push.ts';
import { signedOutByChoice } from '../../../lib/session.ts';

/**
 * Signs out on the server, then forgets everything cached for that user (in every tab). This
 * browser's notices subscription goes too (the server forgets it with the session): the next
 * person on a shared phone hears nothing of the one who left.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async () => {
      await unsubscribePush().catch(() => null);
      return api<void>('/api/auth/logout', { method: 'POST' });
    },
    onSettled: () => signedOutByChoice(queryClient),
  });
}

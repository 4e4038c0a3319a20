import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** Signs out on the server, then forgets everything cached for that user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => {
      queryClient.clear();
      setSessionUser(queryClient, null);
    },
  });
}

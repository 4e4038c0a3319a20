import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { removeMessage } from './cache.ts';

export function useDeleteMessage(moduleId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (messageId: string) => api<void>(`/api/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' }),
    onSuccess: (_data, messageId) => removeMessage(queryClient, moduleId, messageId),
  });
}

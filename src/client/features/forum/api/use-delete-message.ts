import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { removeMessage } from './cache.ts';

export function useDeleteMessage(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api<void>(`/api/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' }),
    onSuccess: (_data, messageId) => removeMessage(queryClient, moduleId, messageId),
  });
}

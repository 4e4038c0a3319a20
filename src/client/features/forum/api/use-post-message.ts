import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { addMessage } from './cache.ts';

export function usePostMessage(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<{ message: ForumMessage }>(`/api/modules/${encodeURIComponent(moduleId)}/messages`, { method: 'POST', body: { body } }).then(
        (r) => r.message,
      ),
    onSuccess: (message) => addMessage(queryClient, message),
    // The chat keeps the text and shows the failure under the box.
    meta: { handlesOwnErrors: true },
  });
}

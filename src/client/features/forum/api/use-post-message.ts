import { useQueryClient } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { addMessage } from './cache.ts';

/** Posts a message once: a second tap is ignored, and a retry carries the first attempt's Idempotency-Key. */
export function usePostMessage(moduleId: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (body: string) =>
      api<{ message: ForumMessage }>(`/api/modules/${encodeURIComponent(moduleId)}/messages`, {
        method: 'POST',
        body: { body },
        idempotencyKey: keys.keyFor({ moduleId, body }),
      }).then((r) => r.message),
    onSuccess: (message) => {
      keys.done();
      addMessage(queryClient, message);
    },
    // The chat keeps the text and shows the failure under the box.
    meta: { handlesOwnErrors: true },
  });
}

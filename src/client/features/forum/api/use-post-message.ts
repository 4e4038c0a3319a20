import { useQueryClient } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useSendQueue } from '../../../lib/send-queue.ts';
import { addMessage } from './cache.ts';

/**
 * The person's messages to a module's forum, as a line: each shows at once as 'Enviando…', they
 * reach the server in the order typed, each once (its Idempotency-Key goes with every attempt),
 * and one that fails stays, with 'Reintentar'. The line is this person's on this device.
 */
export function usePostMessage(moduleId: string) {
  const queryClient = useQueryClient();
  const userId = useSession().data?.id;
  return useSendQueue<string, ForumMessage>(userId ? `aula:foro-pendientes:${userId}:${moduleId}` : null, {
    send: (body, idempotencyKey) =>
      api<{ message: ForumMessage }>(`/api/modules/${encodeURIComponent(moduleId)}/messages`, {
        method: 'POST',
        body: { body },
        idempotencyKey,
      }).then((r) => r.message),
    onSent: (message) => addMessage(queryClient, message),
  });
}

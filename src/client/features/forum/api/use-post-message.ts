import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { offlineQueue, useQueueOwner, usePendingWrites, useWriteSent, type QueuedWrite } from '../../../lib/offline-queue/index.ts';
import { useSession } from '../../../lib/session.ts';
import { forumKeys } from '../../../lib/query-keys.ts';
import { addMessage } from './cache.ts';

/**
 * What a person typed and sent, until the server has it. 'sending' goes out now; 'waiting' goes
 * out after the ones before it; 'failed' could not get through and waits, with 'Reintentar'.
 */
export interface Outgoing<P> {
  id: string;
  payload: P;
  /** The same key on every attempt: the server keeps the message once however often it is sent. */
  idempotencyKey: string;
  state: 'sending' | 'waiting' | 'failed';
  error: string | null;
}

const KIND = 'forum-message';

const ofForum = (write: QueuedWrite, moduleId: string) => write.context.kind === KIND && write.context.moduleId === moduleId;

/** Messages an earlier version of the app kept in this device's storage go into the line, once. */
function adoptStoredMessages(userId: string, moduleId: string) {
  const key = `aula:foro-pendientes:${userId}:${moduleId}`;
  let stored: Array<{ payload: string; idempotencyKey: string }> = [];
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? '[]') as typeof stored;
    localStorage.removeItem(key);
  } catch {
    return;
  }
  if (!Array.isArray(stored)) return;
  for (const item of stored)
    if (typeof item.payload === 'string') void offlineQueue.enqueue(messageWrite(moduleId, item.payload, item.idempotencyKey));
}

const messageWrite = (moduleId: string, body: string, idempotencyKey?: string) => ({
  method: 'POST' as const,
  url: `/api/modules/${encodeURIComponent(moduleId)}/messages`,
  body: { body },
  ...(idempotencyKey ? { idempotencyKey } : {}),
  label: { what: 'tu mensaje', text: body },
  context: { kind: KIND, moduleId, invalidate: [[...forumKeys.messages(moduleId)]] },
});

/**
 * The person's messages to a module's forum, in the phone's line of writes: each shows at once
 * as 'Enviando…', they reach the server in the order typed, each once (its Idempotency-Key goes
 * with every attempt), and one that cannot get through stays, with 'Reintentar'. The line is this
 * person's on this device, and outlives the page (IndexedDB).
 */
export function usePostMessage(moduleId: string) {
  useQueueOwner();
  const queryClient = useQueryClient();
  const userId = useSession().data?.id;
  const { pending, sendingId, userId: owner } = usePendingWrites();

  useEffect(() => {
    if (userId && owner === userId) adoptStoredMessages(userId, moduleId);
  }, [userId, owner, moduleId]);

  useWriteSent(
    useCallback(
      (write: QueuedWrite, response: unknown) => {
        if (ofForum(write, moduleId)) addMessage(queryClient, (response as { message: ForumMessage }).message);
      },
      [moduleId, queryClient],
    ),
  );

  const items: Outgoing<string>[] = pending
    .filter((write) => ofForum(write, moduleId))
    .map((write) => ({
      id: write.id,
      payload: write.label.text ?? '',
      idempotencyKey: write.idempotencyKey,
      state: write.id === sendingId ? 'sending' : write.lastError ? 'failed' : 'waiting',
      error: write.lastError,
    }));

  return {
    items,
    enqueue: (body: string) => void offlineQueue.enqueue(messageWrite(moduleId, body)).catch(() => undefined),
    retry: (id: string) => void offlineQueue.retry(id),
    discard: (id: string) => void offlineQueue.discard(id),
  };
}

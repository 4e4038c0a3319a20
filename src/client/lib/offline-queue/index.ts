// The trainee's writes without signal: one durable line per person on this phone (IndexedDB),
// sent in order, each once. Features send their writes with `sendWrite` (sent now when there is
// signal, kept in the line otherwise) or `enqueueWrite` (always kept first, e.g. on a downloaded
// module); the app frame shows what waits and what the server refused (`usePendingWrites`).
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { connectionLostSignal, isOnline, onReconnect } from '../connectivity.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import type { SessionResponse } from '../../../shared/schemas/auth.ts';
import { queryClient } from '../query-client.ts';
import { sessionKeys } from '../query-keys.ts';
import { useSession } from '../session.ts';
import { markInUse, markWrites } from './presence.ts';
import { isNetworkFailure, OfflineQueue, type QueueSnapshot, type WriteInput } from './queue.ts';
import type { QueuedWrite } from './store.ts';

export type { QueueSnapshot, WriteInput } from './queue.ts';
export { isNetworkFailure, isRefusal } from './queue.ts';
export type { QueuedWrite, RefusedWrite, WriteContext, WriteLabel, WriteMethod } from './store.ts';

/** A request that has not answered by then counts as lost; its write stays in the line. */
const SEND_TIMEOUT_MS = 30_000;
/** How often a line that could not be sent tries again by itself. */
const RETRY_EVERY_MS = 30_000;

const inBrowser = typeof window !== 'undefined' && typeof indexedDB !== 'undefined';

/** Who the app's session belongs to now: null signed out, undefined not known yet. */
const sessionOwner = () => {
  const session = queryClient.getQueryData<SessionResponse>(sessionKeys.current);
  return session === undefined ? undefined : (session.user?.id ?? null);
};

export const offlineQueue = new OfflineQueue({
  send: (write) =>
    api(write.url, {
      method: write.method,
      ...(write.body === undefined ? {} : { body: write.body }),
      idempotencyKey: write.idempotencyKey,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    }),
  isOnline,
  locks: inBrowser && 'locks' in navigator ? navigator.locks : null,
  channel: inBrowser && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('aula-virtual:cola') : null,
  owner: sessionOwner,
});

if (inBrowser) {
  // The line follows the session wherever the app is (a sign-out on the login page, another
  // person signing in on a shared phone), not only where a page shows it.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== sessionKeys.current[0]) return;
    const owner = sessionOwner();
    if (owner !== undefined) void offlineQueue.setUser(owner);
  });
  // The word that has the next page load this code at its start while the line holds something.
  offlineQueue.subscribe(() => {
    const userId = offlineQueue.currentUser;
    const { pending, refused } = offlineQueue.snapshot();
    if (userId) markWrites(userId, pending.length + refused.length > 0);
  });
  // Loaded after the session is known (with the first write of a page): its owner now.
  const owner = sessionOwner();
  if (owner !== undefined) void offlineQueue.setUser(owner);
  onReconnect(() => void offlineQueue.flush());
  setInterval(() => {
    if (offlineQueue.snapshot().pending.length > 0) void offlineQueue.flush();
  }, RETRY_EVERY_MS);
}

/** How a write went: saved by the server (with its answer), or kept on the phone to be sent later. */
export type WriteOutcome<T> = { saved: true; data: T } | { saved: false; write: QueuedWrite };

/**
 * Sends a trainee's write now if it can, in line with the ones already waiting: with no signal,
 * or when the request fails for want of it, the write is kept on the phone (with the same
 * Idempotency-Key, so a request that did arrive is not saved twice) and `saved` is false. A
 * refusal of the server (4xx) is thrown as usual, for the page to show.
 */
export async function sendWrite<T>(input: WriteInput): Promise<WriteOutcome<T>> {
  markInUse();
  const idempotencyKey = input.idempotencyKey ?? newIdempotencyKey();
  const request = { method: input.method, ...(input.body === undefined ? {} : { body: input.body }), idempotencyKey };
  // Nobody known yet (the session is being read): nothing to keep it under.
  if (!offlineQueue.currentUser) return { saved: true, data: await api<T>(input.url, request) };
  const keyed = { ...input, idempotencyKey };
  if (!isOnline()) return { saved: false, write: await offlineQueue.enqueue(keyed) };
  if (offlineQueue.snapshot().pending.length > 0) {
    const { write, sent, response } = await offlineQueue.sendInLine(keyed);
    return sent ? { saved: true, data: response as T } : { saved: false, write };
  }
  // A request on a network that reaches nowhere is given up when the app finds itself without
  // connection: the write goes to the line (its key makes a copy that did arrive harmless).
  const lost = connectionLostSignal();
  try {
    return { saved: true, data: await api<T>(input.url, { ...request, signal: lost.signal }) };
  } catch (error) {
    if (isNetworkFailure(error)) return { saved: false, write: await offlineQueue.enqueue(keyed) };
    throw error;
  } finally {
    lost.done();
  }
}

/** Keeps a write in the signed-in person's line (sent as soon as there is signal). */
export function enqueueWrite(input: WriteInput): Promise<QueuedWrite> {
  markInUse();
  return offlineQueue.enqueue(input);
}

/**
 * For the pages that write through the line: while one is open, the app frame shows the line's
 * panel (its code is asked for as the page opens, so a write made without signal is shown).
 */
export function useWriteLine() {
  useEffect(markInUse, []);
}

/** Makes the signed-in person the owner of the line shown and sent (call where their writes are made). */
export function useQueueOwner() {
  const user = useSession().data;
  const userId = user === undefined ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (userId !== undefined) void offlineQueue.setUser(userId);
  }, [userId]);
}

/** The signed-in person's waiting and refused writes, kept current across tabs. */
export function usePendingWrites(): QueueSnapshot {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.snapshot, offlineQueue.snapshot);
}

/** Once a write is sent or refused, the pages that show it read again what it names. */
export function useRefreshAfterWrites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (write: { context: { invalidate?: unknown[][] } }) =>
      write.context.invalidate?.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    const stopSent = offlineQueue.onSent(refresh);
    const stopRefused = offlineQueue.onRefused(refresh);
    return () => {
      stopSent();
      stopRefused();
    };
  }, [queryClient]);
}

/** Hears each write this tab's line sent, with the server's answer. */
export function useWriteSent(listener: (write: QueuedWrite, response: unknown) => void) {
  useWriteLine();
  useEffect(() => offlineQueue.onSent(listener), [listener]);
}

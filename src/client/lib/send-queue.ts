import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from './api.ts';
import { newIdempotencyKey } from './idempotency-key.ts';

/**
 * What a person typed and sent, until the server has it. 'sending' goes out now; 'waiting' goes
 * out after the ones before it; 'failed' stopped the line and waits for 'Reintentar'.
 */
export interface Outgoing<P> {
  id: string;
  payload: P;
  /** The same key on every attempt: the server keeps the message once however often it is sent. */
  idempotencyKey: string;
  state: 'sending' | 'waiting' | 'failed';
  error: string | null;
}

interface Handlers<P, R> {
  send(payload: P, idempotencyKey: string): Promise<R>;
  onSent(result: R): void;
}

/** A connection failure, a lapsed session or a server that could not answer: worth trying again by itself later. */
const retriesByItself = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status >= 500;

/**
 * Messages sent one at a time, in the order they were typed, each once. The line lives outside
 * any page (leaving the page does not stop it) and in the device's storage (a reload or a lapsed
 * session does not lose it). A failure stops the line where it is: nothing typed later overtakes it.
 */
class SendQueue<P, R> {
  private items: Outgoing<P>[];
  private readonly listeners = new Set<() => void>();
  private running = false;
  private retryByItself = new Set<string>();
  handlers: Handlers<P, R> | null = null;
  private readonly storageKey: string;

  constructor(storageKey: string) {
    this.storageKey = storageKey;
    // Whatever a previous page left unsent goes out again (its key makes a repeat harmless).
    this.items = readStored<P>(storageKey).map((item) => ({ ...item, state: 'waiting', error: null }));
  }

  snapshot = () => this.items;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  enqueue(payload: P) {
    this.update([...this.items, { id: newIdempotencyKey(), payload, idempotencyKey: newIdempotencyKey(), state: 'waiting', error: null }]);
    void this.pump();
  }

  /** 'Reintentar': the failed message goes out again, and the ones typed after it follow. */
  retry(id: string) {
    this.update(this.items.map((item) => (item.id === id && item.state === 'failed' ? { ...item, state: 'waiting', error: null } : item)));
    void this.pump();
  }

  /** Sends what is waiting, and again what failed for a reason that passes by itself (no signal, a lapsed session). */
  resume() {
    // A failure stops the line, so a failed message is always the first one.
    const first = this.items[0];
    if (first?.state === 'failed' && this.retryByItself.has(first.id)) this.retry(first.id);
    else void this.pump();
  }

  /** 'Descartar' a message that could not be sent; the rest of the line goes on. */
  discard(id: string) {
    this.update(this.items.filter((item) => item.id !== id || item.state !== 'failed'));
    void this.pump();
  }

  private update(items: Outgoing<P>[]) {
    this.items = items;
    writeStored(this.storageKey, items);
    this.listeners.forEach((listener) => listener());
  }

  private async pump() {
    if (this.running || !this.handlers) return;
    const next = this.items[0];
    if (!next || next.state === 'failed') return;
    this.running = true;
    this.update(this.items.map((item) => (item.id === next.id ? { ...item, state: 'sending' } : item)));
    try {
      const result = await this.handlers.send(next.payload, next.idempotencyKey);
      this.update(this.items.filter((item) => item.id !== next.id));
      this.handlers.onSent(result);
    } catch (error) {
      if (retriesByItself(error)) this.retryByItself.add(next.id);
      else this.retryByItself.delete(next.id);
      const message = error instanceof Error ? error.message : String(error);
      this.update(this.items.map((item) => (item.id === next.id ? { ...item, state: 'failed', error: message } : item)));
      return;
    } finally {
      this.running = false;
    }
    await this.pump();
  }
}

function readStored<P>(key: string): Array<Pick<Outgoing<P>, 'id' | 'payload' | 'idempotencyKey'>> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? (stored as Array<Pick<Outgoing<P>, 'id' | 'payload' | 'idempotencyKey'>>) : [];
  } catch {
    return [];
  }
}

function writeStored<P>(key: string, items: Outgoing<P>[]) {
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items.map(({ id, payload, idempotencyKey }) => ({ id, payload, idempotencyKey }))));
  } catch {
    // Private mode or a full disk: the line still works for as long as the page is open.
  }
}

const queues = new Map<string, SendQueue<unknown, unknown>>();
const empty: never[] = [];

// Signal is back: every line that stopped for want of it goes on.
if (typeof window !== 'undefined') window.addEventListener('online', () => queues.forEach((queue) => queue.resume()));

/**
 * The line of messages a box sends (`storageKey` names it: one per person and place; null while
 * unknown). Typing goes on while earlier messages are still on their way: `enqueue` shows the
 * message at once and the box can be emptied for the next one.
 */
export function useSendQueue<P, R>(storageKey: string | null, handlers: Handlers<P, R>) {
  let queue = storageKey ? (queues.get(storageKey) as SendQueue<P, R> | undefined) : undefined;
  if (storageKey && !queue) {
    queue = new SendQueue<P, R>(storageKey);
    queues.set(storageKey, queue as SendQueue<unknown, unknown>);
  }
  if (queue) queue.handlers = handlers;
  const items = useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.snapshot ?? emptySnapshot);

  // Coming back to the box (or a reload) sends what was left waiting or stopped by a lapsed session.
  useEffect(() => {
    queue?.resume();
  }, [queue]);

  return {
    items: items as Outgoing<P>[],
    enqueue: (payload: P) => queue?.enqueue(payload),
    retry: (id: string) => queue?.retry(id),
    discard: (id: string) => queue?.discard(id),
  };
}

const noSubscription = () => () => undefined;
const emptySnapshot = () => empty;

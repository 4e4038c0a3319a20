import { messages } from '../../../shared/messages.ts';
import { ApiError } from '../api.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import {
  appendWrite,
  deleteRefused,
  deleteWrite,
  deleteWriteById,
  refusedOf,
  refuseWrite,
  updateWrite,
  writesOf,
  type QueuedWrite,
  type RefusedWrite,
  type WriteContext,
  type WriteLabel,
  type WriteMethod,
} from './store.ts';

/** What a write needs to wait in the line. */
export interface WriteInput {
  method: WriteMethod;
  url: string;
  body?: unknown;
  label: WriteLabel;
  context: WriteContext;
  /** Chosen by the caller when it already sent the request once (the same key makes a repeat harmless). */
  idempotencyKey?: string;
  /** Consecutive writes with the same key become one (`merge` joins their bodies; without it, the latest stands). */
  coalesceKey?: string;
  merge?: (previous: unknown, next: unknown) => unknown;
  /** A write of this `coalesceKey` last in the line is replaced by this one (a submission makes its draft needless). */
  supersedes?: string;
}

export interface QueueSnapshot {
  userId: string | null;
  /** The signed-in person's waiting writes, in order. */
  pending: readonly QueuedWrite[];
  /** Their writes the server refused, oldest first, until dismissed. */
  refused: readonly RefusedWrite[];
  /** The write this tab is sending now. */
  sendingId: string | null;
}

export type Sender = (write: QueuedWrite) => Promise<unknown>;

export interface QueueOptions {
  send: Sender;
  isOnline?: () => boolean;
  now?: () => Date;
  /** Web Locks: one tab at a time sends a person's line. */
  locks?: Pick<LockManager, 'request'> | null;
  /** Tells the other tabs the line changed. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> | null;
  /** Who the session belongs to right now (undefined: not known yet), checked before each request. */
  owner?: () => string | null | undefined;
}

type SentListener = (write: QueuedWrite, response: unknown) => void;
type RefusedListener = (refused: RefusedWrite) => void;

/**
 * A refusal for good: the server read the request and will not save it (the module was blocked,
 * the activity was corrected meanwhile). A lapsed session (401), a timeout (408) and 'too many'
 * (429) pass by themselves, so those writes stay in the line.
 */
export const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

/** No signal, or no server behind the balancer: the write is kept to be sent later. */
export const isNetworkFailure = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;

const emptySnapshot: QueueSnapshot = { userId: null, pending: [], refused: [], sendingId: null };

/**
 * The trainee's writes made without signal (or whose request failed for want of it), kept in
 * IndexedDB per person and sent strictly in the order they were made, each with the
 * Idempotency-Key chosen when it was made. Only the signed-in person's line is sent (on a shared
 * phone, another person's writes wait for them). A refused write leaves the line and is kept,
 * with the trainee's text, until they dismiss it; the writes after it go on.
 */
export class OfflineQueue {
  private userId: string | null = null;
  private state: QueueSnapshot = emptySnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<SentListener>();
  private readonly refusedListeners = new Set<RefusedListener>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private sendingId: string | null = null;
  private readonly options: Required<Omit<QueueOptions, 'locks' | 'channel' | 'owner'>> & Pick<QueueOptions, 'locks' | 'channel' | 'owner'>;

  constructor(options: QueueOptions) {
    this.options = { isOnline: () => true, now: () => new Date(), ...options };
    this.options.channel?.addEventListener('message', () => void this.reload());
  }

  snapshot = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Hears each write the server saved (with its answer), in this tab. */
  onSent(listener: SentListener) {
    this.sentListeners.add(listener);
    return () => void this.sentListeners.delete(listener);
  }

  onRefused(listener: RefusedListener) {
    this.refusedListeners.add(listener);
    return () => void this.refusedListeners.delete(listener);
  }

  get currentUser() {
    return this.userId;
  }

  /** Who is signed in (null: nobody): only their line is shown and sent. */
  async setUser(userId: string | null) {
    if (userId === this.userId) return;
    this.userId = userId;
    this.sendingId = null;
    await this.reload();
    if (userId) await this.flush();
  }

  /** Keeps a write at the end of the signed-in person's line, and sends the line if there is signal. */
  async enqueue(input: WriteInput): Promise<QueuedWrite> {
    const write = await this.store(input);
    void this.flush();
    return write;
  }

  /**
   * Sends a write behind the ones already waiting and says how it went: the server's answer,
   * or null when it is still waiting (no signal). A refusal comes back as its ApiError.
   */
  async sendInLine(input: WriteInput): Promise<{ write: QueuedWrite; sent: boolean; response?: unknown }> {
    const write = await this.store(input);
    let outcome: { response: unknown } | { error: ApiError } | null = null;
    const stopSent = this.onSent((sent, response) => {
      if (sent.id === write.id) outcome = { response };
    });
    const stopRefused = this.onRefused((refused) => {
      if (refused.id === write.id) outcome = { error: new ApiError(refused.status, 'CONFLICT', refused.reason) };
    });
    try {
      await this.flush();
    } finally {
      stopSent();
      stopRefused();
    }
    const settled = outcome as { response: unknown } | { error: ApiError } | null;
    if (settled && 'error' in settled) {
      // The caller shows the refusal itself: it is not kept in the list as well.
      await deleteRefused(write.id);
      await this.changed();
      throw settled.error;
    }
    return settled ? { write, sent: true, response: settled.response } : { write, sent: false };
  }

  private async store(input: WriteInput): Promise<QueuedWrite> {
    const userId = this.userId;
    if (!userId) throw new Error(messages.queueNoOwner);
    const write = await appendWrite(
      {
        id: newIdempotencyKey(),
        userId,
        method: input.method,
        url: input.url,
        body: input.body,
        idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
        label: input.label,
        context: input.context,
        ...(input.coalesceKey ? { coalesceKey: input.coalesceKey } : {}),
        createdAt: this.options.now().toISOString(),
        attempts: 0,
        lastError: null,
      },
      input.merge,
      input.supersedes,
    );
    await this.changed();
    return write;
  }

  /** 'Reintentar': sends the line now (the write named shows as waiting again meanwhile). */
  async retry(id?: string) {
    if (id) {
      const write = this.state.pending.find((w) => w.id === id);
      if (write?.seq !== undefined) await updateWrite(write.seq, { lastError: null });
      await this.changed();
    }
    return this.flush();
  }

  /** 'Descartar' a waiting write. */
  async discard(id: string) {
    await deleteWriteById(id);
    await this.changed();
    void this.flush();
  }

  /** 'Descartar' a refused write: the trainee has seen it. */
  async dismiss(id: string) {
    await deleteRefused(id);
    await this.changed();
  }

  /** Sends the signed-in person's line, from the first write, until it is empty or a write cannot get through. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        const userId = this.userId;
        if (!userId || !this.options.isOnline()) return;
        await this.withLock(userId, () => this.sendAll(userId));
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async withLock(userId: string, run: () => Promise<void>) {
    const locks = this.options.locks;
    if (!locks) return run();
    // Another tab sending the same line: wait for it, then send whatever it left.
    await locks.request(`aula-cola:${userId}`, run);
  }

  private async sendAll(userId: string) {
    for (;;) {
      // Signed out or someone else signed in meanwhile: their session never sends this line.
      const owner = this.options.owner?.();
      if (this.userId !== userId || (owner !== undefined && owner !== userId) || !this.options.isOnline()) return;
      const [next] = await writesOf(userId);
      if (!next) return;
      this.sendingId = next.id;
      this.notify();
      try {
        const response = await this.options.send(next);
        await deleteWrite(next.seq!);
        this.sendingId = null;
        await this.changed();
        this.sentListeners.forEach((listener) => listener(next, response));
      } catch (error) {
        this.sendingId = null;
        const status = error instanceof ApiError ? error.status : 0;
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && isRefusal(status)) {
          const refused = await refuseWrite(next, status, reason, this.options.now());
          await this.changed();
          this.refusedListeners.forEach((listener) => listener(refused));
          continue;
        }
        await updateWrite(next.seq!, { attempts: next.attempts + 1, lastError: reason, waitingForSignIn: status === 401 });
        // A write added meanwhile waits behind this one: trying the line again right away would fail alike.
        this.again = false;
        await this.changed();
        return;
      }
    }
  }

  /** Reads the line again (this tab or another one changed it). */
  async reload() {
    const userId = this.userId;
    const [pending, refused] = userId ? await Promise.all([writesOf(userId), refusedOf(userId)]) : [[], []];
    if (userId !== this.userId) return;
    this.state = { userId, pending, refused, sendingId: this.sendingId };
    this.listeners.forEach((listener) => listener());
  }

  private async changed() {
    await this.reload();
    this.options.channel?.postMessage({ type: 'changed' });
  }

  private notify() {
    this.state = { ...this.state, sendingId: this.sendingId };
    this.listeners.forEach((listener) => listener());
  }
}

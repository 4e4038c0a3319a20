import { useEffect, useSyncExternalStore } from 'react';
import type { AttemptQuestion } from '../../../shared/schemas/exams.ts';
import { ApiError } from '../../lib/api.ts';
import { onReconnect } from '../../lib/connectivity.ts';
import { saveAnswer, type SavedAnswer } from './api/attempts.ts';

// An exam's answers on a weak signal: each one is kept on the phone the moment it is chosen
// (localStorage, per attempt and question, with its seq) and then sent, one request at a time,
// in the order chosen. A failure for want of network or server waits and tries again (sooner
// when the signal comes back); a newer answer to a question replaces its older one not yet
// sent, so each seq leaves the phone once. A reload finds what was left and sends it.

interface Answer {
  answer: number[];
  seq: number;
}

export interface SyncSnapshot {
  /** The answer shown for each question (by position): this phone's latest, else the server's. */
  answers: ReadonlyMap<number, readonly number[]>;
  /** Answers kept on the phone that the server does not have yet. */
  pending: number;
  /** The last send failed for want of network or server: retrying. */
  offline: boolean;
  /** The server refused answers because the attempt is over (its time ran out). */
  closed: boolean;
}

export interface SyncHandlers {
  /** An answer reached the server; `sentAt` is when its request left (performance.now()). */
  onSaved(saved: SavedAnswer, sentAt: number): void;
  /** The server says the attempt is closed: read it again (it comes back graded). */
  onClosed(): void;
  /** The server refused an answer for good (it cannot be saved): say so. */
  onRejected(message: string): void;
}

export type SettleResult = 'sent' | 'offline' | 'closed';

/** Waits before each new try after a failure: quick at first, then every half minute. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** A request that has not answered by then counts as lost (a weak signal can hang one for minutes). */
const SEND_TIMEOUT_MS = 15_000;

const storageKey = (attemptId: string) => `aula:examen:${attemptId}`;

/** No connection, no answer in time, or the server could not answer (5xx): worth trying again by itself. */
const isConnectionError = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

function readStored(attemptId: string): Map<number, Answer> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(attemptId)) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(
      (stored as Array<Answer & { position: number }>)
        .filter((item) => Number.isInteger(item.position) && Array.isArray(item.answer) && Number.isInteger(item.seq))
        .map((item) => [item.position, { answer: item.answer, seq: item.seq }]),
    );
  } catch {
    return new Map();
  }
}

function writeStored(attemptId: string, pending: Map<number, Answer>) {
  try {
    if (pending.size === 0) localStorage.removeItem(storageKey(attemptId));
    else localStorage.setItem(storageKey(attemptId), JSON.stringify([...pending].map(([position, item]) => ({ position, ...item }))));
  } catch {
    // Private mode or a full disk: the answers still go out for as long as the page is open.
  }
}

export class AnswerSync {
  private readonly attemptId: string;
  /** What the server has, by position. */
  private readonly known = new Map<number, Answer>();
  /** What it does not have yet, in the order to send it (a Map keeps insertion order). */
  private readonly pending: Map<number, Answer>;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private offline = false;
  private closed = false;
  private current: SyncSnapshot;
  handlers: SyncHandlers | null = null;

  constructor(attemptId: string) {
    this.attemptId = attemptId;
    this.pending = readStored(attemptId);
    this.current = this.build();
  }

  snapshot = () => this.current;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The server's answers (the attempt as read or resumed): an answer kept here that it already has, or a newer one, is dropped. */
  load(questions: readonly AttemptQuestion[]) {
    for (const question of questions) {
      const known = this.known.get(question.position);
      if (!known || question.answerSeq >= known.seq)
        this.known.set(question.position, { answer: question.answer, seq: question.answerSeq });
      const pending = this.pending.get(question.position);
      if (pending && pending.seq <= question.answerSeq) this.pending.delete(question.position);
    }
    this.changed();
    void this.pump();
  }

  /** An answer chosen: kept at once, sent as soon as the ones before it are. */
  choose(position: number, answer: number[]) {
    if (this.closed) return;
    const seq = Math.max(this.known.get(position)?.seq ?? 0, this.pending.get(position)?.seq ?? 0) + 1;
    this.pending.delete(position);
    this.pending.set(position, { answer: [...answer].sort((a, b) => a - b), seq });
    this.changed();
    void this.pump();
  }

  /** Try now rather than after the wait (the signal is back, or the student hands in). */
  resume() {
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.pump();
  }

  /** Once nothing is on its way: everything sent, or a send failed for want of signal, or the attempt is closed. */
  settle(): Promise<SettleResult> {
    return new Promise((resolve) => {
      const check = () => {
        const result: SettleResult | null = this.closed
          ? 'closed'
          : this.running
            ? null
            : this.pending.size === 0
              ? 'sent'
              : this.offline
                ? 'offline'
                : null;
        if (!result) return false;
        stop();
        resolve(result);
        return true;
      };
      const stop = this.subscribe(() => void check());
      check();
    });
  }

  private build(): SyncSnapshot {
    const answers = new Map<number, readonly number[]>();
    for (const [position, item] of this.known) answers.set(position, item.answer);
    for (const [position, item] of this.pending) answers.set(position, item.answer);
    return { answers, pending: this.pending.size, offline: this.offline, closed: this.closed };
  }

  private changed() {
    writeStored(this.attemptId, this.pending);
    this.current = this.build();
    this.listeners.forEach((listener) => listener());
  }

  private async pump(): Promise<void> {
    if (this.running || this.closed || this.timer || !this.handlers) return;
    const next = this.pending.entries().next();
    if (next.done) return;
    const [position, item] = next.value;
    this.running = true;
    const sentAt = performance.now();
    try {
      const saved = await saveAnswer(this.attemptId, position, item, AbortSignal.timeout(SEND_TIMEOUT_MS));
      this.failures = 0;
      this.offline = false;
      this.known.set(position, { answer: item.answer, seq: Math.max(item.seq, saved.answerSeq) });
      // A newer answer chosen while this one travelled stays, and goes next.
      if (this.pending.get(position)?.seq === item.seq) this.pending.delete(position);
      this.running = false;
      this.changed();
      this.handlers?.onSaved(saved, sentAt);
    } catch (error) {
      this.running = false;
      this.failed(position, item, error);
      return;
    }
    await this.pump();
  }

  private failed(position: number, item: Answer, error: unknown) {
    if (error instanceof ApiError && error.status === 409) {
      // Time is up on the server: nothing more can be saved, the attempt is graded as it stands.
      this.closed = true;
      this.pending.clear();
      this.changed();
      this.handlers?.onClosed();
      return;
    }
    if (isConnectionError(error)) {
      this.offline = true;
      const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
      this.failures += 1;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.pump();
      }, delay);
      this.changed();
      return;
    }
    // A lapsed session (401) keeps the answers here: the page comes back after signing in and sends them.
    if (error instanceof ApiError && error.status === 401) {
      this.changed();
      return;
    }
    // Refused for good (the question or option does not exist): this answer cannot be saved.
    if (this.pending.get(position)?.seq === item.seq) this.pending.delete(position);
    this.changed();
    this.handlers?.onRejected(error instanceof Error ? error.message : String(error));
    void this.pump();
  }
}

const syncs = new Map<string, AnswerSync>();

// The signal is back: every attempt waiting to send tries at once.
onReconnect(() => syncs.forEach((sync) => sync.resume()));

function syncFor(attemptId: string): AnswerSync {
  let sync = syncs.get(attemptId);
  if (!sync) {
    sync = new AnswerSync(attemptId);
    syncs.set(attemptId, sync);
  }
  return sync;
}

const emptySnapshot: SyncSnapshot = { answers: new Map(), pending: 0, offline: false, closed: false };

/**
 * The answers of an open attempt, kept on the phone and sent as described above. `questions` is
 * the attempt as the server last gave it; `handlers` hear what the server answered.
 */
export function useAnswerSync(attemptId: string, questions: readonly AttemptQuestion[] | null, handlers: SyncHandlers) {
  const sync = syncFor(attemptId);
  sync.handlers = handlers;
  const snapshot = useSyncExternalStore(sync.subscribe, sync.snapshot, () => emptySnapshot);

  // The attempt as read from the server (a reload, a resume): what this phone kept and the server lacks goes out.
  useEffect(() => {
    if (questions) sync.load(questions);
  }, [sync, questions]);

  return {
    snapshot,
    choose: (position: number, answer: number[]) => sync.choose(position, answer),
    settle: () => {
      sync.resume();
      return sync.settle();
    },
  };
}

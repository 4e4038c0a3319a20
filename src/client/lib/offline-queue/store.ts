import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the trainee saw of a write, to name it when it waits or when the server refuses it. */
export interface WriteLabel {
  /** What it is, as a phrase: 'tu respuesta', 'tu mensaje', 'lo que viste del video'… */
  what: string;
  /** The question, jugada or thread it answers, when there is one. */
  question?: string;
  /** The module (or course) it belongs to. */
  module?: string;
  /** The trainee's own text, kept to be copied if the server refuses it. */
  text?: string;
}

/** Where a write belongs, so the pages that show it can find it and read again once it is sent. */
export interface WriteContext {
  /** The kind of write ('forum-message', 'activity-draft', 'activity-submit', 'jugada-answer', …). */
  kind: string;
  courseId?: string;
  moduleId?: string;
  /** TanStack Query keys to read again after it is sent or refused. */
  invalidate?: unknown[][];
}

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One write waiting in the line. */
export interface QueuedWrite {
  /** Its place in the line (IndexedDB's key generator only grows: the order the writes were made in). */
  seq?: number;
  id: string;
  /** Whose write it is: only sent under that person's session. */
  userId: string;
  method: WriteMethod;
  url: string;
  body?: unknown;
  /** Chosen when it was made and sent with every attempt: the server saves it once. */
  idempotencyKey: string;
  label: WriteLabel;
  context: WriteContext;
  /** Writes with the same key that follow each other are merged (the latest draft of an activity). */
  coalesceKey?: string;
  createdAt: string;
  attempts: number;
  /** Why the last attempt did not get through (no signal, a lapsed session), or null. */
  lastError: string | null;
  /** The last attempt was answered 401: it waits for its owner to sign in again. */
  waitingForSignIn?: boolean;
}

/** A write the server refused for good, kept until the trainee dismisses it. */
export interface RefusedWrite {
  id: string;
  userId: string;
  method: WriteMethod;
  url: string;
  label: WriteLabel;
  context: WriteContext;
  status: number;
  /** The server's Spanish message. */
  reason: string;
  createdAt: string;
  refusedAt: string;
}

interface QueueSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite; indexes: { byUser: string; byId: string } };
  refused: { key: string; value: RefusedWrite; indexes: { byUser: string } };
}

export const DB_NAME = 'aula-virtual-cola';

export type QueueDb = IDBPDatabase<QueueSchema>;

let opening: Promise<QueueDb> | null = null;

/** The phone's line of writes (IndexedDB: it outlives the tab and a restart of the phone). */
export function openQueueDb(): Promise<QueueDb> {
  opening ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade(db) {
      const writes = db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
      writes.createIndex('byUser', 'userId');
      writes.createIndex('byId', 'id', { unique: true });
      const refused = db.createObjectStore('refused', { keyPath: 'id' });
      refused.createIndex('byUser', 'userId');
    },
    // Another tab opens a newer version: let it, and open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  opening.catch(() => (opening = null));
  return opening;
}

/** Closes the connection (tests reopen it as a restarted page would). */
export async function closeQueueDb() {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}

/** A person's waiting writes, in the order they were made. */
export async function writesOf(userId: string): Promise<QueuedWrite[]> {
  const db = await openQueueDb();
  // Within one index key, IndexedDB orders by primary key: by `seq`, the order they were made.
  return db.getAllFromIndex('writes', 'byUser', userId);
}

/**
 * Adds a write at the end of its owner's line. With a `coalesceKey` equal to the last one's, the
 * two become one (`merge` of both bodies) at the end of the line, under a new key: the earlier
 * one, if it is being sent right now, still arrives first, and the merged one after it.
 * With `supersedes`, a last write of that key is replaced (not merged) the same way.
 */
export async function appendWrite(
  write: QueuedWrite,
  merge?: (previous: unknown, next: unknown) => unknown,
  /** The last write is replaced if its `coalesceKey` is this one (a submission carries the draft before it). */
  supersedes?: string,
): Promise<QueuedWrite> {
  const db = await openQueueDb();
  const tx = db.transaction('writes', 'readwrite');
  const store = tx.store;
  let stored = write;
  const replaces = supersedes ?? write.coalesceKey;
  if (replaces) {
    const cursor = await store.index('byUser').openCursor(IDBKeyRange.only(write.userId), 'prev');
    const last = cursor?.value;
    if (last && last.coalesceKey === replaces) {
      stored = { ...write, body: merge && !supersedes ? merge(last.body, write.body) : write.body };
      await store.delete(last.seq!);
    }
  }
  const seq = await store.add(stored);
  await tx.done;
  return { ...stored, seq };
}

export async function updateWrite(seq: number, change: Partial<QueuedWrite>) {
  const db = await openQueueDb();
  const tx = db.transaction('writes', 'readwrite');
  const current = await tx.store.get(seq);
  if (current) await tx.store.put({ ...current, ...change, seq });
  await tx.done;
}

export async function deleteWrite(seq: number) {
  const db = await openQueueDb();
  await db.delete('writes', seq);
}

/** Takes a write out of the line and keeps it as refused, in one transaction. */
export async function refuseWrite(write: QueuedWrite, status: number, reason: string, now: Date): Promise<RefusedWrite> {
  const db = await openQueueDb();
  const tx = db.transaction(['writes', 'refused'], 'readwrite');
  const refused: RefusedWrite = {
    id: write.id,
    userId: write.userId,
    method: write.method,
    url: write.url,
    label: write.label,
    context: write.context,
    status,
    reason,
    createdAt: write.createdAt,
    refusedAt: now.toISOString(),
  };
  await tx.objectStore('writes').delete(write.seq!);
  await tx.objectStore('refused').put(refused);
  await tx.done;
  return refused;
}

export async function refusedOf(userId: string): Promise<RefusedWrite[]> {
  const db = await openQueueDb();
  const all = await db.getAllFromIndex('refused', 'byUser', userId);
  return all.sort((a, b) => a.refusedAt.localeCompare(b.refusedAt));
}

export async function deleteRefused(id: string) {
  const db = await openQueueDb();
  await db.delete('refused', id);
}

export async function deleteWriteById(id: string) {
  const db = await openQueueDb();
  const tx = db.transaction('writes', 'readwrite');
  const key = await tx.store.index('byId').getKey(id);
  if (key !== undefined) await tx.store.delete(key);
  await tx.done;
}

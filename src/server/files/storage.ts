import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';

/** What the store knows of one stored object. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** An inclusive byte range, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded bytes live: the local disk (default) or an S3-compatible object store.
 * Keys come from `newStorageKey`; no user-supplied name ever reaches the store. Every method
 * streams: nothing holds a whole file in memory. Failures of the store itself throw
 * `StorageUnavailableError`; a missing key throws `StoredObjectNotFoundError`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the stream under `key`; the object exists only once the whole stream arrived.
   * More than `maxBytes` bytes fail with `StoredObjectTooLargeError` and keep nothing; an
   * error of the source stream is rethrown as it is, and nothing is kept either.
   */
  put(key: string, body: Readable, options: { contentType: string; maxBytes?: number }): Promise<{ size: number }>;
  /**
   * The local driver only: takes a finished file from the same disk as the object `key` (one
   * rename, no copy), as a resumable upload leaves a match's video.
   */
  adopt?(key: string, file: string): Promise<{ size: number }>;
  /** The object's bytes, or only those of `range` (inclusive, within the object). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject>;
  /** Removes the object; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object (for the clean-up of orphaned uploads and for tests). */
  list(): AsyncIterable<StoredObject>;
  /** Removes leftovers of uploads that never finished, older than `olderThan` (local scratch files, unfinished multipart uploads). */
  removeUnfinished(olderThan: Date): Promise<number>;
  close(): Promise<void>;
}

export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`el almacenamiento de archivos no responde: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
export class StoredObjectNotFoundError extends Error {}
export class StoredObjectTooLargeError extends Error {}

export const STORAGE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** A fresh key for a new object: a random id and the type's extension. */
export function newStorageKey(extension: string): string {
  return `${randomUUID()}.${
    extension
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'bin'
  }`;
}

export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`clave de archivo inválida: ${key}`);
  return key;
}

/** Counts the bytes that pass and fails with `StoredObjectTooLargeError` past `maxBytes`. */
export function byteCounter(maxBytes = Number.POSITIVE_INFINITY): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) return done(new StoredObjectTooLargeError(`más de ${maxBytes} bytes`));
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** Stores bytes made by the app itself (the sample course, tests) under a new key. */
export async function storeBuffer(storage: FileStorage, content: Buffer, extension: string, contentType: string): Promise<string> {
  const key = newStorageKey(extension);
  await storage.put(key, Readable.from([content]), { contentType });
  return key;
}

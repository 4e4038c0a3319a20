import { useRef } from 'react';

/** A random key for `Idempotency-Key` (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keys for one create: the same content sent again (a double tap, a retry after a lost answer)
 * carries the same key, so the server answers it with the first result; after a success, or
 * for different content, a new key.
 */
export function useIdempotencyKeys() {
  const last = useRef<{ content: string; key: string } | null>(null);
  const keys = useRef({
    keyFor(content: unknown): string {
      const text = JSON.stringify(content);
      if (last.current?.content !== text) last.current = { content: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    /** The create succeeded: the next one, even with the same content, is a new request. */
    done() {
      last.current = null;
    },
  });
  return keys.current;
}

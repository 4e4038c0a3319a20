// The line of writes for pages that may write nothing: its code comes with the first write (or
// when the line holds something, presence.ts), not with the page. Same functions as index.ts.
import { useEffect } from 'react';
import type { QueuedWrite, WriteInput, WriteOutcome } from './index.ts';

const load = () => import('./index.ts');

export async function sendWrite<T>(input: WriteInput): Promise<WriteOutcome<T>> {
  return (await load()).sendWrite<T>(input);
}

/** Hears each write this tab's line sent, with the server's answer (once the line's code is here). */
export function useWriteSent(listener: (write: QueuedWrite, response: unknown) => void) {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void load().then(({ offlineQueue }) => {
      if (live) stop = offlineQueue.onSent(listener);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [listener]);
}

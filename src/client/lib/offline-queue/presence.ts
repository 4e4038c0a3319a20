// Whether the line of writes is needed on this page: it holds something of the signed-in person
// (a word in localStorage, kept by the line itself), or a page that writes through it is open or
// has made a write. Only then does the app frame load the line's panel, so a page that writes
// nothing does not download it (nor does code loaded ahead for the next page).
import { useSyncExternalStore } from 'react';

const key = (userId: string) => `aula-virtual:cola:${userId}`;

/** The line says whether it holds writes (waiting or refused) of `userId`. */
export function markWrites(userId: string, any: boolean) {
  try {
    if (any) localStorage.setItem(key(userId), '1');
    else localStorage.removeItem(key(userId));
  } catch {
    // Storage unavailable: the line is loaded whenever a write is made, as without the word.
  }
}

function holdsWrites(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}

let inUse = false;
const listeners = new Set<() => void>();

/** A page that writes through the line is open, or a write was made: the panel is needed from now on. */
export function markInUse() {
  if (inUse) return;
  inUse = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the app frame should load the line and show its panel for `userId`. */
export function useQueueNeeded(userId: string | null): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inUse || (userId !== null && holdsWrites(userId)),
    () => false,
  );
}

// Whether the line of writes is needed on this page: it holds something of the signed-in person
// (a word in localStorage, kept by the line itself) or a write was just made. Only then does the
// app load the line's code and its panel, so a page that writes nothing does not download them.
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

let loaded = false;
const listeners = new Set<() => void>();

/** The line's code is here (a page made a write, or it was loaded for what it holds). */
export function markLoaded() {
  loaded = true;
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
    () => loaded || (userId !== null && holdsWrites(userId)),
    () => false,
  );
}

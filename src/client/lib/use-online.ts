import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from './connectivity.ts';

// The server's render (and the first render that takes it over) assume a connection: the page
// was just delivered.
const onServer = () => true;

/** `false` while the app has no connection to its server (lib/connectivity.ts); re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, onServer);
}

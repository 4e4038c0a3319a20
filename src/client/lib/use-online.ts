import { useSyncExternalStore } from 'react';

// Whether the browser has a network connection, as it reports it (navigator.onLine and its
// 'online'/'offline' events). "Online" can still mean a network that reaches nowhere; "offline"
// is certain, and that is what the app tells the person.

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const current = () => navigator.onLine;
// The server's render (and the first render that takes it over) assume a connection: the page
// was just delivered.
const onServer = () => true;

/** `false` while the browser has no network connection; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, current, onServer);
}

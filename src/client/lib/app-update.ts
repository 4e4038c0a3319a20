// A new version of the app (a new service worker) is installed in the background and waits:
// the page says 'Hay una versión nueva' and only the person's 'Actualizar' activates it and
// reloads. Nothing reloads a page by itself — not even when the update was accepted in another
// tab, which would lose what this one has on screen.

import { isOnline as isConnected } from './connectivity.ts';

export interface AppUpdate {
  /** 'Actualizar': activate the waiting version; this page reloads once it is in control. */
  accept(activate: () => Promise<void>): Promise<void>;
  /** The new version took control of this page (from this tab's 'Actualizar' or another's). */
  tookControl(): void;
}

export function createAppUpdate(reload: () => void): AppUpdate {
  let accepted = false;
  let reloading = false;
  return {
    async accept(activate) {
      accepted = true;
      await activate();
    },
    tookControl() {
      if (!accepted || reloading) return;
      reloading = true;
      reload();
    },
  };
}

/** How often an open app asks whether there is a new version (the browser also asks at each page load). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Asks for a new version every `every` ms while there is a connection; a failed check waits for
 * the next. Returns the function that stops it.
 */
export function checkForUpdates(
  registration: Pick<ServiceWorkerRegistration, 'update'>,
  isOnline: () => boolean = isConnected,
  every = UPDATE_CHECK_MS,
): () => void {
  const timer = setInterval(() => {
    if (isOnline()) registration.update().catch(() => undefined);
  }, every);
  return () => clearInterval(timer);
}

import { useSyncExternalStore } from 'react';

// 'Instalar Aula Virtual': browsers that can install the app (Chrome, Edge, Samsung Internet on
// Android) announce it with a `beforeinstallprompt` event, which the app keeps to open the
// browser's own install dialog when the person asks. Where the event never comes (Safari,
// Firefox) nothing is offered: those browsers install from their own menu.

/** The browser's install offer (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer from now on; call once at start (the event can come before
 * any page is shown). Once installed, the offer is gone.
 */
export function listenForInstallPrompt(target: EventTarget = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own bar would offer it on every page: the app offers it where it fits.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/**
 * Opens the browser's install dialog. The offer is used once, whatever the answer: after a
 * dismissal the browser itself decides when to offer it again.
 */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = offer;
  if (!event) return 'unavailable';
  offer = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether the browser offers to install the app now. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
}

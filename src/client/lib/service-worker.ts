// The service worker (src/client/sw.ts) is registered with the browser's own API once the page
// has loaded: the page and its video have the connection first, and no library code is loaded
// for it. Only when a new version is installed and waiting does the page load the notice that
// offers 'Actualizar' (app/update-prompt.tsx).
import { checkForUpdates } from './app-update.ts';

let waiting: Promise<ServiceWorkerRegistration> | null = null;

/** Resolves with the registration once a new version waits for 'Actualizar'; never without a service worker. */
export function newVersionWaiting(): Promise<ServiceWorkerRegistration> {
  waiting ??= new Promise((resolve) => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const register = () => {
      container
        .register('/sw.js', { scope: '/' })
        .then((registration) => {
          checkForUpdates(registration);
          // The first version is no update: it takes the page without asking (there is no controller yet).
          const isUpdate = () => container.controller !== null;
          if (registration.waiting && isUpdate()) resolve(registration);
          registration.addEventListener('updatefound', () => {
            const installing = registration.installing;
            installing?.addEventListener('statechange', () => {
              if (installing.state === 'installed' && isUpdate()) resolve(registration);
            });
          });
        })
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
  return waiting;
}

/** 'Actualizar': the waiting version takes over (the page reloads on `controllerchange`). */
export function activateWaiting(registration: ServiceWorkerRegistration): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = registration.waiting;
    if (!worker) return reject(new Error('no hay una versión esperando'));
    worker.postMessage({ type: 'SKIP_WAITING' });
    resolve();
  });
}

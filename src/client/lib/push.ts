// This browser's Web Push subscription ('Mi cuenta' → 'Avisos'): whether it can have one, the one
// it has, subscribing with the server's key (the browser asks its permission then, never before)
// and forgetting it (at sign-out too, so the next person on a shared phone starts clean).

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The app's service worker, if the browser registered it (a production build does it at start). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (found?.active) return found;
  // Just installed: ready resolves once it is active (not waited on forever).
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
}

/** This browser's subscription now, without waiting for a worker still installing (it has none yet). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushRefused extends Error {}

/**
 * Asks the browser's permission (the person pressed the button) and subscribes with the server's
 * public key; a subscription made with another key (an earlier server) is replaced.
 */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission);
  const reg = await registration();
  if (!reg) throw new Error('sin service worker');
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same = current && new Uint8Array(current).every((byte, i) => byte === key[i]);
    if (same) return existing.toJSON();
    await existing.unsubscribe();
  }
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Forgets this browser's subscription; answers its endpoint (for the server), or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}

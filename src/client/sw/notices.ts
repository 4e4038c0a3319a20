// Notices on the phone (Web Push): the server's encrypted message arrives here, the browser has
// already decrypted it; it is shown as the course's name and one line, and a tap opens the page it
// names, in a window of the app already open when there is one.
declare const self: ServiceWorkerGlobalScope;

interface NoticePayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * What a push carries, or a generic notice for one that is not ours to read (never nothing: browsers
 * penalise a silent push). Only a path of this app is opened: never another site.
 */
export function noticeOf(message: Pick<PushMessageData, 'json'> | null | undefined): NoticePayload {
  try {
    const data = message?.json() as Partial<NoticePayload> | undefined;
    if (data && typeof data.title === 'string' && typeof data.body === 'string') {
      const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
      return { title: data.title, body: data.body, url, tag: typeof data.tag === 'string' ? data.tag : url };
    }
  } catch {
    // Not JSON: shown as the app's own notice below.
  }
  return { title: 'Aula Virtual', body: 'Tenés novedades en Aula Virtual.', url: '/', tag: 'aula-virtual' };
}

export function registerNoticeHandlers() {
  self.addEventListener('push', (event) => {
    const notice = noticeOf(event.data);
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'es-AR',
        data: { url: notice.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
    const target = new URL(path, self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        // A full navigation in the app's open window: the page's own data comes with it, as any link followed there.
        const navigated = open ? await open.navigate(target).catch(() => null) : null;
        if (navigated) {
          await navigated.focus().catch(() => undefined);
          return;
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
}

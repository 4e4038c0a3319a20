// The signed-in trainee's downloads, for the pages that show them (the module, the module list,
// 'Mi cuenta' → 'Descargas'), and the check that keeps them to what the trainee may still see.
import { useEffect, useSyncExternalStore } from 'react';
import { offlineMessages } from '../../../shared/messages.ts';
import { ApiError } from '../api.ts';
import { isOnline, onReconnect } from '../connectivity.ts';
import { useSession } from '../session.ts';
import { downloadsCacheOf } from './cache-name.ts';
import { notKeptOf, type DownloadIndex, type DownloadRecord } from './download-index.ts';
import { fetchOfflineList, removeDownload } from './download-manager.ts';
import { downloadsOf, putDownload, subscribeDownloads } from './downloads-store.ts';

const none: DownloadIndex = {};

/** The signed-in user's downloads on this device (none while signed out). */
export function useDownloads(): { userId: string | null; downloads: DownloadIndex } {
  const { data: user } = useSession();
  const userId = user?.id ?? null;
  const downloads = useSyncExternalStore(
    subscribeDownloads,
    () => (userId ? downloadsOf(userId) : none),
    () => none,
  );
  return { userId, downloads };
}

/**
 * A finished download some of whose answers are no longer on the phone (the browser freed the
 * space, or they were kept where this version no longer looks): it says 'Descarga incompleta'
 * again, and 'Reanudar' fetches what is missing, rather than failing once the signal is gone.
 */
async function markMissing(userId: string, record: DownloadRecord): Promise<void> {
  if (!record.complete || typeof caches === 'undefined') return;
  const name = downloadsCacheOf(userId);
  const cache = (await caches.has(name)) ? await caches.open(name) : null;
  const missing = new Set<string>();
  for (const entry of record.entries) if (entry.stored && !(await cache?.match(entry.url))) missing.add(entry.url);
  if (missing.size === 0) return;
  putDownload(userId, {
    ...record,
    complete: false,
    downloadedAt: null,
    entries: record.entries.map((entry) => (missing.has(entry.url) ? { ...entry, stored: false, bytes: 0 } : entry)),
  });
}

/**
 * Checks each download (at start and whenever the signal comes back): what the phone no longer
 * holds is marked missing; then, `online`, the server is asked again: a module now blocked,
 * archived or gone answers 404, and its download is removed, the trainee told; one whose video is
 * now on YouTube (or a download of an earlier version, which did not note it) is marked for it.
 * Any other failure (no signal, the session over) leaves the downloads as they are.
 */
export async function revalidateDownloads(userId: string, tell: (message: string) => void, online = true): Promise<void> {
  for (const record of Object.values(downloadsOf(userId))) {
    await markMissing(userId, record).catch(() => undefined);
    if (!online) continue;
    try {
      const now = notKeptOf(await fetchOfflineList(record.moduleId));
      const current = downloadsOf(userId)[record.moduleId];
      // Only ever more missing: a video now uploaded is not on the phone until downloaded again.
      const before = current?.notKept;
      if (current && (!before || (now.video && !before.video) || now.clips > before.clips))
        putDownload(userId, {
          ...current,
          notKept: { video: now.video ?? before?.video ?? null, clips: Math.max(now.clips, before?.clips ?? 0) },
        });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await removeDownload(userId, record.moduleId);
        tell(offlineMessages.removed(record.moduleName));
      }
    }
  }
}

/** Runs `revalidateDownloads` for the signed-in trainee at start (with signal or not) and on each return of the signal. */
export function useDownloadRevalidation(tell: (message: string) => void) {
  const { data: user } = useSession();
  const userId = user?.role === 'student' ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    const check = () => void revalidateDownloads(userId, tell, isOnline());
    check();
    return onReconnect(check);
  }, [userId, tell]);
}

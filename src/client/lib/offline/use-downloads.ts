// The signed-in trainee's downloads, for the pages that show them (the module, the module list,
// 'Mi cuenta' → 'Descargas'), and the check that keeps them to what the trainee may still see.
import { useEffect, useSyncExternalStore } from 'react';
import { offlineMessages } from '../../../shared/messages.ts';
import { ApiError } from '../api.ts';
import { useSession } from '../session.ts';
import type { DownloadIndex } from './download-index.ts';
import { fetchOfflineList, removeDownload } from './download-manager.ts';
import { downloadsOf, subscribeDownloads } from './downloads-store.ts';

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
 * Asks the server again about each download (at start and whenever the signal comes back): a
 * module now blocked, archived or gone answers 404, and its download is removed, the trainee
 * told. Any other failure (no signal, the session over) leaves the downloads as they are.
 */
export async function revalidateDownloads(userId: string, tell: (message: string) => void): Promise<void> {
  for (const record of Object.values(downloadsOf(userId))) {
    try {
      await fetchOfflineList(record.moduleId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await removeDownload(userId, record.moduleId);
        tell(offlineMessages.removed(record.moduleName));
      }
    }
  }
}

/** Runs `revalidateDownloads` for the signed-in trainee at start and on each return of the signal. */
export function useDownloadRevalidation(tell: (message: string) => void) {
  const { data: user } = useSession();
  const userId = user?.role === 'student' ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    const check = () => {
      if (navigator.onLine) void revalidateDownloads(userId, tell);
    };
    check();
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [userId, tell]);
}

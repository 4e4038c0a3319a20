// The trainee's downloads as the app's pages read them: the index in localStorage (one list per
// user), with a way to be told when it changes (here, or in another tab).
import { deleteRecord, readIndex, saveRecord, type DownloadIndex, type DownloadRecord, type IndexStorage } from './download-index.ts';

const listeners = new Set<() => void>();
const empty: DownloadIndex = {};

/** localStorage when the browser lets the app use it; without it, nothing is listed. */
function storage(): IndexStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// One object per version of the list, so React sees a change only when there is one.
let cached: { userId: string; raw: string | null; index: DownloadIndex } | null = null;

export function downloadsOf(userId: string): DownloadIndex {
  const store = storage();
  if (!store) return empty;
  const raw = store.getItem(`aula-virtual:descargas:${userId}`);
  if (cached?.userId === userId && cached.raw === raw) return cached.index;
  cached = { userId, raw, index: readIndex(store, userId) };
  return cached.index;
}

const changed = () => listeners.forEach((listener) => listener());

export function putDownload(userId: string, record: DownloadRecord) {
  const store = storage();
  if (!store) return;
  saveRecord(store, userId, record);
  changed();
}

export function forgetDownload(userId: string, moduleId: string) {
  const store = storage();
  if (!store) return;
  deleteRecord(store, userId, moduleId);
  changed();
}

export function subscribeDownloads(listener: () => void): () => void {
  listeners.add(listener);
  const other = (event: StorageEvent) => {
    if (event.key?.startsWith('aula-virtual:descargas:')) listener();
  };
  window.addEventListener('storage', other);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', other);
  };
}

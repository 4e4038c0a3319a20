// The list of a trainee's downloads on this device ('Mi cuenta' → 'Descargas'), one list per
// signed-in user in localStorage: which module, what was chosen of it, what is already stored
// (a retry skips it: downloads resume) and whether it finished. The bytes themselves are in the
// Cache Storage cache the service worker answers from.
import { youtubeId } from '../../../shared/schemas/content.ts';
import type { OfflineEntry, OfflineModule } from '../../../shared/schemas/offline.ts';

/** One address of a download: `stored` once its answer is in the cache, with its `bytes`. */
export interface DownloadEntry {
  url: string;
  kind: OfflineEntry['kind'];
  label: string;
  /** The size the server announced (files), to show before and during the download. */
  size: number | null;
  stored: boolean;
  bytes: number;
}

/** What of a module cannot be kept on the phone: its video when it is on YouTube or the web, and clips on YouTube. */
export interface NotKept {
  video: 'youtube' | 'web' | null;
  clips: number;
}

export interface DownloadRecord {
  moduleId: string;
  courseId: string;
  moduleName: string;
  entries: DownloadEntry[];
  /** Every entry stored: 'Disponible sin conexión' (or 'Descargado sin el video'); otherwise 'Descarga incompleta'. */
  complete: boolean;
  /** What the download could not keep (absent in the lists of earlier versions: the next check with signal fills it in). */
  notKept?: NotKept;
  /** When it finished (ISO time); null while incomplete. */
  downloadedAt: string | null;
}

export type DownloadIndex = Record<string, DownloadRecord>;

/** Where the list lives: localStorage in the app, a stand-in in tests. */
export type IndexStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (userId: string) => `aula-virtual:descargas:${userId}`;

export function readIndex(storage: IndexStorage, userId: string): DownloadIndex {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(userId)) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as DownloadIndex) : {};
  } catch {
    return {};
  }
}

function writeIndex(storage: IndexStorage, userId: string, index: DownloadIndex) {
  if (Object.keys(index).length === 0) storage.removeItem(keyOf(userId));
  else storage.setItem(keyOf(userId), JSON.stringify(index));
}

export function saveRecord(storage: IndexStorage, userId: string, record: DownloadRecord) {
  writeIndex(storage, userId, { ...readIndex(storage, userId), [record.moduleId]: record });
}

export function deleteRecord(storage: IndexStorage, userId: string, moduleId: string) {
  const { [moduleId]: _removed, ...rest } = readIndex(storage, userId);
  writeIndex(storage, userId, rest);
}

/** The bytes a download holds on the phone. */
export const recordBytes = (record: DownloadRecord) => record.entries.reduce((sum, entry) => sum + (entry.stored ? entry.bytes : 0), 0);

/** What of `list` cannot be downloaded: the video (on YouTube, or elsewhere on the web) and the clips on YouTube. */
export function notKeptOf(list: OfflineModule): NotKept {
  const video = list.entries.find((entry) => entry.kind === 'video' && !entry.downloadable);
  return {
    video: video ? (youtubeId(video.url) ? 'youtube' : 'web') : null,
    clips: list.entries.filter((entry) => entry.kind === 'clip' && !entry.downloadable).length,
  };
}

/** The entries of `list` to download: those that can be kept, and of the optional ones (documents) only those `chosen`. */
export function chosenEntries(list: OfflineModule, chosen: ReadonlySet<string>): OfflineEntry[] {
  return list.entries.filter((entry) => entry.downloadable && (!entry.optional || chosen.has(entry.url)));
}

/**
 * The record a (re)started download begins from: the entries chosen now, each already stored if
 * the previous attempt (`previous`) stored it or the cache holds it (`inCache`): those are
 * skipped, so an interrupted download resumes where it stopped.
 */
export function startRecord(
  list: OfflineModule,
  chosen: ReadonlySet<string>,
  previous: DownloadRecord | undefined,
  inCache: ReadonlySet<string>,
): DownloadRecord {
  const before = new Map(previous?.entries.map((entry) => [entry.url, entry]));
  const entries = chosenEntries(list, chosen).map((entry): DownloadEntry => {
    const old = before.get(entry.url);
    const stored = Boolean(old?.stored) && inCache.has(entry.url);
    return { url: entry.url, kind: entry.kind, label: entry.label, size: entry.size, stored, bytes: stored ? old!.bytes : 0 };
  });
  return {
    moduleId: list.moduleId,
    courseId: list.courseId,
    moduleName: list.moduleName,
    entries,
    complete: false,
    notKept: notKeptOf(list),
    downloadedAt: null,
  };
}

/** How far a download is: bytes stored and the bytes expected (announced sizes; data counts once fetched). */
export function progressOf(record: DownloadRecord, inFlight = 0): { done: number; total: number; percent: number } {
  const done = recordBytes(record) + inFlight;
  const total = record.entries.reduce((sum, entry) => sum + (entry.stored ? entry.bytes : (entry.size ?? 0)), 0);
  const percent = record.complete ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
  return { done, total: Math.max(total, done), percent };
}

/** The addresses of `record` no other download of the list still uses: what removing it frees (course data is shared). */
export function urlsOnlyIn(index: DownloadIndex, moduleId: string): string[] {
  const record = index[moduleId];
  if (!record) return [];
  const others = new Set(
    Object.values(index)
      .filter((other) => other.moduleId !== moduleId)
      .flatMap((other) => other.entries.map((entry) => entry.url)),
  );
  return record.entries.map((entry) => entry.url).filter((url) => !others.has(url));
}

/** '24 MB', '850 KB': sizes as the downloads list shows them. */
export function formatBytes(bytes: number): string {
  const number = (value: number, digits: number) => value.toLocaleString('es-AR', { maximumFractionDigits: digits });
  if (bytes >= 1024 * 1024 * 1024) return `${number(bytes / 1024 ** 3, 1)} GB`;
  if (bytes >= 1024 * 1024) return `${number(bytes / 1024 ** 2, bytes >= 10 * 1024 ** 2 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${number(bytes / 1024, 0)} KB`;
  return `${bytes} B`;
}

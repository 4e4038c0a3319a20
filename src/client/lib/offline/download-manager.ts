// Downloading a module to study it without signal: each address the server listed
// (GET /api/modules/:id/offline) is fetched whole and kept in the downloads cache, where the
// service worker answers the module's pages from. Videos are kept whole (no Range request), so
// the worker can cut any range the player asks for out of the stored file.
import type { OfflineModule } from '../../../shared/schemas/offline.ts';
import { api } from '../api.ts';
import { downloadsCacheOf } from './cache-name.ts';
import { chosenEntries, progressOf, startRecord, urlsOnlyIn, type DownloadRecord } from './download-index.ts';
import { downloadsOf, forgetDownload, putDownload } from './downloads-store.ts';
import { readBody } from '../read-body.ts';

export const offlineListUrl = (moduleId: string) => `/api/modules/${encodeURIComponent(moduleId)}/offline`;

export const canDownload = () => typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

/** What was asked of the module to download. */
export const fetchOfflineList = (moduleId: string, signal?: AbortSignal) => api<OfflineModule>(offlineListUrl(moduleId), { signal });

export interface DownloadProgress {
  done: number;
  total: number;
  percent: number;
}

/** A failed address: the download stops there, what was stored stays (the retry resumes). */
export class DownloadFailed extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`download failed: ${status}`);
    this.status = status;
  }
}

/**
 * The bytes of each of the module's data (its page, activity, jugadas, practice: what the server
 * cannot size beforehand), asked for now so that the trainee is told the download's real size
 * before it starts. The download asks for them again, to keep them as they are then.
 */
export async function measureData(list: OfflineModule, signal?: AbortSignal): Promise<Map<string, number>> {
  const data = chosenEntries(list, new Set()).filter((entry) => entry.size === null);
  const sizes = await Promise.all(
    data.map(async (entry) => {
      const response = await fetch(entry.url, { credentials: 'same-origin', cache: 'no-store', signal });
      if (!response.ok) throw new DownloadFailed(response.status);
      return [entry.url, (await response.blob()).size] as const;
    }),
  );
  return new Map(sizes);
}

/** `list` with the measured sizes of its data, so the download's progress counts them from the start. */
export const withMeasured = (list: OfflineModule, measured: ReadonlyMap<string, number>): OfflineModule => ({
  ...list,
  entries: list.entries.map((entry) => ({ ...entry, size: entry.size ?? measured.get(entry.url) ?? null })),
});

/** The answer as kept in the cache: the bytes and what describes them (type, validators), nothing about ranges. */
function keptResponse(response: Response, body: Blob): Response {
  const headers = new Headers();
  for (const name of ['content-type', 'etag', 'last-modified', 'content-disposition']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('content-length', String(body.size));
  headers.set('x-aula-descargado', new Date().toISOString());
  return new Response(body, { status: 200, headers });
}

/** Asks the browser once to keep downloads when space runs low. */
async function askPersistence() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not offered: downloads are kept as long as the browser keeps them.
  }
}

/**
 * Downloads the module `list` describes (its optional entries only if `chosen`), resuming: what
 * the cache already holds is not fetched again. The index says 'Descarga incompleta' until
 * every entry is stored, then 'Disponible sin conexión' (or what it could not keep: 'Descargado
 * sin el video', lib/offline/download-summary.ts).
 */
export async function downloadModule(
  userId: string,
  list: OfflineModule,
  chosen: ReadonlySet<string>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  if (Object.keys(downloadsOf(userId)).length === 0) void askPersistence();
  const cache = await caches.open(downloadsCacheOf(userId));
  const inCache = new Set<string>();
  for (const entry of list.entries) if (await cache.match(entry.url)) inCache.add(entry.url);
  const record = startRecord(list, chosen, downloadsOf(userId)[list.moduleId], inCache);
  putDownload(userId, record);
  onProgress(progressOf(record));

  for (const entry of record.entries) {
    if (entry.stored) continue;
    const response = await fetch(entry.url, { credentials: 'same-origin', cache: 'no-store', signal });
    if (!response.ok) throw new DownloadFailed(response.status);
    const body = await readBody(response, (bytes) => onProgress(progressOf(record, bytes)));
    await cache.put(entry.url, keptResponse(response, body));
    entry.stored = true;
    entry.bytes = body.size;
    putDownload(userId, record);
    onProgress(progressOf(record));
  }
  const finished: DownloadRecord = { ...record, complete: true, downloadedAt: new Date().toISOString() };
  putDownload(userId, finished);
  onProgress(progressOf(finished));
  return finished;
}

/** 'Quitar descarga': the module's stored answers (not those another download still uses) and its line in the list. */
export async function removeDownload(userId: string, moduleId: string): Promise<void> {
  const urls = urlsOnlyIn(downloadsOf(userId), moduleId);
  if ('caches' in window) {
    const cache = await caches.open(downloadsCacheOf(userId));
    await Promise.all(urls.map((url) => cache.delete(url)));
  }
  forgetDownload(userId, moduleId);
}

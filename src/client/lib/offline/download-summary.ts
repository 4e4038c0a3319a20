// What a module's download keeps on the phone and what it cannot, in words: before it starts
// (with the bytes it will store) and once it is done (the module's mark on its page, in the module
// list and in 'Descargas'). A video on YouTube or elsewhere on the web cannot be kept: a module
// with one is downloaded without it, and says so.
import { offlineMessages } from '../../../shared/messages.ts';
import type { OfflineEntry, OfflineModule } from '../../../shared/schemas/offline.ts';
import { chosenEntries, type DownloadRecord, type NotKept } from './download-index.ts';

type Kinded = Pick<OfflineEntry, 'kind'>;

/** What the trainee can see without signal among `entries` (those kept): 'las actividades', 'las jugadas'… */
export function keptThings(entries: readonly Kinded[]): string[] {
  const kinds = new Set(entries.map((entry) => entry.kind));
  const things: string[] = [];
  if (kinds.has('activity')) things.push(offlineMessages.keptThings.activity);
  // Jugadas whose clips all stay on YouTube cannot be practised without signal.
  if (kinds.has('jugadas') && kinds.has('clip')) things.push(offlineMessages.keptThings.jugadas);
  if (kinds.has('practice')) things.push(offlineMessages.keptThings.practice);
  if (kinds.has('document')) things.push(offlineMessages.keptThings.document);
  return things;
}

/** Whether the download keeps the whole module (nothing on YouTube or the web). */
export const keepsAll = (notKept: NotKept | undefined) => !notKept?.video && !notKept?.clips;

/**
 * What cannot be kept and what will be there without signal, a sentence each ('El video es de
 * YouTube: no se puede descargar.', 'Sin conexión vas a poder ver las actividades, no el video.');
 * nothing when the whole module is kept.
 */
export function notKeptLines(notKept: NotKept | undefined, kept: readonly Kinded[]): string[] {
  if (!notKept || keepsAll(notKept)) return [];
  const lines: string[] = [];
  if (notKept.video) lines.push(notKept.video === 'youtube' ? offlineMessages.videoYouTube : offlineMessages.videoWeb);
  if (notKept.clips > 0) lines.push(offlineMessages.clipsElsewhere(notKept.clips));
  const without = notKept.video
    ? notKept.clips > 0
      ? offlineMessages.withoutBoth
      : offlineMessages.withoutVideo
    : offlineMessages.withoutClips;
  lines.push(offlineMessages.availableWithout(keptThings(kept), without));
  return lines;
}

/**
 * The bytes a download of `list` with the documents `chosen` stores: files as the server announced
 * them, data as `measured` (data's size is known only once fetched; unmeasured data counts 0).
 */
export function plannedBytes(list: OfflineModule, chosen: ReadonlySet<string>, measured: ReadonlyMap<string, number>): number {
  return chosenEntries(list, chosen).reduce((sum, entry) => sum + (entry.size ?? measured.get(entry.url) ?? 0), 0);
}

/** A finished download's mark: 'Disponible sin conexión', or what it lacks ('Descargado sin el video'). */
export function downloadMark(record: Pick<DownloadRecord, 'notKept'>): string {
  if (record.notKept?.video) return offlineMessages.markWithoutVideo;
  if (record.notKept?.clips) return offlineMessages.markWithoutClips;
  return offlineMessages.markComplete;
}

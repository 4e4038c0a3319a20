import { describe, expect, it } from 'vitest';
import type { OfflineEntry, OfflineModule } from '../../../shared/schemas/offline.ts';
import { chosenEntries, notKeptOf, startRecord } from './download-index.ts';
import { downloadMark, keptThings, notKeptLines, plannedBytes } from './download-summary.ts';

const entry = (url: string, kind: OfflineEntry['kind'], extra: Partial<OfflineEntry> = {}): OfflineEntry => ({
  url,
  kind,
  label: kind,
  size: null,
  optional: false,
  downloadable: true,
  ...extra,
});

/** A module whose video is `video` (an address on the web, or undefined for an uploaded one), with questions, a jugada and a document. */
const moduleWith = (video?: string, clipOnYouTube = false): OfflineModule => ({
  moduleId: 'm1',
  courseId: 'c1',
  moduleName: 'Módulo 3',
  entries: [
    entry('/api/pages/modules/m1', 'page'),
    entry('/api/pages/modules/m1/activity', 'activity'),
    video ? entry(video, 'video', { downloadable: false }) : entry('/api/modules/m1/video/240', 'video', { size: 4_000_000 }),
    entry('/api/modules/m1/my-jugadas', 'jugadas'),
    entry('/api/jugadas/j1/video', 'clip', clipOnYouTube ? { downloadable: false } : { size: 900_000 }),
    entry('/api/courses/c1/documents', 'documents'),
    entry('/api/documents/d1/file', 'document', { size: 250_000, optional: true }),
  ],
});

describe('what a download keeps, said before and after', () => {
  it('a video on YouTube cannot be kept: said, with what can be seen without signal', () => {
    const list = moduleWith('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(notKeptOf(list)).toEqual({ video: 'youtube', clips: 0 });
    expect(notKeptLines(notKeptOf(list), chosenEntries(list, new Set()))).toEqual([
      'El video es de YouTube: no se puede descargar.',
      'Sin conexión vas a poder ver las actividades y las jugadas, no el video.',
    ]);
    // The documents count once chosen.
    expect(notKeptLines(notKeptOf(list), chosenEntries(list, new Set(['/api/documents/d1/file']))).at(-1)).toBe(
      'Sin conexión vas a poder ver las actividades, las jugadas y los documentos elegidos, no el video.',
    );
  });

  it('a video elsewhere on the web, and clips on YouTube, are told apart', () => {
    const web = moduleWith('https://example.org/clase.mp4');
    expect(notKeptOf(web).video).toBe('web');
    expect(notKeptLines(notKeptOf(web), chosenEntries(web, new Set()))[0]).toBe(
      'El video está en otro sitio de la web: no se puede descargar.',
    );
    const clips = moduleWith(undefined, true);
    expect(notKeptOf(clips)).toEqual({ video: null, clips: 1 });
    // Jugadas whose clips all stay on YouTube are not promised.
    expect(notKeptLines(notKeptOf(clips), chosenEntries(clips, new Set()))).toEqual([
      'El clip de una jugada está en YouTube: no se puede descargar.',
      'Sin conexión vas a poder ver las actividades, no los clips en YouTube.',
    ]);
    expect(notKeptLines({ video: 'youtube', clips: 2 }, [])).toEqual([
      'El video es de YouTube: no se puede descargar.',
      'Los clips de 2 jugadas están en YouTube: no se pueden descargar.',
      'Sin conexión vas a poder abrir el módulo, pero no ver el video ni los clips en YouTube.',
    ]);
  });

  it('a module kept whole says nothing more', () => {
    const list = moduleWith();
    expect(notKeptOf(list)).toEqual({ video: null, clips: 0 });
    expect(notKeptLines(notKeptOf(list), chosenEntries(list, new Set()))).toEqual([]);
    expect(keptThings([{ kind: 'practice' }, { kind: 'page' }])).toEqual(['la práctica del reglamento']);
  });

  it('counts the real bytes to store: files as announced, data as measured, documents only when chosen', () => {
    const list = moduleWith('https://youtu.be/dQw4w9WgXcQ');
    const measured = new Map([
      ['/api/pages/modules/m1', 3_000],
      ['/api/pages/modules/m1/activity', 1_200],
      ['/api/modules/m1/my-jugadas', 800],
      ['/api/courses/c1/documents', 400],
    ]);
    expect(plannedBytes(list, new Set(), measured)).toBe(3_000 + 1_200 + 800 + 900_000 + 400);
    expect(plannedBytes(list, new Set(['/api/documents/d1/file']), measured)).toBe(3_000 + 1_200 + 800 + 900_000 + 400 + 250_000);
    // Nothing measured (yet): the files alone, never a YouTube video's.
    expect(plannedBytes(list, new Set(), new Map())).toBe(900_000);
  });

  it('marks a finished download for what it is', () => {
    const youtube = startRecord(moduleWith('https://youtu.be/dQw4w9WgXcQ'), new Set(), undefined, new Set());
    expect(downloadMark(youtube)).toBe('Descargado sin el video');
    expect(downloadMark(startRecord(moduleWith(undefined, true), new Set(), undefined, new Set()))).toBe(
      'Descargado sin los clips de YouTube',
    );
    expect(downloadMark(startRecord(moduleWith(), new Set(), undefined, new Set()))).toBe('Disponible sin conexión');
    // A download listed by an earlier version, which did not note it, until the next check with signal.
    expect(downloadMark({})).toBe('Disponible sin conexión');
  });
});

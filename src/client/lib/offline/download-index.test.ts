import { describe, expect, it } from 'vitest';
import type { OfflineModule } from '../../../shared/schemas/offline.ts';
import {
  chosenEntries,
  deleteRecord,
  formatBytes,
  progressOf,
  readIndex,
  recordBytes,
  saveRecord,
  startRecord,
  urlsOnlyIn,
  type IndexStorage,
} from './download-index.ts';

const memory = (): IndexStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

const list = (moduleId = 'm1'): OfflineModule => ({
  moduleId,
  courseId: 'c1',
  moduleName: 'Módulo 2',
  entries: [
    { url: `/api/pages/modules/${moduleId}`, kind: 'page', label: 'Página', size: null, optional: false, downloadable: true },
    { url: `/api/modules/${moduleId}/video`, kind: 'video', label: 'Video', size: 1000, optional: false, downloadable: true },
    { url: 'https://youtu.be/x', kind: 'clip', label: 'YouTube', size: null, optional: false, downloadable: false },
    { url: '/api/courses/c1/practice', kind: 'practice', label: 'Práctica', size: null, optional: false, downloadable: true },
    { url: '/api/documents/d1/file', kind: 'document', label: 'Reglamento.pdf', size: 500, optional: true, downloadable: true },
    { url: '/api/documents/d2/file', kind: 'document', label: 'Guía.pdf', size: 300, optional: true, downloadable: true },
  ],
});

describe('the downloads index', () => {
  it('keeps one list per user and forgets a download', () => {
    const storage = memory();
    const record = startRecord(list(), new Set(), undefined, new Set());
    saveRecord(storage, 'ana', record);
    expect(readIndex(storage, 'ana')).toEqual({ m1: record });
    expect(readIndex(storage, 'beto')).toEqual({});
    deleteRecord(storage, 'ana', 'm1');
    expect(readIndex(storage, 'ana')).toEqual({});
    expect(storage.data.size).toBe(0);
  });

  it('reads a damaged list as empty', () => {
    const storage = memory();
    storage.setItem('aula-virtual:descargas:ana', '{no es JSON');
    expect(readIndex(storage, 'ana')).toEqual({});
  });

  it('downloads what can be kept, and of the documents only those chosen', () => {
    const urls = chosenEntries(list(), new Set(['/api/documents/d2/file'])).map((e) => e.url);
    expect(urls).toEqual(['/api/pages/modules/m1', '/api/modules/m1/video', '/api/courses/c1/practice', '/api/documents/d2/file']);
  });

  it('resumes: what the last attempt stored and the cache still holds is skipped', () => {
    const first = startRecord(list(), new Set(), undefined, new Set());
    expect(first.entries.every((e) => !e.stored)).toBe(true);
    first.entries[0]!.stored = true;
    first.entries[0]!.bytes = 200;
    first.entries[1]!.stored = true;
    first.entries[1]!.bytes = 1000;
    // The video's copy was evicted meanwhile: it is fetched again.
    const again = startRecord(list(), new Set(), first, new Set(['/api/pages/modules/m1']));
    expect(again.entries.map((e) => [e.url, e.stored, e.bytes])).toEqual([
      ['/api/pages/modules/m1', true, 200],
      ['/api/modules/m1/video', false, 0],
      ['/api/courses/c1/practice', false, 0],
    ]);
    expect(again.complete).toBe(false);
    expect(recordBytes(again)).toBe(200);
  });

  it('counts progress in bytes against the announced sizes, 100 % only when complete', () => {
    const record = startRecord(list(), new Set(['/api/documents/d1/file']), undefined, new Set());
    expect(progressOf(record)).toEqual({ done: 0, total: 1500, percent: 0 });
    expect(progressOf(record, 750)).toEqual({ done: 750, total: 1500, percent: 50 });
    for (const entry of record.entries) {
      entry.stored = true;
      entry.bytes = entry.size ?? 100;
    }
    expect(progressOf(record)).toEqual({ done: 1700, total: 1700, percent: 99 });
    expect(progressOf({ ...record, complete: true }).percent).toBe(100);
  });

  it('frees on removal only what no other download of the list uses', () => {
    const index = {
      m1: startRecord(list('m1'), new Set(), undefined, new Set()),
      m2: startRecord(list('m2'), new Set(), undefined, new Set()),
    };
    expect(urlsOnlyIn(index, 'm1')).toEqual(['/api/pages/modules/m1', '/api/modules/m1/video']);
    expect(urlsOnlyIn({ m1: index.m1 }, 'm1')).toContain('/api/courses/c1/practice');
    expect(urlsOnlyIn(index, 'nada')).toEqual([]);
  });

  it('writes sizes as the list shows them', () => {
    expect(formatBytes(24 * 1024 * 1024)).toBe('24 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});

import { describe, expect, it } from 'vitest';
import { reachableWithout } from './vite-precache-scope.ts';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId: null,
  imports,
  dynamicImports,
});

describe('what the service worker keeps', () => {
  const chunks = [
    chunk('index.js', ['react.js'], ['student-area.js', 'admin-area.js', 'login.js'], true),
    chunk('react.js'),
    chunk('button.js'),
    chunk('login.js', ['button.js']),
    chunk('student-area.js', ['button.js'], ['module-page.js']),
    chunk('module-page.js', ['video.js']),
    chunk('admin-area.js', ['button.js', 'table.js'], ['users-page.js', 'module-editor.js']),
    chunk('users-page.js', ['table.js']),
    chunk('module-editor.js', ['video.js', 'chart.js']),
    chunk('table.js'),
    chunk('video.js'),
    chunk('chart.js'),
  ];

  it("is every file reachable from the entry without the instructors' area, static or loaded later", () => {
    expect([...reachableWithout(chunks, new Set(['admin-area.js']))].sort()).toEqual(
      ['button.js', 'index.js', 'login.js', 'module-page.js', 'react.js', 'student-area.js', 'video.js'].sort(),
    );
  });

  it('keeps what the instructors share with the trainees (the video player), and leaves what only they reach', () => {
    const kept = reachableWithout(chunks, new Set(['admin-area.js']));
    expect(kept.has('video.js')).toBe(true);
    for (const file of ['admin-area.js', 'users-page.js', 'module-editor.js', 'table.js', 'chart.js']) expect(kept.has(file)).toBe(false);
  });
});

describe('several parts left out', () => {
  const chunks = [
    chunk('index.js', [], ['student-area.js', 'admin-area.js'], true),
    chunk('student-area.js', ['button.js'], ['module-page.js', 'match-page.js']),
    chunk('module-page.js', ['video.js']),
    chunk('match-page.js', ['video.js'], ['hls.js']),
    chunk('admin-area.js', ['button.js'], ['match-page.js']),
    chunk('button.js'),
    chunk('video.js'),
    chunk('hls.js'),
  ];

  it('leaves out what only they reach, together (a page both the trainees and the instructors open is left out once)', () => {
    expect([...reachableWithout(chunks, new Set(['admin-area.js', 'match-page.js']))].sort()).toEqual(
      ['button.js', 'index.js', 'module-page.js', 'student-area.js', 'video.js'].sort(),
    );
  });
});

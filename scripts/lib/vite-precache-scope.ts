// What the service worker keeps for use without signal: the app a trainee uses (the sign-in, the
// student's pages, and the code they share), not the instructors' pages. Instructors work with
// signal on a computer; their code (about two thirds of the app) would cost every trainee's phone
// its download and its space. A Vite plugin reads the built chunks' imports and tells the
// precache list (vite.config.ts) which files only the instructors' area reaches.
import type { Plugin } from 'vite';

/** The chunks the instructors' area alone leads to, filled in when the bundle is written. */
export interface PrecacheScope {
  plugin: Plugin;
  /** Whether a built file (its address in the precache list, e.g. 'assets/admin-area-….js') is the instructors' alone. */
  isInstructorsOnly: (url: string) => boolean;
}

type ChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

/** The files reachable from the entries without going through `excluded` (a chunk file name). */
export function reachableWithout(chunks: ChunkLike[], excluded: Set<string>): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    if (reached.has(fileName) || excluded.has(fileName)) return;
    const chunk = byName.get(fileName);
    if (!chunk) return;
    reached.add(fileName);
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
  return reached;
}

export function precacheScope(instructorsEntry: RegExp): PrecacheScope {
  const instructorsOnly = new Set<string>();
  return {
    plugin: {
      name: 'aula-precache-scope',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is (typeof bundle)[string] & ChunkLike => item.type === 'chunk');
        const area = chunks.filter((chunk) => chunk.facadeModuleId && instructorsEntry.test(chunk.facadeModuleId));
        if (area.length !== 1) this.error(`precache scope: expected one chunk for ${instructorsEntry}, found ${area.length}`);
        const students = reachableWithout(chunks, new Set([area[0]!.fileName]));
        instructorsOnly.clear();
        for (const chunk of chunks) if (!students.has(chunk.fileName)) instructorsOnly.add(chunk.fileName);
        // A chunk's own styles go with it.
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !instructorsOnly.has(item.fileName)) continue;
          const css = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
          css?.forEach((file) => {
            if (
              ![...students].some((name) =>
                (bundle[name] as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss?.has(file),
              )
            )
              instructorsOnly.add(file);
          });
        }
      },
    },
    isInstructorsOnly: (url) => instructorsOnly.has(url.replace(/^\//, '')),
  };
}

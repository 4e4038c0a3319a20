// What the service worker keeps for use without signal: the app a trainee uses (the sign-in, the
// student's pages, and the code they share), not the instructors' pages, nor the trainee's pages
// that are no use without signal (a match's streaming, its upload). Instructors work with signal on
// a computer; their code (about two thirds of the app) would cost every trainee's phone its
// download and its space. A Vite plugin reads the built chunks' imports and tells the precache
// list (vite.config.ts) which files only those parts reach.
import type { Plugin } from 'vite';

/** The chunks that only the parts left out lead to, filled in when the bundle is written. */
export interface PrecacheScope {
  plugin: Plugin;
  /** Whether a built file (its address in the precache list, e.g. 'assets/admin-area-….js') is reached only through a part left out. */
  isLeftOut: (url: string) => boolean;
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

/** `leftOut`: the modules (each its own chunk, loaded when needed) whose code, and what only they use, the phone does not keep. */
export function precacheScope(leftOut: RegExp[]): PrecacheScope {
  const leftOutFiles = new Set<string>();
  return {
    plugin: {
      name: 'aula-precache-scope',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is (typeof bundle)[string] & ChunkLike => item.type === 'chunk');
        const parts = leftOut.map((entry) => {
          const found = chunks.filter((chunk) => chunk.facadeModuleId && entry.test(chunk.facadeModuleId));
          if (found.length !== 1) this.error(`precache scope: expected one chunk for ${entry}, found ${found.length}`);
          return found[0]!.fileName;
        });
        const students = reachableWithout(chunks, new Set(parts));
        leftOutFiles.clear();
        for (const chunk of chunks) if (!students.has(chunk.fileName)) leftOutFiles.add(chunk.fileName);
        // A chunk's own styles go with it.
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !leftOutFiles.has(item.fileName)) continue;
          const css = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
          css?.forEach((file) => {
            if (
              ![...students].some((name) =>
                (bundle[name] as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss?.has(file),
              )
            )
              leftOutFiles.add(file);
          });
        }
      },
    },
    isLeftOut: (url) => leftOutFiles.has(url.replace(/^\//, '')),
  };
}

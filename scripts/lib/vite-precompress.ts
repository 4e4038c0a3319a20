// A Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy of every text file
// of the app (HTML, JavaScript, CSS, SVG, JSON) of 1 KB or more, at the highest quality, once.
// The server sends the copy the browser accepts (@fastify/static's preCompressed) instead of
// compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const compressible = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/;

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'aula-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !compressible.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = await readFile(file);
        if (content.length < 1024) continue;
        const br = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        await writeFile(`${file}.br`, br);
        await writeFile(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

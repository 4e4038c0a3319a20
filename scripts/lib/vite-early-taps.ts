// A Vite plugin: the keeper of early taps (src/client/early-taps.js), a plain script apart from the
// app's code so it runs long before it on a slow phone, as a hashed file of the build (kept a
// year, like the rest of the app) loaded from the document's head without holding the page back (async).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function earlyTaps(file: string): Plugin {
  let reference = '';
  return {
    name: 'aula-early-taps',
    apply: 'build',
    buildStart() {
      reference = this.emitFile({ type: 'asset', name: 'early-taps.js', source: readFileSync(file, 'utf8') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('early-taps.js'),
        );
        if (!asset) throw new Error(`${reference}: early-taps.js no está en el build`);
        return [{ tag: 'script', attrs: { src: `/${asset.fileName}`, async: true }, injectTo: 'head' }];
      },
    },
  };
}

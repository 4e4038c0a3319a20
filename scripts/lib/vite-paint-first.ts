// A Vite plugin: the browser paints a page the server drew before the app's code runs
// (src/client/paint-first.js). The document's entry script becomes a `modulepreload` of the same
// file (fetched and compiled at once, not run), and the start script, a hashed file of the build,
// runs it after the first paint, or at once when there is nothing drawn to paint.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function paintFirst(file: string): Plugin {
  let reference = '';
  return {
    name: 'aula-paint-first',
    apply: 'build',
    buildStart() {
      reference = this.emitFile({ type: 'asset', name: 'paint-first.js', source: readFileSync(file, 'utf8') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('paint-first.js'),
        );
        if (!asset) throw new Error(`${reference}: paint-first.js no está en el build`);
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html);
        if (!entry) throw new Error('index.html no tiene el script de entrada de la app');
        return html.replace(
          entry[0],
          `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app>\n    <script type="module" src="/${asset.fileName}"></script>`,
        );
      },
    },
  };
}

// A Vite plugin: the document's two plain scripts, apart from the app's code, each a hashed file
// of the build (kept a year, like the rest of the app).
// - The keeper of early taps (src/client/early-taps.js), loaded from the head without holding the
//   page back (async), so it runs long before the app's code on a slow phone.
// - The app's start (src/client/start.js), in place of the module script Vite writes: the app's
//   module is fetched ahead (modulepreload, as soon as the head is read) and evaluated after the
//   first paint of a page the server drew.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function pageScripts(files: { earlyTaps: string; start: string }): Plugin {
  return {
    name: 'aula-page-scripts',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: 'early-taps.js', source: readFileSync(files.earlyTaps, 'utf8') });
      this.emitFile({ type: 'asset', name: 'start.js', source: readFileSync(files.start, 'utf8') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const outputs = Object.values(context.bundle ?? {});
        const asset = (name: string) => {
          const found = outputs.find((output) => output.type === 'asset' && output.names.includes(name));
          if (!found) throw new Error(`${name} no está en el build`);
          return `/${found.fileName}`;
        };
        const entry = outputs.find((output) => output.type === 'chunk' && output.isEntry);
        if (!entry) throw new Error('el build no tiene el módulo de la app');
        const app = `/${entry.fileName}`;
        const moduleScript = `<script type="module" crossorigin src="${app}"></script>`;
        if (!html.includes(moduleScript)) throw new Error(`index.html no carga ${app} como se esperaba`);
        return {
          html: html.replace(moduleScript, () => `<link rel="modulepreload" crossorigin href="${app}">`),
          tags: [
            { tag: 'script', attrs: { src: asset('early-taps.js'), async: true }, injectTo: 'head' },
            { tag: 'script', attrs: { src: asset('start.js'), 'data-app': app, defer: true }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}

// A Vite plugin: puts in index.html a small inline script that, before any of the app's code
// runs, takes the data of the page being opened from the document (the server puts it there for
// a signed-in student, src/server/http/document.ts) or else asks for it (GET /api/pages/...), and
// preloads the code of its route (modulepreload), so data and code travel at once instead of one
// after the other.
// The server allows this one inline script by its hash in the Content-Security-Policy.
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The student pages whose data and code are fetched at once, by the source file of each route's code. */
const routeSources = {
  area: 'src/client/app/student-area.tsx',
  home: 'src/client/features/courses/student-home-page.tsx',
  modules: 'src/client/features/modules/course-modules-page.tsx',
  module: 'src/client/features/modules/module-page.tsx',
  activities: 'src/client/features/activities/activities-page.tsx',
};

/** The script, with `routes` mapping each route to the files of its code. */
export function pagePrefetchScript(routes: Record<keyof typeof routeSources, string[]>) {
  return `(function () {
  var R = ${JSON.stringify(routes)};
  var p = location.pathname, m, u, c;
  if (p.indexOf('/admin/') === 0) return;
  if (p === '/inicio') { u = '/api/pages/home'; c = R.home; }
  else if ((m = /^\\/([^/]+)\\/modulos$/.exec(p))) { u = '/api/pages/courses/' + m[1] + '/modules'; c = R.modules; }
  else if ((m = /^\\/([^/]+)\\/([^/]+)\\/modulo$/.exec(p))) { u = '/api/pages/modules/' + m[2]; c = R.module; }
  else if ((m = /^\\/([^/]+)\\/([^/]+)\\/actividades$/.exec(p))) { u = '/api/pages/modules/' + m[2] + '/activity'; c = R.activities; }
  if (!u) return;
  var d = document.getElementById('aula-page-data');
  if (d && d.getAttribute('data-url') === u) {
    try { window.__aulaPage = { url: u, data: JSON.parse(d.textContent) }; } catch (e) {}
  }
  if (!window.__aulaPage) {
    var r = fetch(u, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    r.catch(function () {});
    window.__aulaPage = { url: u, response: r };
  }
  R.area.concat(c).forEach(function (f) {
    var l = document.createElement('link');
    l.rel = 'modulepreload';
    l.crossOrigin = '';
    l.href = f;
    document.head.appendChild(l);
  });
})();`;
}

export function pagePreload(): Plugin {
  return {
    name: 'aula-page-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (chunk: OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) withImports(imported, into);
          }
          return into;
        };
        // What the entry already loads is preloaded by Vite itself.
        const entry = new Set<string>();
        for (const chunk of chunks.filter((c) => c.isEntry)) withImports(chunk, entry);
        const routes = {} as Record<keyof typeof routeSources, string[]>;
        for (const [route, source] of Object.entries(routeSources) as [keyof typeof routeSources, string][]) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
          if (!chunk) throw new Error(`aula-page-preload: no chunk for ${source}`);
          routes[route] = [...withImports(chunk)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
        }
        // The page data only: the area's files are not repeated in each route.
        for (const route of ['home', 'modules', 'module', 'activities'] as const) {
          routes[route] = routes[route].filter((file) => !routes.area.includes(file));
        }
        return [{ tag: 'script', children: pagePrefetchScript(routes), injectTo: 'head-prepend' }];
      },
    },
  };
}

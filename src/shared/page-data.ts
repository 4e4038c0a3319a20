// The student pages whose data comes in one request (GET /api/pages/...), and where each
// page's data is asked for, in one table. The server puts that data in the page's document with
// the page rendered (server http/document.ts); the app reads it from there or asks for it
// (client lib/page-data.ts).

/**
 * Each page: its path (the address bar's, still percent-encoded), its data route (`$1`: the
 * path's capture) and whether the server renders it. A page with fields to type in is not
 * rendered: what someone typed before the app took the page over would not be the app's.
 */
export const pagesWithData = {
  home: { path: /^\/inicio$/, data: '/api/pages/home', rendered: true },
  courseModules: { path: /^\/([^/]+)\/modulos$/, data: '/api/pages/courses/$1/modules', rendered: true },
  module: { path: /^\/[^/]+\/([^/]+)\/modulo$/, data: '/api/pages/modules/$1', rendered: true },
  activities: { path: /^\/[^/]+\/([^/]+)\/actividades$/, data: '/api/pages/modules/$1/activity', rendered: false },
  // Its answers are fields; and its clock starts from the seconds left the data says, at once.
  exam: { path: /^\/[^/]+\/[^/]+\/examen\/([^/]+)$/, data: '/api/pages/exams/$1', rendered: false },
} as const;

export type PageWithData = keyof typeof pagesWithData;

/**
 * The page at `pathname`, the address of its data, whether the server renders it and the id in
 * its address (a course's or a module's, decoded; '' for the home page); null for a page without
 * data, or an address whose id cannot be decoded.
 */
export function pageDataFor(pathname: string): { page: PageWithData; url: string; rendered: boolean; id: string } | null {
  // The admin's pages have addresses of the same shape (/admin/x/modulos): none of them.
  if (pathname.startsWith('/admin/')) return null;
  for (const [page, { path, data, rendered }] of Object.entries(pagesWithData) as [PageWithData, (typeof pagesWithData)[PageWithData]][]) {
    const match = path.exec(pathname);
    if (!match) continue;
    try {
      return { page, url: pathname.replace(path, data), rendered, id: decodeURIComponent(match[1] ?? '') };
    } catch {
      return null;
    }
  }
  return null;
}

/** The data address of `page` for an id (a course's for the module list, a module's otherwise). */
export function pageDataUrl(page: PageWithData, id = ''): string {
  return pagesWithData[page].data.replace('$1', encodeURIComponent(id));
}

/** The id of the document's element carrying the page's data. */
export const pageDataElementId = 'aula-page-data';

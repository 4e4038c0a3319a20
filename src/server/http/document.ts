// The app's document (index.html) for a client route. For the pages a student opens most, a
// signed-in request gets the page's data inside the document itself, so the browser has it
// when the code starts, with no request of its own: exactly the answer of GET /api/pages/...
// for the document's own cookie (the same route answers it, authorization unchanged). Nothing
// is added without a session, or when that route refuses (blocked module, another course).
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The id of the element carrying the page's data; the client reads it (lib/page-data.ts). */
export const pageDataElementId = 'aula-page-data';

/**
 * The page-data route for a document path, or null: the same mapping as the inline script of
 * index.html (scripts/lib/vite-page-preload.ts).
 */
export function pageDataUrl(pathname: string): string | null {
  if (pathname.startsWith('/admin/')) return null;
  if (pathname === '/inicio') return '/api/pages/inicio';
  let m = /^\/([^/]+)\/modulos$/.exec(pathname);
  if (m) return `/api/pages/courses/${m[1]}/modulos`;
  m = /^\/([^/]+)\/([^/]+)\/modulo$/.exec(pathname);
  if (m) return `/api/pages/modules/${m[2]}`;
  m = /^\/([^/]+)\/([^/]+)\/actividades$/.exec(pathname);
  if (m) return `/api/pages/modules/${m[2]}/actividades`;
  return null;
}

/**
 * JSON safe inside `<script type="application/json">`: no `<` (so no `</script>` or `<!--`),
 * and no U+2028/U+2029. JSON.parse reads it back unchanged.
 */
export function jsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the page's data as the first element of its head. */
export function withPageData(html: string, url: string, json: string): string {
  const element = `<script type="application/json" id="${pageDataElementId}" data-url="${escapeAttribute(url)}">${jsonForScript(json)}</script>`;
  return html.replace(/<head>/i, (head) => head + element);
}

/** The body compressed as the browser accepts (not a route, so @fastify/compress does not see it). */
function compressed(body: string, request: FastifyRequest, reply: FastifyReply): string | Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body);
  }
  return body;
}

/**
 * Serves the document for `request`: with the page's data when the request is signed in and
 * the page-data route answers it; otherwise the plain file (precompressed, shared by everyone).
 */
export async function sendDocument(app: FastifyInstance, html: string, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '';
  const url = pageDataUrl(pathname);
  const cookie = request.headers.cookie;
  if (url && cookie) {
    const answer = await app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' } });
    if (answer.statusCode === 200 && String(answer.headers['content-type']).startsWith('application/json')) {
      const setCookie = answer.headers['set-cookie'];
      if (setCookie) reply.header('set-cookie', setCookie);
      // One person's data: never kept by a browser or a proxy, never shown to anyone else.
      reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      return reply.send(compressed(withPageData(html, url, answer.body), request, reply));
    }
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

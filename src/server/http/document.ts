// The app's document (index.html) for a client route. For the pages a student opens most, a
// signed-in request gets the page's data inside the document itself, so the browser has it
// when the code starts, with no request of its own: exactly the answer of GET /api/pages/...
// for the document's own cookie (the route's own loader answers it, authorization unchanged). Nothing
// is added without a session, or when that route refuses (blocked module, another course).
// With the data comes the page itself, rendered by the app's own components (client ssr.tsx),
// so it shows as the document arrives; the app then takes it over (hydrates it). Nothing in the
// document waits for the page's code, nor holds the video back: the app asks for its code.
// The same data draws the same page: a document drawn before is sent again, compressed before
// (http/drawn-documents.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import { pageDataElementId, pageDataFor, type PageWithData } from '../../shared/page-data.ts';
import { DrawnDocuments, type DrawnDocument } from './drawn-documents.ts';

/**
 * How long a browser may show its copy of a student's page before asking the server: long enough
 * for a person going back and forth, short enough that a copy rarely outlives a new version of the app.
 */
export const KEPT_PAGE_SECONDS = 600;

/** The server's render of a page (client ssr.tsx, built into dist/server): its HTML, or ''. */
export type RenderPage = (path: string, url: string, data: unknown, origin: string) => Promise<string>;

/**
 * JSON safe inside `<script type="application/json">`: no `<` (so no `</script>` or `<!--`),
 * and no U+2028/U+2029. JSON.parse reads it back unchanged.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** index.html for one page: the rendered page in the root, and the page's data after it. */
export function withPageData(html: string, url: string, json: string, page = ''): string {
  const element = `<script type="application/json" id="${pageDataElementId}" data-url="${escapeHtml(url)}">${jsonForScript(json)}</script>`;
  return html.replace('<div id="root"></div>', () => `<div id="root">${page}</div>${element}`);
}

/** The document compressed as the browser accepts (not a route, so @fastify/compress does not see it). */
function compressed(drawn: DrawnDocument, documents: DrawnDocuments, request: FastifyRequest, reply: FastifyReply): string | Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return drawn.html;
  reply.header('content-encoding', encoding);
  return documents.encoded(drawn, encoding);
}

export interface DocumentOptions {
  /** index.html as built. */
  html: string;
  /** The app's public origin (PUBLIC_URL), the page's origin for YouTube's player. */
  origin: string;
  /** The server's render of the pages; without it the document carries the data only. */
  renderPage?: RenderPage | undefined;
  /** The documents drawn so far, by address and data. */
  drawn: DrawnDocuments;
  /** The page's answer for the request, as its route would send it (pages/routes.ts `pageJson`), or null where it would not answer 200. */
  loadPage: (page: PageWithData, id: string, request: FastifyRequest) => Promise<string | null>;
  /** Whether answering the request renews its session's cookie. */
  renewsCookie: (request: FastifyRequest) => boolean;
}

/**
 * Serves the document for `request`: with the page's data (and the page rendered) when the
 * request is signed in and the page-data route answers it; otherwise the plain file
 * (precompressed, shared by everyone).
 */
export async function sendDocument(options: DocumentOptions, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '';
  const page = pageDataFor(pathname);
  if (page && request.headers.cookie) {
    const json = await options.loadPage(page.page, page.id, request).catch((error: unknown) => {
      // The database away a moment (restarting, a dropped connection): the plain app, which asks
      // for the page's data itself and says what it can, rather than an error page.
      request.log.error({ err: error, path: pathname }, 'No se pudieron leer los datos de la página: se envía la aplicación sin ellos');
      return null;
    });
    if (json !== null) {
      // One person's data: never kept by a proxy. A page with nothing to type in is kept by this
      // browser for a few minutes, for this session only (vary: cookie): opened again, it shows at
      // once and the app asks for its data as it takes the page over (client lib/page-data.ts). Another
      // session, or none, never gets it. A page with fields, or one that renews the cookie (the
      // answer carries it: app.ts), is never kept.
      const kept = page.rendered && !options.renewsCookie(request);
      reply
        .header('cache-control', kept ? `private, max-age=${KEPT_PAGE_SECONDS}` : 'no-store')
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8');
      return reply.send(compressed(await drawnDocument(options, pathname, page, json, request), options.drawn, request, reply));
    }
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * The document of the page at `pathname` with its data `json`: drawn before for the same data, or
 * drawn now (and kept, unless its render failed).
 */
async function drawnDocument(
  options: DocumentOptions,
  pathname: string,
  page: { url: string; rendered: boolean },
  json: string,
  request: FastifyRequest,
): Promise<DrawnDocument> {
  const key = DrawnDocuments.key(pathname, json);
  return (
    options.drawn.get(key) ??
    // The same page asked for again while it is being drawn (a double tap, two tabs) waits for that drawing.
    options.drawn.drawing(key, async () => {
      const rendered = page.rendered ? await renderSafely(options, pathname, page.url, json, request) : '';
      // Only a drawn page is worth keeping: a page the browser draws (the exam's, whose data says
      // the seconds left and so changes every second) costs no more than putting its data in.
      return { html: withPageData(options.html, page.url, json, rendered ?? ''), keep: page.rendered && rendered !== null };
    })
  );
}

/** The page rendered, '' when the page is not one the server renders, or null if the render failed: the app then draws it in the browser, as without a render. */
async function renderSafely(
  options: DocumentOptions,
  pathname: string,
  url: string,
  json: string,
  request: FastifyRequest,
): Promise<string | null> {
  if (!options.renderPage) return '';
  try {
    return await options.renderPage(pathname, url, JSON.parse(json), options.origin);
  } catch (error) {
    request.log.error({ err: error, path: pathname }, 'No se pudo dibujar la página en el servidor: se envía sin dibujar');
    return null;
  }
}

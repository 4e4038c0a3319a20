// The app's document (index.html) for a client route. For the pages a student opens most, a
// signed-in request gets the page's data inside the document itself, so the browser has it
// when the code starts, with no request of its own: exactly the answer of GET /api/pages/...
// for the document's own cookie (the same route answers it, authorization unchanged). Nothing
// is added without a session, or when that route refuses (blocked module, another course).
// The module page also comes drawn (moduleFirstPaint): the bar, the title and the video, so the
// video is in the page as soon as the document arrives; the app takes that video element over
// without reloading it (client lib/boot-view.ts).
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModulePage } from '../../shared/schemas/pages.ts';
import { moduleBadges } from '../../shared/module-badges.ts';
import { videoSource } from '../../shared/video-source.ts';
import { messages, videoLabel } from '../../shared/messages.ts';
import { escapeHtml } from '../mail/mailer.ts';

/** The id of the element carrying the page's data; the client reads it (lib/page-data.ts). */
export const pageDataElementId = 'aula-page-data';

/**
 * The page-data route for a document path, or null: the same mapping as the inline script of
 * index.html (scripts/lib/vite-page-preload.ts).
 */
export function pageDataUrl(pathname: string): string | null {
  if (pathname.startsWith('/admin/')) return null;
  if (pathname === '/inicio') return '/api/pages/home';
  let m = /^\/([^/]+)\/modulos$/.exec(pathname);
  if (m) return `/api/pages/courses/${m[1]}/modules`;
  m = /^\/([^/]+)\/([^/]+)\/modulo$/.exec(pathname);
  if (m) return `/api/pages/modules/${m[2]}`;
  m = /^\/([^/]+)\/([^/]+)\/actividades$/.exec(pathname);
  if (m) return `/api/pages/modules/${m[2]}/activity`;
  return null;
}

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

/** index.html with the page's data as the first element of its head, and a first paint in its body. */
export function withPageData(html: string, url: string, json: string, firstPaint = ''): string {
  const element = `<script type="application/json" id="${pageDataElementId}" data-url="${escapeHtml(url)}">${jsonForScript(json)}</script>`;
  return html.replace(/<head>/i, (head) => head + element).replace(/<body>/i, (body) => body + firstPaint);
}

/** The id of the first paint's container and of its video element (client lib/boot-view.ts). */
export const firstPaintIds = { view: 'aula-boot', video: 'aula-boot-video' };

/** Tabler's eye, as the app's watched badge shows it. */
const eyeIcon =
  '<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0"/><path d="M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6"/></svg>';

/**
 * The module page as its first paint, before the app's code runs: the top bar, the way back,
 * the title with the student's badges and the video, laid out as the app lays them out (classes in client app/app.css).
 * The video is the very element the app's player uses: a YouTube frame with the address YouTube's
 * IFrame API would build for this page (`origin`, the app's public origin) starting where the
 * student left off, or the browser's own player for an uploaded file. Only for the module of the
 * course in the address (the app shows "not found" otherwise).
 */
export function moduleFirstPaint(courseId: string, page: Pick<ModulePage, 'module' | 'user'>, origin: string): string {
  const { module, user } = page;
  if (module.courseId !== courseId) return '';
  // A student's module comes with their state; an admin's with its questions instead.
  const student = 'watched' in module ? module : null;
  const startAt = student?.watched?.position;
  const source = videoSource(module.videoUrl, startAt, origin);
  const title = escapeHtml(module.name);
  const badges = (student ? moduleBadges(student) : [])
    .map(
      ({ text, color, watched }) =>
        `<span class="boot-badge boot-badge-${color}${watched ? ' boot-badge-watched' : ''}">${watched ? eyeIcon : ''}${escapeHtml(text)}</span>`,
    )
    .join('');
  const src = escapeHtml(source.src);
  const label = escapeHtml(videoLabel(module.name));
  const video =
    source.kind === 'youtube'
      ? `<iframe id="${firstPaintIds.video}" src="${src}" title="${label}" referrerpolicy="strict-origin-when-cross-origin" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen></iframe>`
      : `<video id="${firstPaintIds.video}" controls playsinline preload="metadata" src="${src}" aria-label="${label}">${escapeHtml(messages.videoUnsupported)} <a href="${src}">${escapeHtml(messages.videoOpenElsewhere)}</a>.</video>`;
  return (
    `<div id="${firstPaintIds.view}" class="boot-view">` +
    `<header class="boot-header"><span class="boot-burger" aria-hidden="true"></span><span class="boot-brand">Aula Virtual</span><span class="boot-user">${escapeHtml(user.name)}</span></header>` +
    `<main class="boot-main"><div class="boot-page">` +
    `<a class="boot-back" href="/${escapeHtml(encodeURIComponent(courseId))}/modulos"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M5 12l14 0M5 12l6 6M5 12l6 -6"/></svg>Módulos</a>` +
    `<div class="boot-heading"><h1 class="boot-title">${title}</h1><div class="boot-badges">${badges}</div></div>` +
    `<div class="boot-video">${video}</div>` +
    `</div></main></div>`
  );
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

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Serves the document for `request`: with the page's data when the request is signed in and
 * the page-data route answers it; otherwise the plain file (precompressed, shared by everyone).
 * `origin` is the app's public origin (PUBLIC_URL), the page's origin for YouTube's player.
 */
export async function sendDocument(app: FastifyInstance, html: string, request: FastifyRequest, reply: FastifyReply, origin: string) {
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
      const moduleRoute = /^\/([^/]+)\/[^/]+\/modulo$/.exec(pathname);
      const firstPaint = moduleRoute ? moduleFirstPaint(safeDecode(moduleRoute[1]!), JSON.parse(answer.body) as ModulePage, origin) : '';
      return reply.send(compressed(withPageData(html, url, answer.body, firstPaint), request, reply));
    }
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

import '../shared/zod.ts';
import { hash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Agent as HttpsAgent } from 'node:https';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifySchema } from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { apiErrorSchema } from '../shared/api-error.ts';
import { messages } from '../shared/messages.ts';
import { createAuth, type PasswordHasher } from './auth/auth.ts';
import { createGuards } from './auth/guards.ts';
import { authRoutes } from './auth/routes.ts';
import { bankRoutes } from './bank/routes.ts';
import type { Config } from './config.ts';
import { systemClock, type AppContext } from './context.ts';
import type { PageWithData } from '../shared/page-data.ts';
import type { Database } from './db/client.ts';
import { isDiskFull } from './db/availability.ts';
import { AppError } from './errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { refuseNulBytes } from './http/nul-bytes.ts';
import { refuseUndeclaredMultipart } from './http/multipart.ts';
import { RequestLog } from './http/request-log.ts';
import { sendDocument, type RenderPage } from './http/document.ts';
import { isAppPath } from '../shared/app-routes.ts';
import { DrawnDocuments } from './http/drawn-documents.ts';
import type { Mailer } from './mail/mailer.ts';
import { createQueuedMailer } from './mail/queue.ts';
import { createRenditionWorker, renditionTempDir } from './videos/rendition.ts';
import { createPushQueue } from './push/queue.ts';
import { loadVapidKeys } from './push/vapid.ts';
import { pushRoutes } from './push/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { createJobs } from './jobs/queue.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { userRoutes } from './users/routes.ts';
import { accessRoutes } from './access/routes.ts';
import { teamRoutes } from './team/routes.ts';
import { courseLogRoutes } from './course-log/routes.ts';
import { activityRoutes } from './activities/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { openStorage } from './files/open-storage.ts';
import type { FileStorage } from './files/storage.ts';
import { imageRoutes } from './images/routes.ts';
import { forumRoutes } from './forum/routes.ts';
import { createdEvent, createdEventsSince, findMessage } from './forum/service.ts';
import { createEventBus } from './live/bus.ts';
import { moduleRoutes } from './modules/routes.ts';
import { accountRoutes } from './notifications/routes.ts';
import { meRoutes } from './account/routes.ts';
import { jugadaRoutes } from './jugadas/routes.ts';
import { offlineRoutes } from './offline/routes.ts';
import { pageJson, pageLoaders, pageRoutes } from './pages/routes.ts';
import { practiceRoutes } from './practice/routes.ts';
import { progressRoutes } from './progress/routes.ts';
import { watchedRoutes } from './watched/routes.ts';
import { examRoutes } from './exams/routes.ts';
import { lessonRoutes } from './lessons/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { fitnessRoutes } from './fitness/routes.ts';
import { observationRoutes } from './observations/routes.ts';
import { matchReviewRoutes } from './match-review/routes.ts';
import { recordRoutes } from './record/routes.ts';
import { approvalRoutes } from './approval/routes.ts';
import { courseRecordRoutes } from './course-records/routes.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { renewalRoutes } from './renewal/routes.ts';
import { matchRoutes } from './matches/routes.ts';

export const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

/** The server's render built beside the web app (`npm run build`), or undefined when there is none. */
async function builtRenderer(clientRoot: string, logger: Logger): Promise<RenderPage | undefined> {
  const file = path.join(clientRoot, '..', 'server', 'ssr.js');
  if (!existsSync(file)) return undefined;
  const built = (await import(pathToFileURL(file).href)) as {
    renderPage: RenderPage;
    preloadPages: () => Promise<void>;
    warmUp: () => Promise<void>;
  };
  await built.preloadPages();
  // The first renders after a start, drawn before a student asks (in the background: the start does not wait).
  built.warmUp().catch((error: unknown) => logger.warn({ err: error }, 'no se pudieron dibujar las páginas de muestra al arrancar'));
  return built.renderPage;
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  authSecret: string;
  /** Defaults to the configured driver: S3 when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
  storage?: FileStorage;
  /** The built web app (index.html and assets); defaults to dist/client. */
  clientDist?: string;
  /** The server's render of the student pages; defaults to the one built beside the web app (dist/server/ssr.js), if any. */
  renderPage?: RenderPage;
  /** better-auth's scrypt unless given: only the server tests give one, a cheaper one (tests/api/helpers/test-app.ts). */
  passwordHasher?: PasswordHasher;
  /** The HTTPS agent notices go to the push services with (the tests' local push service has its own certificate). */
  pushAgent?: HttpsAgent;
}

/** One API route as registered: "GET /api/courses/:courseId" and its schema. */
export interface ApiRoute {
  route: string;
  schema: FastifySchema | undefined;
}

type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** One module per resource, each under its OpenAPI tag. */
const apiModules: Array<[tag: string, routes: RouteModule]> = [
  ['Sesión', authRoutes],
  ['Usuarios', userRoutes],
  ['Accesos', accessRoutes],
  ['Equipo del curso', teamRoutes],
  ['Registro de cambios', courseLogRoutes],
  ['Imágenes', imageRoutes],
  ['Cursos', courseRoutes],
  ['Módulos', moduleRoutes],
  ['Documentos', documentRoutes],
  ['Actividades', activityRoutes],
  ['Progreso', progressRoutes],
  ['Foro', forumRoutes],
  ['Mi cuenta', accountRoutes],
  ['Mi cuenta', meRoutes],
  ['Jugadas', jugadaRoutes],
  ['Banco de preguntas', bankRoutes],
  ['Video visto', watchedRoutes],
  ['Exámenes', examRoutes],
  ['Práctica', practiceRoutes],
  ['Clases presenciales', lessonRoutes],
  ['Pagos', paymentRoutes],
  ['Prueba física', fitnessRoutes],
  ['Observaciones de partido', observationRoutes],
  ['Revisión de partidos', matchReviewRoutes],
  ['Legajo del alumno', recordRoutes],
  ['Aprobación', approvalRoutes],
  ['Acta del curso', courseRecordRoutes],
  ['Certificados', certificateRoutes],
  ['Curso de actualización', renewalRoutes],
  ['Páginas', pageRoutes],
  ['Descargas', offlineRoutes],
  ['Avisos', pushRoutes],
  ['Calendario', calendarRoutes],
  ['Partidos', matchRoutes],
];

/** Tags the scope's routes and documents the one error shape on each of them. */
function tagRoutes(scope: FastifyInstance, tag: string) {
  scope.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      tags: [tag],
      response: { ...(route.schema?.response as object), '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    };
  });
}

/** The headers `helmet` sets for these options, as name → value (names in lower case). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/** The built app's content-hashed files (scripts, styles), served for a year. */
const isHashedAsset = (url: string) => url.startsWith('/assets/');
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The services every route module gets: database, sessions, mail, files and the live events; with
 * the background jobs' handlers registered. A worker process (worker.ts) makes one without the HTTP app.
 */
export async function createContext(deps: AppDeps): Promise<AppContext> {
  const { config, database, logger } = deps;
  // Every email goes through the queue: delivered at once, kept and retried when SMTP fails.
  const mailer = createQueuedMailer(deps.mailer, database.db, logger);
  const events = createEventBus({
    databaseUrl: config.databaseUrl,
    pool: database.pool,
    logger,
    loadMessageEvent: async (messageId) => {
      const found = await findMessage(database.db, messageId).catch(() => null);
      return found && createdEvent(found.message, found.courseId);
    },
    loadMessagesSince: (since) => createdEventsSince(database.db, since),
  });
  // A session that ends closes the live streams it holds open, on every instance.
  const auth = createAuth({
    db: database.db,
    secret: deps.authSecret,
    publicUrl: config.publicUrl,
    mailer,
    logger,
    onSessionDeleted: (session) => events.publish({ type: 'session.ended', userId: session.userId, sessionId: session.id }),
    onUserChanged: (user) => events.publish({ type: 'session.ended', userId: user.id }),
    ...(deps.passwordHasher ? { passwordHasher: deps.passwordHasher } : {}),
  });
  const storage = deps.storage ?? (await openStorage(config));
  const tempDir = renditionTempDir(config.dataDir);
  const jobs = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: config.worker });
  const vapid = await loadVapidKeys({
    dataDir: config.dataDir,
    fromEnv: config.vapid,
    ...(config.databaseUrl ? { warnShared: (message: string) => logger.warn(message) } : {}),
  });
  const push = createPushQueue({
    db: database.db,
    logger,
    vapid,
    subject: `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`,
    ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    guards: createGuards(auth, database.db, deps.authSecret),
    mailer,
    mailQueue: mailer,
    push: { ...push, publicKey: vapid.publicKey },
    storage,
    events,
    logger,
    clock: systemClock(),
    renditions: createRenditionWorker(
      { db: database.db, storage, logger, ffmpegPath: config.ffmpegPath, ffmpegPriority: config.ffmpegPriority, tempDir },
      jobs,
    ),
    jobs,
  };
  registerJobHandlers(ctx);
  return ctx;
}

function createFastify(config: Config, logger: Logger): FastifyInstance {
  return Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request, at debug, and Fastify's own lines in Spanish (http/request-log.ts).
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Closing waits for requests in flight; idle keep-alive connections close at once, and the
    // live event streams are ended by their module (preClose) with a retry hint.
    forceCloseConnections: 'idle',
    // A request that comes on a kept-alive connection while the server drains (a browser or a
    // proxy reusing it) is served, with `Connection: close`, rather than refused with a bare
    // English 503 that a proxy would pass on to the person: nothing fails during a restart.
    return503OnClosing: false,
    // Every log line of a request carries its id (reqId), and so does every error body. An id
    // set by the proxy in front (X-Request-Id) is kept, so both logs can be matched.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : randomUUID();
    },
  });
}

/**
 * Bytes: JSON answers carry an ETag (a repeated GET whose data did not change is a bodiless
 * 304) and go out compressed (brotli or gzip; files that are already compressed, such as
 * images, PDFs and videos, are not). The built app's files are compressed once at build time
 * and served as they are (preCompressed). The ETag is computed first, on the JSON itself.
 */
async function registerCompression(app: FastifyInstance) {
  // The one-shot hash: no Hash object per answer (on the embedded database the app's own work is the request's cost).
  await app.register(etag, { weak: true, hashFn: (payload: string | Buffer) => hash('sha1', payload, 'base64') });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // @fastify/compress's own types, and a match's HLS playlists: a 90-minute match's rung names
    // 2,700 segments (160 kB of text, 15 kB compressed) that a phone reads before the first frame.
    customTypes:
      /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|mpegurl(?:;|$)/u,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The API's JSON is one person's data (their courses, answers, corrections): never kept in a
  // cache, not even the browser's disk cache of a phone several students share. The ETag stays,
  // so a client that sends If-None-Match still gets its 304. Files set their own caching
  // (files/serve.ts): pictures `private` for a year (a key never changes content), documents and
  // clips `private, no-cache` (revalidated by ETag); the hashed app files are public and immutable.
  app.addHook('onSend', async (request, reply) => {
    if (
      request.url.startsWith('/api/') &&
      !reply.hasHeader('cache-control') &&
      String(reply.getHeader('content-type')).startsWith('application/json')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/** Security headers on every answer, and the same-origin rule for every state-changing call. */
function registerSecurity(app: FastifyInstance, config: Config) {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The YouTube IFrame API (its script only; the player itself is a youtube-nocookie.com frame),
        // loaded by module pages and jugadas with a YouTube video.
        scriptSrc: ["'self'", 'https://www.youtube.com'],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        // blob: the MediaSource that hls.js plays a match's stream through where the browser has no HLS of its own.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        connectSrc: ["'self'"],
        // The app's service worker (/sw.js) and its manifest (installing it on a phone): our own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
    // YouTube's embedded player refuses to play without a referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet's headers are the same on every answer: worked out once here, not per request.
  // Powerful browser features the app never uses stay off, for our pages and anything they embed.
  // Headers that only mean something on a document (policies, framing) are left off the hashed
  // scripts and styles, which a module page loads by the dozen; nosniff, CORP and the caching
  // headers stay.
  const pageHeaders = { ...securityHeaders, 'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' };
  const documentOnly = new Set(documentOnlyHeaders);
  const assetHeaders = Object.fromEntries(Object.entries(securityHeaders).filter(([name]) => !documentOnly.has(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isHashedAsset(request.url) ? assetHeaders : pageHeaders);
    done();
  });

  // Cross-site request forgery: a state-changing call must come from our own pages.
  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError('FORBIDDEN', messages.forbidden);
    }
  });
}

/** Every API route, as "METHOD /path", collected as it is registered (the authorization table checks it). */
function collectRoutes(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.schema?.hide) return;
    for (const method of [route.method].flat()) {
      // The schema is read later: the resource's scope still adds its tag after this hook.
      if (method !== 'HEAD')
        routes.push({
          route: `${method} ${route.url}`,
          get schema() {
            return route.schema;
          },
        });
    }
  });
  return routes;
}

/** The JSON API under /api, one scope per resource, with its OpenAPI description. */
async function registerApi(app: FastifyInstance, ctx: AppContext) {
  // The API's OpenAPI description, built from the routes' own schemas: GET /api/openapi.json,
  // browsable at /api/docs.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aula Virtual API',
        version: '1.0.0',
        description: 'API JSON del aula virtual. Errores: { error: { code, message, fields? } }.',
      },
      tags: [{ name: 'Sistema' }, ...[...new Set(apiModules.map(([tag]) => tag))].map((name) => ({ name }))],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });
  refuseUndeclaredMultipart(app);
  // A session that better-auth extended during the request gets its cookie's new age on the answer.
  app.addHook('onSend', async (request, reply) => {
    const cookies = ctx.guards.cookiesFor(request);
    if (cookies.length === 0) return;
    const already = reply.getHeader('set-cookie');
    reply.header('set-cookie', [...(already === undefined ? [] : [already].flat().map(String)), ...cookies]);
  });

  await app.register(
    async (api) => {
      await api.register(async (system) => {
        tagRoutes(system, 'Sistema');
        // Readiness: one round trip to the database. 503 while it cannot be reached.
        system.get('/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async (request) => {
          try {
            await ctx.db.execute(sql`select 1`);
          } catch (error) {
            request.log.warn({ err: error }, 'la base de datos no responde');
            throw new AppError('UNAVAILABLE', isDiskFull(error) ? messages.diskFull : messages.databaseUnavailable);
          }
          return { status: 'ok' as const };
        });
        system.get('/openapi.json', { schema: { response: { 200: z.looseObject({ openapi: z.string() }) } } }, async () => app.swagger());
      });
      for (const [tag, register] of apiModules) {
        await api.register(async (scope) => {
          tagRoutes(scope, tag);
          await register(scope, ctx);
        });
      }
    },
    { prefix: '/api' },
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI sets inline styles; its pages get their own policy, scripts still only from us.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}

/**
 * The built web app: its files, and for every other GET the app's document — a student's page
 * rendered with its data. Unknown API routes and missing files get the JSON 404.
 */
async function registerClient(app: FastifyInstance, deps: AppDeps, ctx: AppContext) {
  const clientRoot = deps.clientDist ?? clientDist;
  const hasClient = existsSync(path.join(clientRoot, 'index.html'));
  if (!hasClient)
    deps.logger.warn('No se encontró la aplicación compilada (dist/client): ejecutá `npm run build`. Por ahora sólo responde la API.');
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientRoot,
      wildcard: false,
      // index.html and the hashed assets have .br and .gz copies made at build time.
      preCompressed: true,
      index: false,
      // Everything outside assets/ is revalidated on each use: index.html, and the service worker
      // (sw.js) and manifest, so a new version reaches the phones at their next visit.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const pages = pageLoaders(ctx);
  const document = {
    html: hasClient ? readFileSync(path.join(clientRoot, 'index.html'), 'utf8') : '',
    origin: new URL(deps.config.publicUrl).origin,
    renderPage: deps.renderPage ?? (await builtRenderer(clientRoot, deps.logger)),
    drawn: new DrawnDocuments(),
    loadPage: (page: PageWithData, id: string, request: FastifyRequest) => pageJson(pages, page, id, request),
    renewsCookie: (request: FastifyRequest) => ctx.guards.cookiesFor(request).length > 0,
  };
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing file (an address ending in an extension) is a JSON 404 for a script or an image,
    // and the app's page for a person's browser asking for a page.
    const missingFile = /\.[a-z0-9]+$/i.test(url) && !String(request.headers.accept ?? '').includes('text/html');
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasClient || missingFile) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: url.startsWith('/api') ? messages.routeNotFound : messages.notFound, requestId: request.id },
      });
    }
    // Client routes fall back to the single-page app; a student's page comes with its data. Any
    // other address (or one whose id is malformed) gets the app too, which says 'Esta página no
    // existe', with 404.
    if (!isAppPath(url)) return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html');
    return sendDocument(document, request, reply);
  });
}

/** Builds the HTTP app: the JSON API under /api and the built single-page app for everything else. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext; routes: ApiRoute[] }> {
  const ctx = await createContext(deps);
  const app = createFastify(deps.config, deps.logger);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulBytes(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await registerCompression(app);
  registerSecurity(app, deps.config);
  const routes = collectRoutes(app);
  await registerApi(app, ctx);
  app.addHook('onClose', async () => {
    // The renditions' sends in flight first, then the job queue.
    await ctx.renditions.stop();
    await ctx.jobs.stop();
    await ctx.events.close();
    if (!deps.storage) await ctx.storage.close();
  });
  await registerClient(app, deps, ctx);
  return { app, ctx, routes };
}

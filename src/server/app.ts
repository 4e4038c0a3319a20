import '../shared/zod.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { messages } from '../shared/messages.ts';
import { createAuth } from './auth/auth.ts';
import { createGuards } from './auth/guards.ts';
import { authRoutes } from './auth/routes.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { AppError } from './errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import type { Mailer } from './mail/mailer.ts';
import { userRoutes } from './users/routes.ts';
import { accessRoutes } from './access/routes.ts';
import { activityRoutes } from './activities/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { createLocalStorage, type FileStorage } from './files/storage.ts';
import { imageRoutes } from './images/routes.ts';
import { forumRoutes } from './forum/routes.ts';
import { createdEvent, findMessage } from './forum/service.ts';
import { createEventBus } from './live/bus.ts';
import { moduleRoutes } from './modules/routes.ts';

export const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  authSecret: string;
  /** Defaults to the local-disk driver under DATA_DIR/files. */
  storage?: FileStorage;
}

/** Builds the HTTP app: the JSON API under /api and the built single-page app for everything else. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database, mailer, logger } = deps;
  const auth = createAuth({ db: database.db, secret: deps.authSecret, publicUrl: config.publicUrl, mailer, logger });
  const storage = deps.storage ?? (await createLocalStorage(path.join(config.dataDir, 'files')));
  const events = createEventBus({
    databaseUrl: config.databaseUrl,
    pool: database.pool,
    logger,
    loadMessageEvent: async (messageId) => {
      const found = await findMessage(database.db, messageId).catch(() => null);
      return found && createdEvent(found.message, found.courseId);
    },
  });
  const ctx: AppContext = { config, database, db: database.db, auth, guards: createGuards(auth), mailer, storage, events, logger };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Live event streams stay open: closing the server must not wait for them.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        mediaSrc: ["'self'", 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        connectSrc: ["'self'"],
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

  // Cross-site request forgery: a state-changing call must come from our own pages.
  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError('FORBIDDEN', messages.forbidden);
    }
  });

  // The API's OpenAPI description, built from the routes' own schemas: GET /api/openapi.json.
  await app.register(swagger, {
    openapi: { info: { title: 'Aula Virtual API', version: '1.0.0', description: 'API JSON del aula virtual. Errores: { error: { code, message, fields? } }.' } },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });
  await app.register(async (api) => {
    await authRoutes(api, ctx);
    await userRoutes(api, ctx);
    await accessRoutes(api, ctx);
    await imageRoutes(api, ctx);
    await courseRoutes(api, ctx);
    await moduleRoutes(api, ctx);
    await documentRoutes(api, ctx);
    await activityRoutes(api, ctx);
    await forumRoutes(api, ctx);
  });

  app.addHook('onClose', () => events.close());

  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const hasClient = existsSync(path.join(clientDist, 'index.html'));
  if (!hasClient) logger.warn('No se encontró la aplicación compilada (dist/client): ejecutá `npm run build`. Por ahora sólo responde la API.');
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasClient || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: url.startsWith('/api') ? messages.routeNotFound : messages.notFound } });
    }
    // Client routes fall back to the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { app, ctx };
}

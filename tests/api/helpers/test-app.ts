import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ApiRoute } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { AppContext } from '../../../src/server/context.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import type { RenderPage } from '../../../src/server/http/document.ts';
import { createLogger } from '../../../src/server/logger.ts';
import type { MailMessage, Mailer } from '../../../src/server/mail/mailer.ts';
import { bootstrap } from '../../../src/server/seed/bootstrap.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { cheapPasswordHasher } from './password-hasher.ts';
import { startS3, testStorage, type TestS3 } from './s3.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-secreto';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every email the app sent, in order. */
  mails: MailMessage[];
  /** Every API route the app registered. */
  routes: ApiRoute[];
  /** Every log line the app wrote (none unless LOG_LEVEL is raised in `env`). */
  logs: Record<string, unknown>[];
  /** The S3 server the app stores its files on, when it runs on the S3 driver. */
  s3: TestS3 | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, e.g. `{ PUBLIC_URL: 'https://…' }`. */
  env?: Record<string, string>;
  /** Runs before the app is ready, to register extra routes for a test. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Replaces the mail transport that records into `mails` (e.g. one that fails like a down SMTP server). */
  mailer?: Mailer;
  /** A database shared with other app instances (several instances behind one PostgreSQL); the caller drops it. */
  database?: TestDatabase;
  /**
   * Where uploads go: 'local' (DATA_DIR) or 's3' (an s3rver the app starts and stops).
   * Defaults to TEST_STORAGE, so the API suite runs its file tests on both drivers.
   */
  storage?: 'local' | 's3';
  /** A built web app to serve (a folder with index.html); by default dist/client, if built. */
  clientDist?: string;
  /** The server's render of the student pages (by default the built one beside dist/client, if any). */
  renderPage?: RenderPage;
  /**
   * better-auth's own password hashing, for data a real server process signs in to afterwards
   * (a backup restored, a command's server); by default the cheaper one of the server tests.
   */
  productionPasswords?: boolean;
  /** The HTTPS agent notices go to push services with (a test's local push service and its certificate). */
  pushAgent?: import('node:https').Agent;
}

/** The whole app on its own database, started the way the server starts it (migrations, bootstrap). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const s3 = (options.storage ?? testStorage) === 's3' ? await startS3() : undefined;
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    PUBLIC_URL,
    SEED_DEMO: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // The tests' push services: the local one (tests/api/helpers/push-service.ts) and the made-up one of the authorization table.
    PUSH_SERVICES: '127.0.0.1,push.example.com',
    // ffmpeg as the tests' own processes: in the idle class it waits for every other test on the
    // machine, and a conversion the test waits for took minutes when the suite ran twice at once.
    FFMPEG_PRIORITY: 'normal',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...s3?.env,
    ...options.env,
  });

  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(config.logLevel, logStream);

  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      mails.push(message);
    },
  };

  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const { app, ctx, routes } = await buildApp({
    config,
    database: opened,
    mailer,
    logger,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    ...(options.clientDist ? { clientDist: options.clientDist } : {}),
    ...(options.renderPage ? { renderPage: options.renderPage } : {}),
    ...(options.productionPasswords ? {} : { passwordHasher: cheapPasswordHasher }),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  await bootstrap(ctx);

  return {
    app,
    ctx,
    routes,
    mails,
    logs,
    s3,
    async close() {
      await app.close();
      await opened.close();
      await s3?.close();
      if (!shared) await database.drop();
    },
  };
}

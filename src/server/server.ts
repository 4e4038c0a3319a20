import { readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { checkBucket } from './files/s3-storage.ts';
import { createMailer } from './mail/mailer.ts';
import { dumpDatabase } from './maintenance/backup.ts';
import { serveControl } from './maintenance/control-socket.ts';
import { resetPasswordAsOperator } from './users/operator-password.ts';
import { scheduleCleanup } from './maintenance/cleanup.ts';
import { bootstrap } from './seed/bootstrap.ts';
import { privateDir, privateFile, PRIVATE_FILE_MODE } from './private-paths.ts';
import { createLogger, listeningText } from './logger.ts';
import { warnWithoutFfmpeg } from './videos/rendition.ts';

export interface RunningServer {
  url: string;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * The secret that signs session cookies: AUTH_SECRET when set (every instance of a
 * multi-instance install must share it), else one generated once and kept in DATA_DIR.
 */
export async function loadAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    // A copy restored by an older version, or put there by hand, may be readable by others.
    await privateFile(file);
    return secret;
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

/** Opens the database, applies migrations, creates the first accounts and starts listening. */
export async function startServer(config: Config, options: { logger?: Logger } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  await privateDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  if (config.s3) {
    const problem = await checkBucket(config.s3);
    if (problem)
      logger.warn(
        { bucket: config.s3.bucket, endpoint: config.s3.endpoint, problem },
        'El bucket de S3_BUCKET no responde: las subidas y descargas de archivos van a fallar hasta que responda',
      );
  }
  const { app, ctx } = await buildApp({ config, database, mailer, logger, authSecret: await loadAuthSecret(config) });
  await bootstrap(ctx);
  // The operator's scripts (backup, reset-password) go through the app while it owns the embedded database.
  const pglite = database.pglite;
  const control = pglite
    ? await serveControl(
        config.dataDir,
        {
          backup: () => dumpDatabase(pglite, logger),
          'reset-password': async ({ email, password }) => {
            const reset = await resetPasswordAsOperator(ctx, String(email), String(password));
            if (reset)
              logger.info({ email: reset.email, sessions: reset.sessions }, 'contraseña cambiada por el operador (npm run reset-password)');
            return Buffer.from(JSON.stringify({ reset }));
          },
        },
        logger,
      )
    : undefined;
  // The clean-up is background work too: a web instance with WORKER=false leaves it to the workers.
  const cleanup = scheduleCleanup({
    database,
    storage: ctx.storage,
    logger,
    minutes: config.worker ? config.cleanupIntervalMinutes : 0,
    // Each pass also sends the jobs of the videos whose instance stopped mid-way (their claims went stale).
    afterPass: () => ctx.renditions.wake(),
  });
  await app.listen({ port: config.port, host: config.host, listenTextResolver: listeningText });
  // The background jobs (renditions, the due emails and notices every minute…): taken here unless
  // WORKER=false (then `npm run worker` processes take them).
  await ctx.jobs.start();
  if (config.worker && config.videoRenditions) void warnWithoutFfmpeg({ logger, ffmpegPath: config.ffmpegPath });
  // Videos left waiting while no process took jobs (an older version's queue, or WORKER off everywhere).
  ctx.renditions.wake();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: config.publicUrl, host: config.host, port, database: database.kind }, `Listo en ${config.publicUrl}`);
  return {
    url: `http://127.0.0.1:${port}`,
    logger,
    async stop() {
      await cleanup.stop();
      await control?.close();
      await app.close();
      await database.close();
    },
  };
}

// `npm run worker`: a process that only does the background jobs (jobs/queue.ts) — video renditions,
// a match's conversion, clips, the sends of reminders and notices — on the PostgreSQL of
// DATABASE_URL, beside web instances started with WORKER=false (or with it, sharing the jobs).
// Several can run, here or on other machines: each job is done once. SIGTERM lets the jobs at
// work stop (they are tried again later, by this process or another) and closes the database.
import closeWithGrace from 'close-with-grace';
import { createContext } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { scheduleCleanup } from './maintenance/cleanup.ts';
import { loadAuthSecret } from './server.ts';
import { warnWithoutFfmpeg } from './videos/rendition.ts';

process.umask(0o077);

try {
  const config = { ...loadConfig(), worker: true };
  if (!config.databaseUrl) {
    console.error(
      'npm run worker necesita DATABASE_URL: con la base embebida los trabajos en segundo plano los hace el servidor (npm start).',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const ctx = await createContext({ config, database, mailer, logger, authSecret: await loadAuthSecret(config) });
  await ctx.jobs.start();
  // The scheduled clean-up (one process at a time, by its lock), off the web instances.
  const cleanup = scheduleCleanup({
    database,
    storage: ctx.storage,
    logger,
    minutes: config.cleanupIntervalMinutes,
    afterPass: () => ctx.renditions.wake(),
  });
  if (config.videoRenditions) void warnWithoutFfmpeg({ logger, ffmpegPath: config.ffmpegPath });
  logger.info({ pid: process.pid }, 'trabajador en marcha: hace los trabajos en segundo plano');
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'error no manejado: cerrando el trabajador');
    else logger.info({ signal }, 'cerrando el trabajador: los trabajos en curso se reintentan más tarde');
    await cleanup.stop();
    await ctx.renditions.stop();
    await ctx.jobs.stop();
    await ctx.events.close();
    await ctx.storage.close();
    await database.close();
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

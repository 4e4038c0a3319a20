// Every queue of background jobs and who does its jobs: registered in every process (a web
// instance sends with the same settings a worker works with), run only where `config.worker` is on
// (jobs/queue.ts). A new kind of background work adds its line here, with a handler that lives
// beside its resource.
import type { AppContext } from '../context.ts';
import { conversionTempDir, registerMatchConversion } from '../match-review/convert.ts';
import { sendDueNotices } from '../notifications/notify.ts';
import { registerRenditionJobs, renditionTempDir } from '../videos/rendition.ts';

/** The clock's job that sends what is due (notifications/notify.ts `sendDueNotices`). */
export const NOTICES_QUEUE = 'notices.due';

export function registerJobHandlers(ctx: AppContext): void {
  const { config } = ctx;
  registerRenditionJobs(
    {
      db: ctx.db,
      storage: ctx.storage,
      logger: ctx.logger,
      ffmpegPath: config.ffmpegPath,
      ffmpegPriority: config.ffmpegPriority,
      tempDir: renditionTempDir(config.dataDir),
    },
    ctx.jobs,
    { run: config.videoRenditions },
  );
  // Emails SMTP refused, grouped forum answers, daily summaries, reminders: every minute.
  ctx.jobs.every(NOTICES_QUEUE, '* * * * *', () => sendDueNotices(ctx));
  // A match's conversion to streaming (HLS ladder and poster), sent when its upload passed the content check.
  registerMatchConversion(
    {
      db: ctx.db,
      storage: ctx.storage,
      logger: ctx.logger,
      ffmpegPath: ctx.config.ffmpegPath,
      ffmpegPriority: ctx.config.ffmpegPriority,
      tempDir: conversionTempDir(ctx.config.dataDir),
    },
    ctx.jobs,
  );
}

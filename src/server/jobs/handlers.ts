// Every queue of background jobs and who does its jobs: registered in every process (a web
// instance sends with the same settings a worker works with), run only where `config.worker` is on
// (jobs/queue.ts). A new kind of background work adds its line here, with a handler that takes
// `(ctx, job)` and lives beside its resource.
import type { AppContext } from '../context.ts';
import { conversionTempDir, registerMatchConversion } from '../match-review/convert.ts';

/** The names of the queues, one place for senders and workers. */
export const queues = {} as const;

export function registerJobHandlers(ctx: AppContext): void {
  void ctx;
  // A match's conversion to streaming (HLS ladder and poster), sent when its upload passed the content check.
  registerMatchConversion(
    {
      db: ctx.db,
      storage: ctx.storage,
      logger: ctx.logger,
      ffmpegPath: ctx.config.ffmpegPath,
      tempDir: conversionTempDir(ctx.config.dataDir),
    },
    ctx.jobs,
  );
}

// Every queue of background jobs and who does its jobs: registered in every process (a web
// instance sends with the same settings a worker works with), run only where `config.worker` is on
// (jobs/queue.ts). A new kind of background work adds its line here, with a handler that takes
// `(ctx, job)` and lives beside its resource.
import type { AppContext } from '../context.ts';

/** The names of the queues, one place for senders and workers. */
export const queues = {} as const;

export function registerJobHandlers(ctx: AppContext): void {
  void ctx;
}

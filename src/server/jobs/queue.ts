// The background work (video renditions, a match's conversion, clips, the sends of reminders and
// notices) as jobs in the database, through pg-boss: a job is done once whatever the number of
// processes taking jobs; one that fails is tried again after a growing wait; one whose process
// died (kill -9, a power cut) stops sending its sign of life and is taken by another worker; one
// that runs past its time is stopped (its `signal`) and tried again. The jobs live in the
// database's `pgboss` schema, so they survive a restart. On the embedded database (PGlite) the
// only process is the server and it takes the jobs (`npm start`); with PostgreSQL, `npm run worker`
// takes them in processes of their own, and a web instance started with `WORKER=false` only sends.
import { PgBoss, fromPglite, type ConstructorOptions, type Job as BossJob, type QueuePolicy } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** The schema pg-boss keeps its tables in: never the app's own `public`. */
export const JOBS_SCHEMA = 'pgboss';

export interface SendOptions {
  /**
   * Jobs of a queue with policy 'exclusive' that carry the same key: one at a time, waiting or at
   * work (a second send then answers null); with 'stately', one waiting and one at work. Use the
   * resource's id, e.g. the video's.
   */
  singletonKey?: string;
  /** Tries after the first failure (the queue's `retryLimit` otherwise). */
  retryLimit?: number;
  /** How long one try may run before its `signal` is aborted and it counts as failed (the queue's otherwise). */
  expireInSeconds?: number;
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
}

/** One try of a job, as a handler gets it. */
export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** Tries before this one (0 the first time). */
  retryCount: number;
  /**
   * Aborted when the job must stop: its time ran out, its claim went to another worker (this one
   * looked dead), or the process is stopping. A handler passes it to what it runs (ffmpeg, fetch)
   * and, aborted, throws: the job is tried again later.
   */
  signal: AbortSignal;
}

/**
 * Runs one try of a job. Resolving completes the job; throwing fails this try (tried again after the
 * queue's wait, up to its `retryLimit`). Progress that a person sees ('Procesando… 45 %') is the
 * resource's own: the handler writes it to its row as it goes, as `videos/rendition.ts` does.
 */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface QueueSettings {
  /**
   * 'standard' (default): every send is a job; 'exclusive': one job at a time per `singletonKey`,
   * waiting or at work; 'stately': one waiting and one at work per key.
   */
  policy?: Extract<QueuePolicy, 'standard' | 'exclusive' | 'stately' | 'singleton' | 'short'>;
  /** Tries after the first failure (default 3). */
  retryLimit?: number;
  /** First wait before trying again, in seconds (default 30); doubled each time, at most `retryDelayMaxSeconds`. */
  retryDelaySeconds?: number;
  /** The longest wait between tries (default 1 hour). */
  retryDelayMaxSeconds?: number;
  /** How long one try may run (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * A running job renews its sign of life every half of this (pg-boss does it for the handler);
   * a job without one for this long is failed and tried again by whichever worker fetches it next
   * (default 30 s, at least 10).
   */
  heartbeatSeconds?: number;
  /** Jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
  /**
   * false: this process sends the queue's jobs (with these settings) but does not take them, even
   * where it works (VIDEO_RENDITIONS=false for the renditions). Default true.
   */
  run?: boolean;
}

interface Registered {
  handler: JobHandler<unknown>;
  settings: QueueSettings;
}

export interface Jobs {
  /** Whether this process takes jobs (the worker role: `WORKER`, on by default). */
  readonly working: boolean;
  /**
   * Queues a job. Call it after the write that needs the job has committed (on the embedded
   * database a send waits for any open transaction). Resolves to the job's id, or null when the
   * queue's policy refused it (a job with the same `singletonKey` is already waiting).
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Says which handler runs a queue's jobs and with what settings. Every process registers every
   * queue (`jobs/handlers.ts`), so the settings are the same wherever a job is sent from; only a
   * process that works (`start`) runs the handlers.
   */
  work<T>(name: string, handler: JobHandler<T>, settings?: QueueSettings): void;
  /**
   * A job sent by the clock (cron syntax, in UTC), for the scheduled sends: one job per tick
   * whatever the number of workers. Registered like `work`; the schedule is written at `start`.
   */
  every(name: string, cron: string, handler: JobHandler<Record<string, never>>, settings?: QueueSettings): void;
  /** Creates the queues and, in a process that works, starts taking jobs. Once, by server.ts or worker.ts. */
  start(): Promise<void>;
  /**
   * Fetches one job of the queue waiting now and runs it here, as a worker would (tests, and the
   * operator's commands): its outcome, or null when none was waiting.
   */
  runOnce(name: string): Promise<'completed' | 'failed' | null>;
  /** Stops taking jobs, aborts the running ones (they are tried again later) and waits for them. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 30,
  concurrency: 1,
} satisfies Required<Omit<QueueSettings, 'policy' | 'run'>>;

const queueOptions = (settings: QueueSettings) => {
  const s = { ...DEFAULTS, ...settings };
  return {
    policy: settings.policy ?? 'standard',
    // A send wakes the workers at once (LISTEN/NOTIFY; on PGlite within the process): they poll
    // every 10 s (for the retries, which nothing announces) instead of every 2 s, on the database
    // the pages also use.
    notify: true,
    retryLimit: s.retryLimit,
    retryDelay: s.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: s.retryDelayMaxSeconds,
    expireInSeconds: s.expireInSeconds,
    heartbeatSeconds: Math.max(10, s.heartbeatSeconds),
  };
};

/** pg-boss on the app's database: its own pool on PostgreSQL, the one connection on PGlite. */
function bossOptions(database: Database, databaseUrl: string | undefined, working: boolean): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    migrate: true,
    // Expiry, heartbeats and retries (supervise) and the clock's jobs (schedule) are looked after
    // by the processes that take jobs; a web instance only sends.
    supervise: working,
    schedule: working,
    // A job whose worker died is failed (and tried again) at the next pass over its queue: every
    // 10 s rather than pg-boss's minute, so a video is taken over seconds after a crash.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    // The clock's jobs are once a minute: their schedule is looked at every 15 s.
    cronWorkerIntervalSeconds: 15,
    useListenNotify: true,
    registerInstance: false,
    persistWarnings: false,
  };
  if (database.pglite) return { ...common, backend: 'pglite', db: fromPglite(database.pglite) };
  return { ...common, connectionString: databaseUrl, max: 4, application_name: working ? 'aula-worker' : 'aula-web' };
}

/**
 * Creates or brings up to date pg-boss's tables (`openDatabase` runs it after the app's migrations):
 * a database is ready for jobs before any process sends one.
 */
export async function installJobTables(database: Database, databaseUrl: string | undefined): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(database, databaseUrl, false), max: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/** Creates a registered queue with its settings (a queue nobody registered is refused). */
async function makeQueue(instance: PgBoss, name: string, entry: Registered | undefined) {
  // A queue made with other settings than its workers' (its policy cannot change afterwards)
  // would be a quiet bug: every queue is registered first, in every process (jobs/handlers.ts).
  if (!entry) throw new Error(`la cola de trabajos ${name} no está registrada (jobs/handlers.ts)`);
  await instance.createQueue(name, queueOptions(entry.settings));
  // A queue made by an earlier version keeps its settings otherwise.
  const { policy: _policy, ...rest } = queueOptions(entry.settings);
  await instance.updateQueue(name, rest);
}

export function createJobs(options: { database: Database; databaseUrl: string | undefined; logger: Logger; working: boolean }): Jobs {
  const { database, databaseUrl, logger, working } = options;
  const registered = new Map<string, Registered>();
  const schedules = new Map<string, string>();
  const stopping = new AbortController();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let started = false;
  const created = new Set<string>();

  /** pg-boss, started at the first use (a send from a test app, which never works, starts it too). */
  const ready = () => {
    starting ??= (async () => {
      const instance = new PgBoss(bossOptions(database, databaseUrl, working));
      instance.on('error', (error) => logger.warn({ err: error }, 'error en la cola de trabajos'));
      instance.on('warning', (warning) => logger.warn({ warning }, 'aviso de la cola de trabajos'));
      await instance.start();
      boss = instance;
      return instance;
    })();
    return starting;
  };

  const ensureQueue = async (instance: PgBoss, name: string) => {
    if (created.has(name)) return;
    await makeQueue(instance, name, registered.get(name));
    created.add(name);
  };

  /** Runs the handler with a signal aborted by pg-boss (time out, claim lost) or by `stop`. */
  const run = async (name: string, job: BossJob<unknown>) => {
    const entry = registered.get(name);
    if (!entry) throw new Error(`no hay quién haga los trabajos de ${name}`);
    // A job fetched by `runOnce` has no signal of pg-boss's own.
    const signal = AbortSignal.any([...(job.signal ? [job.signal] : []), stopping.signal]);
    await entry.handler({ id: job.id, name, data: job.data, retryCount: job.retryCount, signal });
    // A handler that returned after its signal did not finish: tried again later.
    if (signal.aborted) throw new Error(`el trabajo ${name} se interrumpió`);
  };

  return {
    working,
    async send(name, data, sendOptions = {}) {
      const instance = await ready();
      await ensureQueue(instance, name);
      const { startAfter, ...rest } = sendOptions;
      const after = typeof startAfter === 'number' ? Math.max(0, Math.round(startAfter)) : startAfter;
      return instance.send(name, data, { ...rest, ...(after !== undefined ? { startAfter: after } : {}) });
    },
    work(name, handler, settings = {}) {
      registered.set(name, { handler: handler as JobHandler<unknown>, settings });
    },
    every(name, cron, handler, settings = {}) {
      // A tick that waits behind another is pointless: one at a time, short, few tries.
      registered.set(name, {
        handler: handler as JobHandler<unknown>,
        settings: { policy: 'exclusive', retryLimit: 1, expireInSeconds: 5 * 60, ...settings },
      });
      schedules.set(name, cron);
    },
    async start() {
      if (started) return;
      started = true;
      const instance = await ready();
      for (const name of registered.keys()) await ensureQueue(instance, name);
      if (!working) {
        logger.info('esta instancia no hace los trabajos en segundo plano (WORKER=false): los hacen los procesos de npm run worker');
        return;
      }
      for (const [name, cron] of schedules) await instance.schedule(name, cron, {}, { tz: 'UTC' });
      for (const [name, entry] of registered) {
        if (entry.settings.run === false) continue;
        const concurrency = entry.settings.concurrency ?? DEFAULTS.concurrency;
        await instance.work(
          name,
          { localConcurrency: concurrency, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 10 },
          async ([job]) => {
            if (job) await run(name, job);
          },
        );
      }
      logger.info({ queues: [...registered.keys()] }, 'esta instancia hace los trabajos en segundo plano');
    },
    async runOnce(name) {
      const instance = await ready();
      await ensureQueue(instance, name);
      const [job] = await instance.fetch(name, { batchSize: 1 });
      if (!job) return null;
      try {
        await run(name, job);
        await instance.complete(name, job.id);
        return 'completed';
      } catch (error) {
        await instance.fail(name, job.id, { message: String((error as Error)?.message ?? error) });
        return 'failed';
      }
    },
    async stop() {
      stopping.abort();
      const instance = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
      // Graceful: the handlers, aborted, settle their jobs before pg-boss lets go of the database.
      await instance?.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

// The background jobs (jobs/queue.ts, pg-boss on the app's database): a job is done once, a failed
// try is tried again after a growing wait up to its limit, a try past its time is stopped by its
// signal and tried again, a queue keyed per resource holds one waiting job per key, a process that
// works takes the jobs by itself, and one that does not (WORKER=false) only with PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { NOTICES_QUEUE } from '../../src/server/jobs/handlers.ts';
import { createJobs, type Job } from '../../src/server/jobs/queue.ts';
import { enqueueEmail } from '../../src/server/mail/queue.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface JobRow {
  state: string;
  retryCount: number;
  waitSeconds: number;
}
/** The queue's jobs as pg-boss keeps them, oldest first. */
async function jobRows(name: string): Promise<JobRow[]> {
  const found = await t.ctx.db.execute(sql`
    select state, retry_count as "retryCount", extract(epoch from start_after - now())::float8 as "waitSeconds"
    from pgboss.job where name = ${name} order by created_on`);
  return (found as unknown as { rows: JobRow[] }).rows.map((row) => ({ ...row, waitSeconds: Number(row.waitSeconds) }));
}
/** Makes a job waiting for its retry due now. */
const dueNow = (name: string) => t.ctx.db.execute(sql`update pgboss.job set start_after = now() where name = ${name} and state = 'retry'`);

describe('background jobs', () => {
  it('runs a sent job once, with its data; the jobs of a queue keyed per resource wait one per key', async () => {
    const seen: Array<Job<{ n: number }>> = [];
    t.ctx.jobs.work<{ n: number }>('test.echo', async (job) => {
      seen.push(job);
    });
    const id = await t.ctx.jobs.send('test.echo', { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.ctx.jobs.runOnce('test.echo')).toBe('completed');
    expect(await t.ctx.jobs.runOnce('test.echo')).toBeNull();
    expect(seen.map((job) => [job.id, job.data, job.retryCount])).toEqual([[id, { n: 7 }, 0]]);
    expect((await jobRows('test.echo')).map((row) => row.state)).toEqual(['completed']);

    t.ctx.jobs.work('test.keyed', async () => undefined, { policy: 'exclusive' });
    const first = await t.ctx.jobs.send('test.keyed', { n: 1 }, { singletonKey: 'video-a' });
    expect(first).not.toBeNull();
    expect(await t.ctx.jobs.send('test.keyed', { n: 2 }, { singletonKey: 'video-a' })).toBeNull();
    expect(await t.ctx.jobs.send('test.keyed', { n: 3 }, { singletonKey: 'video-b' })).not.toBeNull();
    expect(await t.ctx.jobs.runOnce('test.keyed')).toBe('completed');
    expect(await t.ctx.jobs.runOnce('test.keyed')).toBe('completed');
    expect(await t.ctx.jobs.runOnce('test.keyed')).toBeNull();
    // Done, the key takes a new job.
    expect(await t.ctx.jobs.send('test.keyed', { n: 4 }, { singletonKey: 'video-a' })).not.toBeNull();
  });

  it('tries a failed job again after a growing wait, and gives up after its limit', async () => {
    let tries = 0;
    t.ctx.jobs.work(
      'test.flaky',
      async () => {
        tries += 1;
        throw new Error('el servidor de correo no responde');
      },
      { retryLimit: 2, retryDelaySeconds: 20 },
    );
    await t.ctx.jobs.send('test.flaky', {});
    expect(await t.ctx.jobs.runOnce('test.flaky')).toBe('failed');
    // (pg-boss counts a retry when it hands the job out again.)
    const [afterFirst] = await jobRows('test.flaky');
    expect(afterFirst).toMatchObject({ state: 'retry', retryCount: 0 });
    // Not before its wait: 20 s, doubled with some spread on each try.
    expect(afterFirst!.waitSeconds).toBeGreaterThan(15);
    expect(await t.ctx.jobs.runOnce('test.flaky')).toBeNull();
    await dueNow('test.flaky');
    expect(await t.ctx.jobs.runOnce('test.flaky')).toBe('failed');
    const [afterSecond] = await jobRows('test.flaky');
    expect(afterSecond).toMatchObject({ state: 'retry', retryCount: 1 });
    expect(afterSecond!.waitSeconds).toBeGreaterThan(35);
    await dueNow('test.flaky');
    expect(await t.ctx.jobs.runOnce('test.flaky')).toBe('failed');
    expect(await jobRows('test.flaky')).toEqual([expect.objectContaining({ state: 'failed', retryCount: 2 })]);
    expect(tries).toBe(3);
    expect(await t.ctx.jobs.runOnce('test.flaky')).toBeNull();
    // A queue nobody registered is refused: its settings would be pg-boss's defaults, for good.
    await expect(t.ctx.jobs.send('test.nobody', {})).rejects.toThrow(/no está registrada/);
  });

  it('takes jobs by itself where it works; a try past its time is stopped by its signal and tried again', async () => {
    const { database, config, logger } = t.ctx;
    const worker = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    const tries: Array<{ retryCount: number; stopped: boolean }> = [];
    worker.work(
      'test.slow',
      async (job) => {
        const stopped = await new Promise<boolean>((resolve) => {
          if (job.retryCount > 0) return resolve(false);
          job.signal.addEventListener('abort', () => resolve(true));
        });
        tries.push({ retryCount: job.retryCount, stopped });
        if (stopped) throw new Error('detenido');
      },
      { expireInSeconds: 1, retryDelaySeconds: 1 },
    );
    // Sent before the process starts to work: it waits.
    await worker.send('test.slow', {});
    await worker.start();
    try {
      await vi.waitFor(async () => expect((await jobRows('test.slow')).map((row) => row.state)).toEqual(['completed']), {
        timeout: 20_000,
        interval: 250,
      });
    } finally {
      await worker.stop();
    }
    expect(tries).toEqual([
      { retryCount: 0, stopped: true },
      { retryCount: 1, stopped: false },
    ]);
  }, 30_000);

  it('a job sent while no process works waits in the database for the next one that does', async () => {
    const { database, config, logger } = t.ctx;
    const done: number[] = [];
    const register = (jobs: ReturnType<typeof createJobs>) =>
      jobs.work<{ n: number }>('test.later', async (job) => {
        done.push(job.data.n);
      });
    const stopped = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    register(stopped);
    await stopped.send('test.later', { n: 1 });
    await stopped.stop();
    expect(done).toEqual([]);
    const next = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    register(next);
    await next.start();
    try {
      await vi.waitFor(() => expect(done).toEqual([1]), { timeout: 10_000 });
    } finally {
      await next.stop();
    }
  }, 20_000);

  it('a process that does not work (WORKER=false) sends jobs and leaves them to one that does', async () => {
    const { database, config, logger } = t.ctx;
    const done: string[] = [];
    const register = (jobs: ReturnType<typeof createJobs>) =>
      jobs.work('test.web', async (job) => {
        done.push(job.id);
      });
    const web = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: false });
    register(web);
    await web.start();
    const id = await web.send('test.web', {});
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(done).toEqual([]);
    expect((await jobRows('test.web')).map((row) => row.state)).toEqual(['created']);
    const worker = createJobs({ database, databaseUrl: config.databaseUrl, logger, working: true });
    register(worker);
    await worker.start();
    try {
      await vi.waitFor(() => expect(done).toEqual([id]), { timeout: 15_000 });
    } finally {
      await Promise.all([web.stop(), worker.stop()]);
    }
  }, 30_000);

  it('the minute’s job sends what is due: an email waiting in the outbox goes out', async () => {
    await enqueueEmail(t.ctx.db, { to: 'arbitro@example.com', subject: 'Cuota por vencer', text: 'Hola', html: '<p>Hola</p>' });
    const before = t.mails.length;
    // The clock sends this job every minute where jobs are done; here it is sent and run by hand.
    await t.ctx.jobs.send(NOTICES_QUEUE, {});
    expect(await t.ctx.jobs.runOnce(NOTICES_QUEUE)).toBe('completed');
    expect(t.mails.slice(before).map((mail) => mail.subject)).toEqual(['Cuota por vencer']);
    expect(await t.ctx.db.select().from(emailOutbox)).toEqual([]);
    // One at a time: while one waits, the next tick adds nothing.
    expect(await t.ctx.jobs.send(NOTICES_QUEUE, {})).not.toBeNull();
    expect(await t.ctx.jobs.send(NOTICES_QUEUE, {})).toBeNull();
  });

  it('refuses WORKER=false on the embedded database, whose server is its only process', () => {
    expect(() => loadConfig({ WORKER: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER: 'false' })).toThrow(/WORKER sólo puede ser false con DATABASE_URL/);
    expect(loadConfig({ WORKER: 'false', DATABASE_URL: 'postgres://aula@localhost/aula' }).worker).toBe(false);
    expect(loadConfig({}).worker).toBe(true);
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * A progressive delay (as django-axes' cool-off or Rack::Attack's exponential throttles): the
 * first `free` attempts go through; from then on each one makes the next wait twice as long
 * (`baseSeconds`, doubled, up to `maxSeconds`). The count is forgotten `windowSeconds` after
 * the latest attempt.
 */
export interface Delay {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  windowSeconds: number;
}

export const limits = {
  /** Recovery requests from one address. */
  recoveryPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Recovery emails sent to one address; past it requests are answered but nothing is sent. */
  recoveryPerEmail: { max: 3, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const loginDelays = {
  /**
   * One email from one client: a guesser slows down fast (up to 15 minutes between attempts)
   * without slowing the owner of the account, who signs in from elsewhere.
   */
  emailAndClient: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, windowSeconds: 60 * 60 },
  /**
   * One email from anywhere (guessing spread over many addresses). Capped at one minute, so that
   * nobody can keep an account, the admin's included, from signing in for longer.
   */
  email: { free: 10, baseSeconds: 1, maxSeconds: 60, windowSeconds: 60 * 60 },
  /**
   * One client across emails. Successful logins give their attempt back: a whole class signing in
   * from one school network shares one address.
   */
  client: { free: 50, baseSeconds: 1, maxSeconds: 15 * 60, windowSeconds: 60 * 60 },
} satisfies Record<string, Delay>;

/** What counting the attempt answered: let through, or wait `retryAfterSeconds`. */
export type AttemptVerdict =
  | { allowed: true; waits: Array<{ key: string; seconds: number }> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against each key, before anything is checked, in one statement that
 * increments and returns (so parallel attempts each see their own count). An attempt that comes
 * while a key is waiting is refused and not counted; one let through past `free` sets the wait
 * for the next one.
 */
export async function countAttempt(db: Db, keys: Array<{ key: string; delay: Delay }>): Promise<AttemptVerdict> {
  // The same order in every statement, so that parallel statements lock rows without deadlocks.
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  const rows = sql.join(
    sorted.map(
      ({ key, delay }) =>
        sql`(${key}, ${delay.free}::int, ${delay.baseSeconds}::float8, ${delay.maxSeconds}::float8, ${delay.windowSeconds}::float8)`,
    ),
    sql`, `,
  );
  // next_count: the attempt's count if let through (the window restarts once it has passed).
  const result = (await db.execute(sql`
    with input (key, free, base, max_wait, window_s) as (values ${rows}),
    upserted as (
      insert into rate_limit as r (key, count, reset_at, blocked_until, allowed)
      select key, 1, now() + make_interval(secs => window_s),
             case when free <= 1 then now() + make_interval(secs => least(base, max_wait)) end, true
      from input
      on conflict (key) do update set
        allowed = not coalesce(r.reset_at > now() and r.blocked_until > now(), false),
        count = case when r.reset_at <= now() then 1
                     when r.blocked_until > now() then r.count
                     else r.count + 1 end,
        reset_at = case when r.blocked_until > now() and r.reset_at > now() then r.reset_at
                        else now() + make_interval(secs => (select window_s from input where input.key = r.key)) end,
        blocked_until = case
          when r.reset_at > now() and r.blocked_until > now() then r.blocked_until
          else (select case when n.next_count >= i.free
                            then now() + make_interval(secs => least(i.base * power(2, n.next_count - i.free), i.max_wait))
                       end
                from input i
                cross join (select case when r.reset_at <= now() then 1 else r.count + 1 end as next_count) n
                where i.key = r.key)
        end
      returning r.key, r.allowed, extract(epoch from (r.blocked_until - now())) as wait
    )
    select key, allowed, wait from upserted
  `)) as unknown as { rows: Array<{ key: string; allowed: boolean; wait: number | string | null }> };
  const refused = result.rows.filter((row) => !row.allowed);
  if (refused.length === 0) {
    const waits = result.rows.filter((row) => row.wait !== null && Number(row.wait) > 0).map((row) => ({ key: row.key, seconds: Number(row.wait) }));
    return { allowed: true, waits };
  }
  const wait = Math.max(...refused.map((row) => Number(row.wait ?? 0)));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/**
 * A failed attempt: the waits it set start when its answer goes out, not when it was counted
 * (checking a password takes a while), so the next attempt really waits that long.
 */
export async function attemptFailed(db: Db, waits: Array<{ key: string; seconds: number }>): Promise<void> {
  for (const { key, seconds } of waits) {
    await db
      .update(rateLimit)
      .set({ blockedUntil: sql`greatest(${rateLimit.blockedUntil}, now() + make_interval(secs => ${seconds}::float8))` })
      .where(eq(rateLimit.key, key));
  }
}

/** A successful login: the email's counts start over, and the client gets its attempt back. */
export async function loginSucceeded(db: Db, resetKeys: string[], givenBackKey: string, free: number): Promise<void> {
  await db.delete(rateLimit).where(inArray(rateLimit.key, resetKeys));
  await db
    .update(rateLimit)
    .set({
      count: sql`greatest(${rateLimit.count} - 1, 0)`,
      blockedUntil: sql`case when ${rateLimit.count} - 1 < ${free} then null else ${rateLimit.blockedUntil} end`,
    })
    .where(eq(rateLimit.key, givenBackKey));
}

/**
 * Counts one hit against `key` in a fixed window (in the database, so every app instance
 * shares the count) and says whether the count is still within the limit.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<boolean> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${limit.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.resetAt} <= now() then 1 else ${rateLimit.count} + 1 end`,
        resetAt: sql`case when ${rateLimit.resetAt} <= now() then excluded.reset_at else ${rateLimit.resetAt} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return row!.count <= limit.max;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

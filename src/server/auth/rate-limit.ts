import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { messages } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { AppError } from '../errors.ts';

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
  /** Never refuses before the check: counts, and says the attempt was `slowed` (see `loginDelays`). */
  soft?: boolean;
}

export const limits = {
  /** Recovery requests from one address. */
  recoveryPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Recovery emails sent to one address; past it requests are answered but nothing is sent. */
  recoveryPerEmail: { max: 3, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * The login's three counts. Only the first refuses before the password is checked: it holds one's
 * own failures (this email from this client). The other two are shared with other people (an
 * account attacked from elsewhere, a class behind one address), so they never turn a right
 * password away: while one of them waits the password is still checked, a right one signs in, and
 * a wrong one is answered 429 with the wait (`soft`).
 */
export const loginDelays = {
  /**
   * One email from one client: a guesser slows down fast (up to 15 minutes between attempts)
   * without slowing the owner of the account, who signs in from elsewhere.
   */
  emailAndClient: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, windowSeconds: 60 * 60 },
  /**
   * One email from anywhere (guessing spread over many addresses): past 10 failures a wrong
   * password is told to wait, up to a minute; the owner's right one still signs in.
   */
  email: { free: 10, baseSeconds: 1, maxSeconds: 60, windowSeconds: 60 * 60, soft: true },
  /**
   * One client across emails (spraying one password over many accounts): past 50 failures a wrong
   * password is told to wait, up to a minute. Successful logins give their attempt back: a whole
   * class signing in from one hall's network shares one address.
   */
  client: { free: 50, baseSeconds: 1, maxSeconds: 60, windowSeconds: 60 * 60, soft: true },
} satisfies Record<string, Delay>;

/** The wait a key sets once it has counted `count` attempts: none while they are free, then doubling. */
export function waitAfter(delay: Delay, count: number): number {
  return count >= delay.free ? Math.min(delay.baseSeconds * 2 ** (count - delay.free), delay.maxSeconds) : 0;
}

/**
 * What counting the attempt answered: let through (`slowed` when a soft key was waiting: a wrong
 * password then gets 429), or refused, to wait `retryAfterSeconds`.
 */
export type AttemptVerdict =
  { allowed: true; slowed: boolean; waits: Array<{ key: string; seconds: number }> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against each key, before anything is checked, in one statement that
 * increments and returns (so parallel attempts each see their own count). An attempt that comes
 * while a key is waiting is refused and not counted, unless its delay is `soft`: then it is counted
 * and let through, and the verdict says it was `slowed`. One let through past `free` sets the
 * wait for the next one.
 */
export async function countAttempt(db: Db, keys: Array<{ key: string; delay: Delay }>): Promise<AttemptVerdict> {
  // The same order in every statement, so that parallel statements lock rows without deadlocks.
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  const rows = sql.join(
    sorted.map(
      ({ key, delay }) =>
        sql`(${key}, ${delay.free}::int, ${delay.baseSeconds}::float8, ${delay.maxSeconds}::float8, ${delay.windowSeconds}::float8, ${delay.soft ?? false}::boolean)`,
    ),
    sql`, `,
  );
  // waiting: the key's wait has not ended; a hard key then refuses and counts nothing, a soft one
  // counts and keeps its wait (a wrong password lengthens it afterwards: attemptFailed).
  // next_count: the attempt's count if counted (the window restarts once it has passed).
  const result = (await db.execute(sql`
    with input (key, free, base, max_wait, window_s, soft) as (values ${rows}),
    upserted as (
      insert into rate_limit as r (key, count, reset_at, blocked_until, allowed)
      select key, 1, now() + make_interval(secs => window_s),
             case when free <= 1 then now() + make_interval(secs => least(base, max_wait)) end, true
      from input
      on conflict (key) do update set
        allowed = not coalesce(r.reset_at > now() and r.blocked_until > now(), false),
        count = case when r.reset_at <= now() then 1
                     when r.blocked_until > now() and not (select soft from input where input.key = r.key) then r.count
                     else r.count + 1 end,
        reset_at = case when r.blocked_until > now() and r.reset_at > now() and not (select soft from input where input.key = r.key) then r.reset_at
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
      returning r.key, r.allowed, r.count, extract(epoch from (r.blocked_until - now())) as wait
    )
    select u.key, u.allowed, u.count, u.wait, i.soft from upserted u join input i on i.key = u.key
  `)) as unknown as { rows: Array<{ key: string; allowed: boolean; count: number; wait: number | string | null; soft: boolean }> };
  const refused = result.rows.filter((row) => !row.allowed && !row.soft);
  if (refused.length === 0) {
    const delayOf = new Map(keys.map(({ key, delay }) => [key, delay]));
    const waits = result.rows
      .map((row) => ({ key: row.key, seconds: waitAfter(delayOf.get(row.key)!, Number(row.count)) }))
      .filter((wait) => wait.seconds > 0);
    return { allowed: true, slowed: result.rows.some((row) => !row.allowed && row.soft), waits };
  }
  const wait = Math.max(...refused.map((row) => Number(row.wait ?? 0)));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/**
 * A failed attempt: the waits it set start when its answer goes out, not when it was counted
 * (checking a password takes a while), so the next attempt really waits that long. Returns the
 * longest wait now set on these keys, in whole seconds (0 when none).
 */
export async function attemptFailed(db: Db, waits: Array<{ key: string; seconds: number }>): Promise<number> {
  let longest = 0;
  for (const { key, seconds } of waits) {
    const [row] = await db
      .update(rateLimit)
      .set({ blockedUntil: sql`greatest(${rateLimit.blockedUntil}, now() + make_interval(secs => ${seconds}::float8))` })
      .where(eq(rateLimit.key, key))
      .returning({ wait: sql<number | string>`extract(epoch from (${rateLimit.blockedUntil} - now()))` });
    longest = Math.max(longest, Number(row?.wait ?? 0));
  }
  return Math.ceil(longest);
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
  return (await count(db, key, limit)).count <= limit.max;
}

/**
 * Counts one request against the limit; past it, answers 429 with `Retry-After` (the seconds left
 * in the window) and the message, as every limited route does.
 */
export async function requireUnderLimit(db: Db, reply: FastifyReply, key: string, limit: Limit, message = messages.tooManyRequests) {
  const row = await count(db, key, limit);
  if (row.count <= limit.max) return;
  reply.header('retry-after', String(Math.max(1, row.secondsLeft)));
  throw new AppError('TOO_MANY_REQUESTS', message);
}

/** One more request in the key's window (a new window once the last one is over): the count and the seconds the window has left. */
async function count(db: Db, key: string, limit: Limit) {
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
    .returning({ count: rateLimit.count, secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimit.resetAt} - now())))::int` });
  return row!;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

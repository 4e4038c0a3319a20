import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export const limits = {
  /** Failed logins for one email before it is locked for the rest of the window. */
  loginPerEmail: { max: 5, windowSeconds: 15 * 60 },
  /**
   * Failed logins from one address. Successful ones do not count: a whole class signing in
   * from the same school network shares one address.
   */
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Recovery requests from one address. */
  recoveryPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Recovery emails sent to one address; past it requests are answered but nothing is sent. */
  recoveryPerEmail: { max: 3, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

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

/** Whether `key` has already used up its window, without counting a hit. */
export async function isExhausted(db: Db, key: string, limit: Limit): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(sql`${rateLimit.key} = ${key} and ${rateLimit.resetAt} > now()`);
  return (row?.count ?? 0) >= limit.max;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

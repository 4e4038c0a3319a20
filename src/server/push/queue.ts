// Notices on the phone go out the way emails do (mail/queue.ts): queued in the transaction that
// decided them, one row per subscription, and sent by whichever instance claims the row (SKIP
// LOCKED), so each notice goes once whatever the number of instances; a failure is retried with
// growing waits while the notice still means something, and never fails the action behind it.
import type { Agent } from 'node:https';
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import webpush, { WebPushError } from 'web-push';
import type { NoticePayload } from '../../shared/schemas/notices.ts';
import type { Db, Tx } from '../db/client.ts';
import { pushOutbox, pushSubscription, session } from '../db/schema.ts';
import { retryDelayMs } from '../mail/queue.ts';
import type { VapidKeys } from './vapid.ts';

/** How long a notice is worth delivering: the push service keeps it this long for a phone that is off, and we retry for as long. */
export const NOTICE_TTL_SECONDS = 24 * 60 * 60;

/**
 * Queues a notice for every device where `userId` allowed notices, inside the caller's
 * transaction: it exists only if that transaction commits. Only subscriptions of a session still
 * alive: a phone whose session ended is signed out, and hears nothing for that person.
 */
export async function enqueueNotice(
  tx: Db | Tx,
  userId: string,
  notice: NoticePayload,
  when: { notBefore?: Date; expiresAt?: Date } = {},
): Promise<number> {
  const start = when.notBefore ? sql`greatest(now(), ${when.notBefore.toISOString()}::timestamptz)` : sql`now()`;
  const end = when.expiresAt
    ? sql`least(${start} + make_interval(secs => ${NOTICE_TTL_SECONDS}), ${when.expiresAt.toISOString()}::timestamptz)`
    : sql`${start} + make_interval(secs => ${NOTICE_TTL_SECONDS})`;
  const inserted = await tx.execute(sql`
    insert into ${pushOutbox} (id, subscription_id, title, body, url, tag, attempts, next_attempt_at, expires_at)
    select gen_random_uuid()::text, s.id, ${notice.title}, ${notice.body}, ${notice.url}, ${notice.tag}, 0, ${start}, ${end}
    from ${pushSubscription} s join ${session} on ${session.id} = s.session_id
    where s.user_id = ${userId} and ${session.expiresAt} > now()`);
  return (inserted as { rowCount?: number; affectedRows?: number }).rowCount ?? (inserted as { affectedRows?: number }).affectedRows ?? 0;
}

export interface PushQueue {
  /** Sends the queued notices that are due; answers how many reached their push service. */
  deliverDue(): Promise<number>;
}

/** The push services answer these for a subscription that no longer exists: it is deleted. */
const GONE = new Set([404, 410]);

export function createPushQueue(options: {
  db: Db;
  logger: Logger;
  vapid: VapidKeys;
  /** Who the push services may write to about this server (VAPID's `sub`). */
  subject: string;
  /** The HTTPS agent for the push services (tests trust their local endpoint's certificate with it). */
  agent?: Agent;
}): PushQueue {
  const { db, logger, vapid, subject, agent } = options;
  let running: Promise<number> | null = null;

  async function sendOne(row: typeof pushOutbox.$inferSelect, subscription: typeof pushSubscription.$inferSelect) {
    const payload: NoticePayload = { title: row.title, body: row.body, url: row.url, tag: row.tag };
    const left = Math.max(60, Math.round((row.expiresAt.getTime() - Date.now()) / 1000));
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: left,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        // The push service keeps only the newest undelivered notice of a topic for a phone that is off.
        topic: topicOf(row.tag),
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      },
    );
  }

  async function deliver(): Promise<number> {
    return db.transaction(async (tx) => {
      // Each instance takes its own rows (SKIP LOCKED); a row stays locked while it is tried.
      const due = await tx
        .select()
        .from(pushOutbox)
        .where(sql`${pushOutbox.nextAttemptAt} <= now()`)
        .orderBy(pushOutbox.nextAttemptAt)
        .limit(100)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const subscriptions = new Map(
        (
          await tx
            .select()
            .from(pushSubscription)
            .where(inArray(pushSubscription.id, [...new Set(due.map((row) => row.subscriptionId))]))
        ).map((row) => [row.id, row]),
      );
      const now = Date.now();
      const live = due.filter((row) => subscriptions.has(row.subscriptionId) && row.expiresAt.getTime() > now);
      for (const row of due) if (!live.includes(row)) await tx.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
      // All at once: a class of 200 hears of an exam in one push service's round trip, not 200.
      const outcomes = await Promise.allSettled(live.map((row) => sendOne(row, subscriptions.get(row.subscriptionId)!)));
      let delivered = 0;
      const gone = new Set<string>();
      for (const [i, row] of live.entries()) {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') {
          await tx.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
          delivered += 1;
          continue;
        }
        const error: unknown = outcome.reason;
        if (error instanceof WebPushError && GONE.has(error.statusCode)) {
          // The person uninstalled the app or revoked the permission: the device is forgotten (its queued notices with it).
          if (!gone.has(row.subscriptionId)) {
            gone.add(row.subscriptionId);
            await tx.delete(pushSubscription).where(eq(pushSubscription.id, row.subscriptionId));
            logger.info(
              { subscriptionId: row.subscriptionId, status: error.statusCode },
              'el servicio de avisos dice que el teléfono ya no está: se borra',
            );
          }
          continue;
        }
        const attempts = row.attempts + 1;
        const message = error instanceof WebPushError ? `${error.statusCode} ${error.body}` : String((error as Error)?.message ?? error);
        await tx
          .update(pushOutbox)
          .set({ attempts, nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)), lastError: message.slice(0, 500) })
          .where(eq(pushOutbox.id, row.id));
        logger.warn({ subscriptionId: row.subscriptionId, err: message }, 'no se pudo entregar un aviso: se reintenta');
      }
      if (delivered > 0) logger.info({ delivered }, 'avisos entregados');
      return delivered;
    });
  }

  return {
    // One round at a time per instance: an immediate send and the worker's round do not overlap.
    async deliverDue() {
      while (running) await running.catch(() => 0);
      running = deliver();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
}

/** A push Topic is at most 32 URL-safe characters: a digest of the tag. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** The subscriptions of a person still queued for, for tests and 'Mi cuenta'. */
export async function liveSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({ id: pushSubscription.id, endpoint: pushSubscription.endpoint })
    .from(pushSubscription)
    .innerJoin(session, eq(session.id, pushSubscription.sessionId))
    .where(and(eq(pushSubscription.userId, userId), gt(session.expiresAt, sql`now()`)));
}

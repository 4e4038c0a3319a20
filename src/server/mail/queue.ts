import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** Wait before retry number `attempts + 1`: 1, 2, 4, 8… minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/**
 * Puts an email on the queue inside the caller's transaction, due at once: it exists only if that
 * transaction commits, and `deliverDue` sends it (here or on another instance, each row once).
 */
export async function enqueueEmail(tx: Db | Tx, message: MailMessage) {
  await tx.insert(emailOutbox).values({
    id: randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    link: message.link ?? null,
    attempts: 0,
    nextAttemptAt: sql`now()`,
  });
}

/**
 * An email that must go out once whatever the number of instances or runs (a reminder): `claim`
 * records it in the transaction (an insert that does nothing when it was already recorded) and
 * answers whether this call made the record; only then is the email queued, in the same
 * transaction, so it is never sent twice nor lost between the two. Answers whether it was queued;
 * the caller delivers the queue (`deliverDue`) once it has queued its batch.
 */
export async function queueOnce(db: Db, claim: (tx: Tx) => Promise<boolean>, message: MailMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claim(tx))) return false;
    await enqueueEmail(tx, message);
    return true;
  });
}

export interface MailQueue {
  /** Retries the queued emails that are due; returns how many were delivered. */
  deliverDue(): Promise<number>;
}

/**
 * Sends through `transport` at once; when that fails (SMTP down, refused), the email is kept
 * in the `email_outbox` table and the call still succeeds, so the write that caused it is not
 * undone and the email goes out once the server is back.
 */
export function createQueuedMailer(transport: Mailer, db: Db, logger: Logger): Mailer & MailQueue {
  return {
    async send(message) {
      try {
        await transport.send(message);
      } catch (error) {
        await db.insert(emailOutbox).values({
          id: randomUUID(),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          link: message.link ?? null,
          attempts: 1,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(1)),
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
        });
        logger.warn({ err: error, to: message.to }, 'el servidor de correo no respondió: el email queda en cola y se reintenta');
      }
    },

    async deliverDue() {
      // Each instance takes its own rows (SKIP LOCKED); a row stays locked while it is tried.
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(emailOutbox)
          .where(sql`${emailOutbox.nextAttemptAt} <= now()`)
          .orderBy(emailOutbox.nextAttemptAt)
          .limit(50)
          .for('update', { skipLocked: true });
        let delivered = 0;
        for (const row of due) {
          const message: MailMessage = {
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            ...(row.link ? { link: row.link } : {}),
          };
          try {
            await transport.send(message);
            await tx.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
            delivered += 1;
          } catch (error) {
            const attempts = row.attempts + 1;
            await tx
              .update(emailOutbox)
              .set({
                attempts,
                nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
                lastError: String((error as Error)?.message ?? error).slice(0, 500),
              })
              .where(eq(emailOutbox.id, row.id));
          }
        }
        if (delivered > 0) logger.info({ delivered }, 'emails en cola enviados');
        return delivered;
      });
    },
  };
}

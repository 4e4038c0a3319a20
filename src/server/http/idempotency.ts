import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKey } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a first answer is kept for repeats. */
const KEEP = '1 day';
/** How long a repeat waits for the first request to finish. */
const WAIT_MS = 10_000;
/** A first request that has not finished after this long died with its process: a repeat runs again. */
const ABANDONED_MS = 60_000;
const CLEANUP_EVERY_MS = 60_000;

/** The optional header of the creates a person may repeat (validated, and listed in OpenAPI). */
export const idempotencyHeaders = z.looseObject({
  [HEADER]: z
    .string()
    .regex(KEY_PATTERN, messages.idempotencyKeyInvalid)
    .optional()
    .describe('Una clave por pedido (8 a 100 letras, números, - o _): repetir el pedido con la misma clave devuelve la primera respuesta.'),
});

const lastCleanup = new WeakMap<Db, number>();

/** Deletes the answers kept for more than a day. */
export async function forgetOldIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, sql`now() - ${KEEP}::interval`));
}

/** At most once a minute per process, on the next create. */
async function forgetOld(db: Db) {
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(db, now);
  await forgetOldIdempotencyKeys(db);
}

/**
 * Runs a create once per `Idempotency-Key` and user: a repeat with the same key (a double tap,
 * a retry after a lost answer) gets the first answer and changes nothing; while the first is
 * still running, the repeat waits for it. A failed first attempt is forgotten, so a retry runs
 * again. Without the header, `run` simply runs. A key is the user's own: another user's same key is another request.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  run: () => Promise<T>,
  /** What identifies the request besides method and path; the body unless it holds a secret (a password). */
  fingerprint: unknown = request.body,
): Promise<T> {
  const key = request.headers[HEADER];
  if (key === undefined) return run();
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest(messages.idempotencyKeyInvalid);
  const requestHash = createHash('sha256')
    .update(`${key}\n${request.method} ${request.url}\n${JSON.stringify(fingerprint ?? null)}`)
    .digest('hex');
  await forgetOld(db);

  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [reserved] = await db.insert(idempotencyKey).values({ userId, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyKey.key });
    if (reserved) break;
    const [stored] = await db.select().from(idempotencyKey).where(thisKey);
    if (stored) {
      if (stored.requestHash !== requestHash) throw conflict(messages.idempotencyKeyReused);
      if (stored.response !== null) return stored.response as T;
      if (Date.now() - stored.createdAt.getTime() > ABANDONED_MS) {
        await db.delete(idempotencyKey).where(and(thisKey, isNull(idempotencyKey.response), eq(idempotencyKey.createdAt, stored.createdAt)));
        continue;
      }
    }
    if (Date.now() > deadline) throw conflict(messages.requestInProgress);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  let result: T;
  try {
    result = await run();
  } catch (error) {
    await db
      .delete(idempotencyKey)
      .where(thisKey)
      .catch(() => undefined);
    throw error;
  }
  await db.update(idempotencyKey).set({ response: result }).where(thisKey);
  return result;
}

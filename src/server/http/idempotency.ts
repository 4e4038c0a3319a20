import { createHash, randomUUID } from 'node:crypto';
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
/**
 * How long a repeat waits for the first request to finish (`waitMs`); how often the first request
 * proves it is alive by refreshing its reservation's `refreshed_at` (`heartbeatMs`); a reservation
 * not refreshed for `staleMs` (its process died: killed, crashed) is taken over by a repeat at
 * once, which runs the create. Changed only by tests.
 */
export const idempotencyTiming = { waitMs: 10_000, heartbeatMs: 2_000, staleMs: 7_000 };
const CLEANUP_EVERY_MS = 60_000;

/** The optional header of the creates a person may repeat (validated, and listed in OpenAPI). */
export const idempotencyHeaders = z.looseObject({
  [HEADER]: z
    .string()
    .regex(KEY_PATTERN, messages.idempotencyKeyInvalid)
    .optional()
    .describe('Una clave por pedido (8 a 100 letras, números, - o _): repetir el pedido con la misma clave devuelve la primera respuesta.'),
});

/** What a key's first request is recognized by: the key, method, path and fingerprint. */
export function idempotencyRequestHash(key: string, method: string, url: string, fingerprint: unknown) {
  return createHash('sha256')
    .update(`${key}\n${method} ${url}\n${JSON.stringify(fingerprint ?? null)}`)
    .digest('hex');
}

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
  const requestHash = idempotencyRequestHash(key, request.method, request.url, fingerprint);
  await forgetOld(db);

  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key));
  const owner = randomUUID();
  const mine = and(thisKey, eq(idempotencyKey.owner, owner));
  const deadline = Date.now() + idempotencyTiming.waitMs;
  for (;;) {
    const [reserved] = await db
      .insert(idempotencyKey)
      .values({ userId, key, requestHash, owner })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (reserved) break;
    // A reservation whose owner stopped refreshing it was abandoned: one statement takes it over,
    // so of two repeats at the same time only one gets it (the other sees it fresh again).
    const [takenOver] = await db
      .update(idempotencyKey)
      .set({ owner, refreshedAt: sql`now()` })
      .where(
        and(
          thisKey,
          eq(idempotencyKey.requestHash, requestHash),
          isNull(idempotencyKey.response),
          lt(idempotencyKey.refreshedAt, sql`now() - ${idempotencyTiming.staleMs} * interval '1 millisecond'`),
        ),
      )
      .returning({ key: idempotencyKey.key });
    if (takenOver) break;
    const [stored] = await db.select().from(idempotencyKey).where(thisKey);
    if (stored) {
      if (stored.requestHash !== requestHash) throw conflict(messages.idempotencyKeyReused);
      if (stored.response !== null) return stored.response as T;
    }
    if (Date.now() > deadline) throw conflict(messages.requestInProgress);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // While the create runs (a long upload too), its reservation stays fresh.
  const heartbeat = setInterval(() => {
    db.update(idempotencyKey)
      .set({ refreshedAt: sql`now()` })
      .where(and(mine, isNull(idempotencyKey.response)))
      .catch(() => undefined);
  }, idempotencyTiming.heartbeatMs);
  heartbeat.unref();
  let result: T;
  try {
    result = await run();
  } catch (error) {
    clearInterval(heartbeat);
    await db
      .delete(idempotencyKey)
      .where(mine)
      .catch(() => undefined);
    throw error;
  }
  clearInterval(heartbeat);
  await db.update(idempotencyKey).set({ response: result }).where(mine);
  return result;
}

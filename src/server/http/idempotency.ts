import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
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

type Reservation<T> = { answered: true; response: T } | { answered: false; mine: SQL; release: () => void };

/**
 * Reserves the request's key for this process, or finds the first answer: a repeat with the same
 * key waits for a first request still running, and takes over a reservation whose owner stopped
 * refreshing it (its process died). While reserved, a heartbeat keeps the reservation fresh
 * until `release`.
 */
async function reserve<T>(db: Db, key: string, userId: string, requestHash: string): Promise<Reservation<T>> {
  await forgetOld(db);
  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key));
  const owner = randomUUID();
  const mine = and(thisKey, eq(idempotencyKey.owner, owner))!;
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
      if (stored.response !== null) return { answered: true, response: stored.response as T };
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
  return { answered: false, mine, release: () => clearInterval(heartbeat) };
}

/** The key of a request that sent one (validated), and what the first request is recognized by. */
function keyOf(request: FastifyRequest, fingerprint: unknown) {
  const key = request.headers[HEADER];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest(messages.idempotencyKeyInvalid);
  return { key, requestHash: idempotencyRequestHash(key, request.method, request.url, fingerprint) };
}

/** A failed first attempt is forgotten, so a retry runs again. */
async function forget(db: Db, mine: SQL) {
  await db
    .delete(idempotencyKey)
    .where(mine)
    .catch(() => undefined);
}

/**
 * Runs a create once per `Idempotency-Key` and user: a repeat with the same key (a double tap,
 * a retry after a lost answer) gets the first answer and changes nothing; while the first is
 * still running, the repeat waits for it. A failed first attempt is forgotten, so a retry runs
 * again. Without the header, `write` simply runs. A key is the user's own: another user's same
 * key is another request.
 *
 * With a key, `write` gets a transaction that also records its answer, so a process that dies
 * half-way leaves either both (a repeat gets the answer) or neither (a repeat writes it, once).
 * `afterCommit` callbacks (live events, emails) run once the write is saved, only for the
 * request that wrote. Everything `write` reads and writes must go through the `db` it is given.
 */
export async function idempotentWrite<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  write: (db: Db, afterCommit: (effect: () => Promise<void> | void) => void) => Promise<T>,
  /** What identifies the request besides method and path; the body unless it holds a secret (a password). */
  fingerprint: unknown = request.body,
): Promise<T> {
  const keyed = keyOf(request, fingerprint);
  const effects: (() => Promise<void> | void)[] = [];
  const afterCommit = (effect: () => Promise<void> | void) => void effects.push(effect);
  let result: T;
  if (!keyed) {
    // Nothing to record with it: the create's own transaction is enough.
    result = await write(db, afterCommit);
  } else {
    const reservation = await reserve<T>(db, keyed.key, userId, keyed.requestHash);
    if (reservation.answered) return reservation.response;
    try {
      result = await db.transaction(async (tx) => {
        const written = await write(tx, afterCommit);
        await tx.update(idempotencyKey).set({ response: written }).where(reservation.mine);
        return written;
      });
    } catch (error) {
      reservation.release();
      await forget(db, reservation.mine);
      throw error;
    }
    reservation.release();
  }
  for (const effect of effects) await effect();
  return result;
}

/**
 * `idempotentWrite` for a create that cannot run in our transaction (a user, which better-auth
 * writes through its own connection): the answer is recorded after the create, so a process
 * killed between the two leaves a create whose repeat runs again (and meets, for a user, the
 * unique email).
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  run: () => Promise<T>,
  fingerprint: unknown = request.body,
): Promise<T> {
  const keyed = keyOf(request, fingerprint);
  if (!keyed) return run();
  const reservation = await reserve<T>(db, keyed.key, userId, keyed.requestHash);
  if (reservation.answered) return reservation.response;
  let result: T;
  try {
    result = await run();
  } catch (error) {
    reservation.release();
    await forget(db, reservation.mine);
    throw error;
  }
  reservation.release();
  await db.update(idempotencyKey).set({ response: result }).where(reservation.mine);
  return result;
}

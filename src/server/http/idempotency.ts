// Creates a person may repeat (a double tap, a retry after a lost answer) carry an
// `Idempotency-Key`: the first request with a key saves once and its answer is kept for a day;
// any repeat gets that answer and changes nothing.
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
/**
 * For a create outside our transaction (`idempotent`): how long a repeat waits for the first
 * request's answer, and after how long a first request that never answered is taken to have died
 * (a user is created in well under a second). Changed only by tests.
 */
export const idempotencyTiming = { waitMs: 10_000, abandonedMs: 30_000 };

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

/** Deletes the answers kept for more than a day (the scheduled clean-up). */
export async function forgetOldIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, sql`now() - ${KEEP}::interval`));
}

/** The key of a request that sent one (validated), and what the first request is recognized by. */
function keyOf(request: FastifyRequest, fingerprint: unknown) {
  const key = request.headers[HEADER];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest(messages.idempotencyKeyInvalid);
  return { key, requestHash: idempotencyRequestHash(key, request.method, request.url, fingerprint) };
}

type Effect = () => Promise<void> | void;

/**
 * Runs a create once per `Idempotency-Key` and user. With a key, the key's row is written in the
 * create's own transaction, first: a repeat's insert of the same key waits on that row until the
 * transaction ends (PostgreSQL's unique index does), then finds the answer, or, when the first one
 * failed or its process died and nothing was saved, writes itself. So the create and its answer
 * are saved together or not at all. Without the header, `write` simply runs. A key is the user's
 * own: another user's same key is another request.
 *
 * `afterCommit` callbacks (live events, emails) run once the write is saved, only for the request
 * that wrote. Everything `write` reads and writes must go through the `db` it is given.
 */
export async function idempotentWrite<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  write: (db: Db, afterCommit: (effect: Effect) => void) => Promise<T>,
  /** What identifies the request besides method and path; the body unless it holds a secret (a password). */
  fingerprint: unknown = request.body,
): Promise<T> {
  const keyed = keyOf(request, fingerprint);
  const effects: Effect[] = [];
  const afterCommit = (effect: Effect) => void effects.push(effect);
  if (!keyed) {
    const result = await write(db, afterCommit);
    for (const effect of effects) await effect();
    return result;
  }
  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, keyed.key));
  const outcome = await db.transaction(async (tx) => {
    const [mine] = await tx
      .insert(idempotencyKey)
      .values({ userId, key: keyed.key, requestHash: keyed.requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (!mine) return { repeat: await answerOf<T>(tx, thisKey!, keyed.requestHash) };
    const written = await write(tx, afterCommit);
    await tx.update(idempotencyKey).set({ response: written }).where(thisKey);
    return { written };
  });
  if ('repeat' in outcome) return outcome.repeat as T;
  for (const effect of effects) await effect();
  return outcome.written as T;
}

/** The first request's answer, for a repeat; 409 when the key was used for another request. */
async function answerOf<T>(db: Db, thisKey: ReturnType<typeof and>, requestHash: string): Promise<T> {
  const [stored] = await db.select().from(idempotencyKey).where(thisKey);
  if (!stored || stored.requestHash !== requestHash) throw conflict(messages.idempotencyKeyReused);
  return stored.response as T;
}

/**
 * `idempotentWrite` for a create that cannot run in our transaction (a user, which better-auth
 * writes through its own connection): the key is reserved first and its answer recorded after
 * the create. A repeat meanwhile waits for that answer; a reservation never answered within
 * `abandonedMs` (its process died) is taken over, and the repeat creates (meeting, for a user
 * whose create did go through, the unique email).
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
  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, keyed.key))!;
  const deadline = Date.now() + idempotencyTiming.waitMs;
  for (;;) {
    // A reservation nobody answered for too long is given up, in the same statement that finds it.
    await db
      .delete(idempotencyKey)
      .where(
        and(
          thisKey,
          isNull(idempotencyKey.response),
          lt(idempotencyKey.createdAt, sql`now() - ${idempotencyTiming.abandonedMs} * interval '1 millisecond'`),
        ),
      );
    const [reserved] = await db
      .insert(idempotencyKey)
      .values({ userId, key: keyed.key, requestHash: keyed.requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (reserved) break;
    const [stored] = await db.select().from(idempotencyKey).where(thisKey);
    if (stored && stored.requestHash !== keyed.requestHash) throw conflict(messages.idempotencyKeyReused);
    if (stored?.response != null) return stored.response as T;
    if (Date.now() > deadline) throw conflict(messages.requestInProgress);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // A failed first attempt is forgotten, so a retry runs again.
    await db
      .delete(idempotencyKey)
      .where(thisKey)
      .catch(() => undefined);
    throw error;
  }
  await db.update(idempotencyKey).set({ response: result }).where(thisKey);
  return result;
}

import { lt } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import {
  courseModule,
  document,
  image,
  match,
  matchFile,
  payment,
  rateLimit,
  session,
  verification,
  video,
  videoRendition,
} from '../db/schema.ts';
import type { FileStorage } from '../files/storage.ts';
import { closeExpiredAttempts } from '../exams/attempts.ts';
import { forgetOldIdempotencyKeys } from '../http/idempotency.ts';
import { forgetOldNoticeClaims } from '../push/notify.ts';
import { deleteUnusedVideos } from '../videos/service.ts';

// Any constant works; the same for every instance, and not the migrations' lock.
const CLEANUP_LOCK_ID = 726_351_002;
/** A stored file nothing refers to is removed only after this long: an upload in progress writes its row last. */
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Every column that holds a storage key. A new kind of stored file adds its column here. */
const fileReferences = [
  image.storageKey,
  document.storageKey,
  video.storageKey,
  videoRendition.storageKey,
  video.posterKey,
  courseModule.captionsKey,
  payment.receiptKey,
  match.storageKey,
  matchFile.storageKey,
];

export interface CleanupReport {
  sessions: number;
  verifications: number;
  rateLimits: number;
  unusedVideos: number;
  orphanedFiles: number;
  unfinishedUploads: number;
  /** Exam attempts whose time ran out with nobody there to see it: closed and graded (every read of them does it too). */
  expiredAttempts: number;
  /** Milliseconds the embedded database's VACUUM (ANALYZE) took; null on a PostgreSQL server. */
  vacuumMs: number | null;
}

/**
 * One pass: expired sessions and verification tokens, spent limit counters, uploaded videos
 * nothing uses (a form left after its upload, a deleted module or course), orphaned and
 * unfinished uploads; then, on the embedded database, a VACUUM (ANALYZE). An expired session
 * no longer works whether or not its row is here yet (auth/session.ts): deleting it only frees space.
 */
export async function cleanUp(database: Database, storage: FileStorage, now = new Date()): Promise<CleanupReport> {
  const { db } = database;
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
  // A counter whose window ended a day ago counts nothing any more.
  const rateLimits = await db
    .delete(rateLimit)
    .where(lt(rateLimit.resetAt, new Date(now.getTime() - ORPHAN_GRACE_MS)))
    .returning({ key: rateLimit.key });
  await forgetOldIdempotencyKeys(db);
  await forgetOldNoticeClaims(db, now);
  const expiredAttempts = await closeExpiredAttempts(db, now);

  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS);
  // Before the files: the bytes of a video row deleted here are orphaned in the same pass.
  const unusedVideos = await deleteUnusedVideos(db, cutoff);

  const referenced = new Set<string>();
  for (const column of fileReferences) {
    const rows = await db.select({ key: column }).from(column.table);
    for (const row of rows) if (row.key) referenced.add(row.key);
  }
  let orphanedFiles = 0;
  for await (const object of storage.list()) {
    if (object.lastModified < cutoff && !referenced.has(object.key)) {
      await storage.delete(object.key);
      orphanedFiles += 1;
    }
  }
  const unfinishedUploads = await storage.removeUnfinished(cutoff);
  const vacuumMs = database.pglite ? await vacuumEmbedded(database.pglite) : null;
  return {
    sessions: sessions.length,
    verifications: verifications.length,
    rateLimits: rateLimits.length,
    unusedVideos,
    orphanedFiles,
    unfinishedUploads,
    expiredAttempts,
    vacuumMs,
  };
}

/**
 * PGlite runs PostgreSQL as a single process, where autovacuum never runs. Without this pass its
 * old row versions would be left to page pruning alone (a draft is saved as the student types,
 * watched progress every few seconds), its planner would have no statistics, and its transaction
 * ids would never be frozen: after about two billion writes PostgreSQL would stop accepting them.
 * A PostgreSQL server vacuums itself. Tens of milliseconds for a class's database.
 */
async function vacuumEmbedded(pglite: PGlite): Promise<number> {
  const start = performance.now();
  await pglite.exec('vacuum (analyze)');
  return Math.round(performance.now() - start);
}

/**
 * Runs `cleanUp` under a PostgreSQL advisory lock, so that of several instances only one does
 * it at a time; null when another instance holds the lock. PGlite has one process: no lock.
 */
export async function cleanUpOnce(database: Database, storage: FileStorage, now = new Date()): Promise<CleanupReport | null> {
  if (!database.pool) return cleanUp(database, storage, now);
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [CLEANUP_LOCK_ID]);
    if (!rows[0]?.locked) return null;
    try {
      return await cleanUp(database, storage, now);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [CLEANUP_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/** Every `minutes` (0 = never), a first pass a minute after start; `afterPass` runs after each, on every instance. */
export function scheduleCleanup(options: {
  database: Database;
  storage: FileStorage;
  logger: Logger;
  minutes: number;
  afterPass?: () => void;
}) {
  const { database, storage, logger, minutes, afterPass } = options;
  if (minutes <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = cleanUpOnce(database, storage, new Date())
      .then((report) => {
        if (report) logger.info({ cleanup: report }, 'limpieza programada');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'la limpieza programada falló; se reintenta en la próxima'))
      .finally(() => afterPass?.());
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, minutes * 60_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

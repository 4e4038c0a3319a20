// Matches' writes: created with their fields and announced size (the course's storage checked
// under a lock of the course, so two uploads at once cannot both take its last gigabytes), changed
// by their uploader, deleted by their uploader or an administrator (the files go after the rows,
// the comments with them by cascade), the trainee's consent and the course's storage limit.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dayOf } from '../../shared/calendar.ts';
import { matchMessages as m } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { MatchCreateInput, MatchUpdateInput } from '../../shared/schemas/matches.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { course, match, matchConsent } from '../db/schema.ts';
import { AppError, badRequest, forbidden } from '../errors.ts';
import { assertNotFuture } from '../fitness/service.ts';
import type { FileStorage } from '../files/storage.ts';
import type { Logger } from 'pino';
import { findVisibleMatch, matchNotFound, matchStorageOf, readMatch, type MatchRow } from './read.ts';
import { courseNotFound } from '../courses/service.ts';

type Fields = Required<Pick<MatchUpdateInput, 'playedOn' | 'title' | 'category' | 'partnerId'>>;

/** Whether the course is enabled for `userId` as a trainee (not archived). */
async function isTraineeOf(tx: Db | Tx, courseId: string, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`
      select exists (
        select 1 from course_access ca join course c on c.id = ca.course_id and c.archived_at is null
        join "user" u on u.id = ca.user_id and u.role <> 'admin'
        where ca.course_id = ${courseId} and ca.user_id = ${userId} and ca.enabled
          and not exists (select 1 from course_staff cs where cs.course_id = ca.course_id and cs.user_id = ca.user_id)
      ) as "ok"`),
  );
  return Boolean(row?.ok);
}

/** The 'Pareja' must be another trainee of the same course. */
async function checkPartner(tx: Db | Tx, courseId: string, userId: string, partnerId: string | null) {
  if (partnerId === null) return;
  if (partnerId === userId) throw badRequest(m.partnerIsSelf, { partnerId: m.partnerIsSelf });
  if (!(await isTraineeOf(tx, courseId, partnerId))) throw badRequest(m.partnerNotInCourse, { partnerId: m.partnerNotInCourse });
}

function checkDay(playedOn: string, now: Date) {
  assertNotFuture(playedOn, dayOf(now), 'playedOn');
}

/**
 * 'Subir partido': the match, before its file. Refused before a byte is sent when the course has
 * no room for the announced size.
 */
export async function createMatch(
  db: Db,
  user: SessionUser,
  input: Required<Omit<MatchCreateInput, 'durationSeconds'>> & { durationSeconds?: number | null | undefined },
  now: Date,
): Promise<string> {
  checkDay(input.playedOn, now);
  return db.transaction(async (tx) => {
    // One upload at a time decides on a course's room.
    const [locked] = await tx.select({ id: course.id }).from(course).where(eq(course.id, input.courseId)).for('update');
    // A course the person is no trainee of is, to them, a course that does not exist.
    if (!locked || !(await isTraineeOf(tx, input.courseId, user.id))) throw courseNotFound();
    await checkPartner(tx, input.courseId, user.id, input.partnerId);
    const storage = (await matchStorageOf(tx, input.courseId))!;
    const free = Math.max(0, storage.limitBytes - storage.usedBytes);
    if (input.fileSize > free) {
      throw new AppError('PAYLOAD_TOO_LARGE', m.quotaExceeded(input.fileSize, free, storage.limitBytes), {
        fileSize: m.quotaExceeded(input.fileSize, free, storage.limitBytes),
      });
    }
    const id = randomUUID();
    await tx.insert(match).values({
      id,
      courseId: input.courseId,
      uploadedBy: user.id,
      partnerId: input.partnerId,
      playedOn: input.playedOn,
      title: input.title,
      category: input.category,
      fileSize: input.fileSize,
      durationSeconds: input.durationSeconds ?? null,
    });
    return id;
  });
}

/** Its fields, by whoever uploaded it. */
export async function updateMatch(db: Db, user: SessionUser, matchId: string, input: Fields, now: Date): Promise<void> {
  checkDay(input.playedOn, now);
  await db.transaction(async (tx) => {
    const row = await findVisibleMatch(tx, user, matchId);
    if (row.uploadedBy !== user.id) throw forbidden();
    await checkPartner(tx, row.courseId, user.id, input.partnerId);
    await tx
      .update(match)
      .set({ playedOn: input.playedOn, title: input.title, category: input.category, partnerId: input.partnerId, updatedAt: new Date() })
      .where(eq(match.id, matchId));
  });
}

/** The keys of every stored file of a match (its original and its streaming files). */
async function storedKeysOf(tx: Db | Tx, row: MatchRow): Promise<string[]> {
  const files = rowsOf<{ key: string }>(await tx.execute(sql`select storage_key as "key" from match_file where match_id = ${row.id}`));
  return [...(row.storageKey ? [row.storageKey] : []), ...files.map((file) => file.key)];
}

/**
 * Deletes a match, by its uploader or an administrator: its rows (comments, history and files'
 * rows by cascade), then its stored files and an upload under way. Jugadas cut from it stay: they
 * are files of their own.
 */
export async function deleteMatch(
  deps: { db: Db; storage: FileStorage; logger: Logger; removeUpload: (uploadId: string) => Promise<void> },
  user: SessionUser,
  matchId: string,
): Promise<void> {
  const { keys, uploadId } = await deps.db.transaction(async (tx) => {
    const row = await findVisibleMatch(tx, user, matchId);
    if (row.uploadedBy !== user.id && user.role !== 'admin') throw forbidden();
    const keys = await storedKeysOf(tx, row);
    await tx.delete(match).where(eq(match.id, matchId));
    return { keys, uploadId: row.uploadId };
  });
  // After the commit: a file whose removal fails is an orphan the clean-up takes, never a row without its file.
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, key }, 'no se pudo borrar un archivo de un partido'));
  }
  if (uploadId)
    await deps.removeUpload(uploadId).catch((error: unknown) => deps.logger.warn({ err: error }, 'no se pudo borrar una subida'));
}

/** 'Permito que el curso use momentos de mis partidos para enseñar' (given or withdrawn). */
export async function setConsent(db: Db, userId: string, allowed: boolean): Promise<void> {
  await db
    .insert(matchConsent)
    .values({ userId, allowed })
    .onConflictDoUpdate({ target: matchConsent.userId, set: { allowed, updatedAt: new Date() } });
}

/** The course's storage limit for matches (an administrator's). */
export async function setStorageLimit(db: Db, courseId: string, limitBytes: number): Promise<void> {
  const updated = await db
    .update(course)
    .set({ matchStorageLimit: limitBytes })
    .where(eq(course.id, courseId))
    .returning({ id: course.id });
  if (updated.length === 0) throw courseNotFound();
}

// --- The upload's life (uploads.ts) ---

/**
 * A tus upload starts for the match: it must be the uploader's, still waiting for its file, and of
 * the announced size. A new upload replaces one that never finished (a creation whose answer was lost).
 */
export async function attachUpload(db: Db, matchId: string, userId: string, uploadId: string, size: number | undefined): Promise<void> {
  const row = await readMatch(db, matchId);
  if (!row || row.uploadedBy !== userId) throw matchNotFound();
  if (row.state !== 'subiendo') throw new AppError('CONFLICT', m.alreadyUploaded);
  if (size !== undefined && size !== Number(row.fileSize)) throw badRequest(m.sizeMismatch);
  const updated = await db
    .update(match)
    .set({ uploadId, updatedAt: new Date() })
    .where(and(eq(match.id, matchId), eq(match.state, 'subiendo')))
    .returning({ id: match.id });
  if (updated.length === 0) throw new AppError('CONFLICT', m.alreadyUploaded);
}

/**
 * The whole file arrived and is a video: it is in file storage under `storageKey` and the
 * conversion can start. False when the match is no longer waiting for this upload (deleted meanwhile).
 */
export async function completeUpload(
  db: Db | Tx,
  uploadId: string,
  file: { storageKey: string; mimeType: string },
): Promise<string | null> {
  const [row] = await db
    .update(match)
    .set({
      state: 'procesando',
      storageKey: file.storageKey,
      mimeType: file.mimeType,
      uploadId: null,
      processingPercent: null,
      uploadedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(match.uploadId, uploadId), eq(match.state, 'subiendo')))
    .returning({ id: match.id });
  return row?.id ?? null;
}

/** The file arrived but is not a video (or could not be kept): the match says why, nothing is processed. */
export async function refuseUpload(db: Db | Tx, uploadId: string, reason: string): Promise<void> {
  await db
    .update(match)
    .set({ state: 'fallida', processingError: reason, uploadId: null, fileSize: 0, updatedAt: new Date() })
    .where(and(eq(match.uploadId, uploadId), eq(match.state, 'subiendo')));
}

// Writing modules: create, edit (questions and video), order. How they are read and shown: read.ts.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages, videoMessages } from '../../shared/messages.ts';
import type { ModuleInput, ModuleUpdate, ModuleWithQuestions } from '../../shared/schemas/content.ts';
import { assertImageExists, findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { courseModule, moduleQuestion, video, videoProgress } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { dropVideoIfUnused } from '../videos/service.ts';
import { unlockForModule } from '../payments/unlock.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { readModuleWithQuestions } from './read.ts';

type ModuleRow = typeof courseModule.$inferSelect;
/** Who made a change, for the trainees' change log. */
type Actor = Pick<SessionUser, 'id' | 'name'>;
export const moduleNotFound = () => notFound(messages.moduleNotFound);

export async function findModule(db: Db | Tx, moduleId: string): Promise<ModuleRow> {
  const [row] = await db.select().from(courseModule).where(eq(courseModule.id, moduleId));
  if (!row) throw moduleNotFound();
  return row;
}

/** The stored file of the module's uploaded video (to serve it), or null when its video is an address. */
export async function storedVideoOf(db: Db | Tx, row: ModuleRow) {
  if (!row.videoId) return null;
  const [file] = await db.select().from(video).where(eq(video.id, row.videoId));
  return file ?? null;
}

async function replaceQuestions(tx: Tx, moduleId: string, questions: ModuleInput['questions']) {
  await tx.delete(moduleQuestion).where(eq(moduleQuestion.moduleId, moduleId));
  if (questions.length > 0) {
    await tx.insert(moduleQuestion).values(questions.map((question, position) => ({ id: randomUUID(), moduleId, position, ...question })));
  }
}

/**
 * The module's video columns for an address or an uploaded file: exactly one must be given, and
 * the file must exist. The known length is the file's own, or for an address the 'Duración' the
 * instructor's side gave (null: not known; watched/service.ts gives no percentage then).
 */
async function videoColumns(
  tx: Tx,
  input: { videoUrl?: string | undefined; videoId?: string | undefined; videoDuration?: number | null | undefined },
) {
  if (input.videoUrl !== undefined && input.videoId !== undefined)
    throw badRequest(messages.moduleVideoBoth, { videoUrl: messages.moduleVideoBoth });
  if (input.videoId !== undefined) {
    const [found] = await tx
      .select({ id: video.id, durationSeconds: video.durationSeconds })
      .from(video)
      .where(eq(video.id, input.videoId));
    if (!found) throw badRequest(messages.videoNotFound, { videoId: messages.videoNotFound });
    return { videoUrl: null, videoId: input.videoId, videoDurationSeconds: found.durationSeconds };
  }
  if (input.videoUrl !== undefined) return { videoUrl: input.videoUrl, videoId: null, videoDurationSeconds: input.videoDuration ?? null };
  return null;
}

/**
 * A module's 'Pagado mínimo para habilitar' was set or lowered (from `before`): the trainees who
 * already paid that much get it now (payments/unlock.ts), logged as done by `actor` when given.
 */
async function unlockIfPaidFor(tx: Tx, row: ModuleRow, before: number | null, actor: Actor | undefined) {
  if (row.minPaid === null || row.archivedAt !== null || (before !== null && row.minPaid >= before) || !actor) return;
  await unlockForModule(tx, { id: row.id, courseId: row.courseId, name: row.name, minPaid: row.minPaid }, actor);
}

export async function createModule(db: Db, input: ModuleInput, actor?: Actor): Promise<ModuleWithQuestions> {
  return db.transaction(async (tx) => {
    await findCourse(tx, input.courseId);
    await assertImageExists(tx, input.imageId);
    const videoFields = await videoColumns(tx, input);
    if (!videoFields) throw badRequest(messages.moduleVideoMissing, { videoUrl: messages.moduleVideoMissing });
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${courseModule.position}) + 1, 0)::int` })
      .from(courseModule)
      .where(eq(courseModule.courseId, input.courseId));
    const { questions, videoUrl: _url, videoId: _video, videoDuration: _duration, ...fields } = input;
    const [row] = await tx
      .insert(courseModule)
      .values({ id: randomUUID(), ...fields, ...videoFields, position: next })
      .returning();
    await replaceQuestions(tx, row!.id, questions);
    await unlockIfPaidFor(tx, row!, null, actor);
    return readModuleWithQuestions(tx, row!.id);
  });
}

/**
 * Edits a module. New questions apply to students who get the module from now on; students
 * who already have it keep the copy they were given, with their answers. A new video starts
 * everyone's watched progress over (what they saw of the old one says nothing of the new one).
 * Returns the storage key of an uploaded video no longer used, for the caller to remove after the commit.
 */
export async function updateModule(
  db: Db,
  moduleId: string,
  input: ModuleUpdate,
  actor?: Actor,
): Promise<{ module: ModuleWithQuestions; unusedVideo: string[] }> {
  return db.transaction(async (tx) => {
    const before = await findModule(tx, moduleId);
    const { questions, videoUrl, videoId, videoDuration, ...fields } = input;
    if (fields.imageId) await assertImageExists(tx, fields.imageId);
    const videoFields = await videoColumns(tx, { videoUrl, videoId, videoDuration });
    const videoChanged = videoFields !== null && (videoFields.videoId !== before.videoId || videoFields.videoUrl !== before.videoUrl);
    const { videoDurationSeconds, ...source } = videoFields ?? { videoDurationSeconds: null };
    // A new video comes with its own length; the same address keeps its 'Duración' unless a new
    // one is given; a file's length is the file's own.
    const addressDuration = !videoChanged && videoDuration !== undefined && (videoFields?.videoId ?? before.videoId) === null;
    const [row] = await tx
      .update(courseModule)
      // Captions belong to the video they were written for: a new video starts without them.
      .set({
        ...fields,
        ...source,
        ...(videoChanged ? { videoDurationSeconds, captionsKey: null } : {}),
        ...(addressDuration ? { videoDurationSeconds: videoDuration } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(courseModule.id, moduleId))
      .returning();
    if (questions) await replaceQuestions(tx, moduleId, questions);
    if (videoChanged) await tx.delete(videoProgress).where(eq(videoProgress.moduleId, moduleId));
    // What each student watched counts within the video's new length: what a player reported past
    // it while the length was not known (or longer) is not part of the video.
    if (addressDuration && videoDuration !== null && videoDuration !== before.videoDurationSeconds)
      await tx
        .update(videoProgress)
        .set({
          watchedSeconds: sql`coalesce((select sum(greatest(0, least((i->>1)::float8, ${videoDuration}::float8) - least((i->>0)::float8, ${videoDuration}::float8)))
            from jsonb_array_elements(${videoProgress.intervals}) i), 0)`,
        })
        .where(eq(videoProgress.moduleId, moduleId));
    await unlockIfPaidFor(tx, row!, before.minPaid, actor);
    const unusedVideo = before.videoId && before.videoId !== row!.videoId ? await dropVideoIfUnused(tx, before.videoId) : [];
    if (videoChanged && before.captionsKey) unusedVideo.push(before.captionsKey);
    return { module: await readModuleWithQuestions(tx, row!.id), unusedVideo };
  });
}

/**
 * Sets or removes (`key` null) the captions of the module's uploaded video. Returns the module and
 * the key of the captions it had, for the caller to remove after the commit.
 */
export async function setModuleCaptions(db: Db, moduleId: string, key: string | null) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(courseModule).where(eq(courseModule.id, moduleId)).for('update');
    if (!before) throw moduleNotFound();
    if (key !== null && !before.videoId) throw badRequest(videoMessages.captionsNeedUpload, { file: videoMessages.captionsNeedUpload });
    await tx
      .update(courseModule)
      .set({ captionsKey: key, updatedAt: sql`now()` })
      .where(eq(courseModule.id, moduleId));
    return {
      module: await readModuleWithQuestions(tx, moduleId),
      unused: before.captionsKey && before.captionsKey !== key ? [before.captionsKey] : [],
    };
  });
}

/** Sets the order of a course's modules; the list must name each of them once. */
export async function reorderModules(db: Db, courseId: string, moduleIds: string[]) {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    const existing = await tx.select({ id: courseModule.id }).from(courseModule).where(eq(courseModule.courseId, courseId));
    const known = new Set(existing.map((m) => m.id));
    if (moduleIds.length !== known.size || new Set(moduleIds).size !== moduleIds.length || !moduleIds.every((id) => known.has(id))) {
      throw badRequest(messages.moduleOrderInvalid);
    }
    await tx
      .update(courseModule)
      .set({
        position: sql`(array_position(${sql.param(moduleIds)}::text[], ${courseModule.id}) - 1)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(courseModule.courseId, courseId), inArray(courseModule.id, moduleIds)));
  });
}

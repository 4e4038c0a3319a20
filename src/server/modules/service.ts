import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ModuleWithQuestions, Module, StudentModule } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { courseModule, moduleAccess, moduleQuestion, video, videoProgress } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { assertImageExists, findCourse } from '../courses/service.ts';
import { imageUrl } from '../images/routes.ts';
import { progressByModule } from '../activities/progress.ts';
import { jugadaScores } from '../jugadas/score.ts';
import { watchedByModule } from '../watched/service.ts';
import { dropVideoIfUnused } from '../videos/service.ts';
import { hasStudentWork, studentWorkIn } from '../courses/student-work.ts';
import { qualified } from '../db/qualified.ts';
import { messages } from '../../shared/messages.ts';

type ModuleRow = typeof courseModule.$inferSelect;
/** An uploaded module video as the API shows it. */
export type VideoFile = NonNullable<Module['videoFile']>;

export const moduleNotFound = () => notFound(messages.moduleNotFound);

/** Where a module's uploaded video is served (only to those who can see the module). */
export const moduleVideoUrl = (moduleId: string) => `/api/modules/${moduleId}/video`;

/** `file` is the uploaded video's row when the module has one (see `videoFileOf`). */
export function presentModule(row: ModuleRow, file: VideoFile | null): Module {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    imageUrl: imageUrl(row.imageId),
    videoUrl: row.videoId ? moduleVideoUrl(row.id) : (row.videoUrl ?? ''),
    videoFile: row.videoId && file ? file : null,
    position: row.position,
    ...(row.archivedAt ? { archivedAt: row.archivedAt.toISOString() } : {}),
  };
}

export async function findModule(db: Db | Tx, moduleId: string): Promise<ModuleRow> {
  const [row] = await db.select().from(courseModule).where(eq(courseModule.id, moduleId));
  if (!row) throw moduleNotFound();
  return row;
}

export async function questionsOf(db: Db | Tx, moduleId: string) {
  return db
    .select({ id: moduleQuestion.id, text: moduleQuestion.text })
    .from(moduleQuestion)
    .where(eq(moduleQuestion.moduleId, moduleId))
    .orderBy(asc(moduleQuestion.position));
}

/** The module's uploaded video (id, type and size), or null when its video is an address. */
export async function videoFileOf(db: Db | Tx, row: ModuleRow): Promise<VideoFile | null> {
  if (!row.videoId) return null;
  const [file] = await db.select({ id: video.id, mimeType: video.mimeType, size: video.size }).from(video).where(eq(video.id, row.videoId));
  return file ?? null;
}

/** The stored file of the module's uploaded video (to serve it), or null when its video is an address. */
export async function storedVideoOf(db: Db | Tx, row: ModuleRow) {
  if (!row.videoId) return null;
  const [file] = await db.select().from(video).where(eq(video.id, row.videoId));
  return file ?? null;
}

export async function withQuestions(db: Db | Tx, row: ModuleRow): Promise<ModuleWithQuestions> {
  const [questions, file, worked] = await Promise.all([
    questionsOf(db, row.id),
    videoFileOf(db, row),
    hasStudentWork(db, sql`select ${row.id}::text`),
  ]);
  return { ...presentModule(row, file), questions, hasStudentWork: worked };
}

/** A course's modules in order, each with its questions (two queries, whatever the count). */
export async function listModulesWithQuestions(db: Db, courseId: string): Promise<ModuleWithQuestions[]> {
  const rows = await db
    .select({
      module: courseModule,
      file: { id: video.id, mimeType: video.mimeType, size: video.size },
      hasStudentWork: studentWorkIn(sql`select ${qualified(courseModule.id)}`),
    })
    .from(courseModule)
    .leftJoin(video, eq(video.id, courseModule.videoId))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.createdAt));
  if (rows.length === 0) return [];
  const questions = await db
    .select({ id: moduleQuestion.id, moduleId: moduleQuestion.moduleId, text: moduleQuestion.text })
    .from(moduleQuestion)
    .where(
      inArray(
        moduleQuestion.moduleId,
        rows.map(({ module }) => module.id),
      ),
    )
    .orderBy(asc(moduleQuestion.position));
  const byModule = Map.groupBy(questions, (q) => q.moduleId);
  return rows.map(({ module: row, file, hasStudentWork }) => ({
    ...presentModule(row, file),
    questions: (byModule.get(row.id) ?? []).map(({ id, text }) => ({ id, text })),
    hasStudentWork: Boolean(hasStudentWork),
  }));
}

/**
 * Every module of a course, with whether it is enabled for this user and their state in it.
 * Students see no state for modules they cannot open; admins (`includeBlocked`) see it for all.
 */
export async function listModulesForStudent(
  db: Db,
  courseId: string,
  userId: string,
  options: { includeBlocked?: boolean } = {},
): Promise<StudentModule[]> {
  const rows = await db
    .select({ module: courseModule, enabled: moduleAccess.enabled })
    .from(courseModule)
    .leftJoin(moduleAccess, and(eq(moduleAccess.moduleId, courseModule.id), eq(moduleAccess.userId, userId)))
    // Archived modules are out of sight of students (and of the per-student lists).
    .where(and(eq(courseModule.courseId, courseId), isNull(courseModule.archivedAt)))
    .orderBy(asc(courseModule.position), asc(courseModule.createdAt));
  const withState = options.includeBlocked ? rows : rows.filter((r) => r.enabled);
  const ids = withState.map((r) => r.module.id);
  const [progress, scores, watched] = await Promise.all([
    progressByModule(db, userId, ids),
    jugadaScores(db, userId, ids),
    watchedByModule(db, userId, ids),
  ]);
  return rows.map(({ module, enabled }) => ({
    id: module.id,
    name: module.name,
    imageUrl: imageUrl(module.imageId),
    position: module.position,
    enabled: enabled ?? false,
    archived: false,
    progress: progress.get(module.id) ?? null,
    jugadas: scores.get(module.id) ?? null,
    watchedPercent: watched.get(module.id)?.percent ?? null,
  }));
}

async function replaceQuestions(tx: Tx, moduleId: string, questions: string[]) {
  await tx.delete(moduleQuestion).where(eq(moduleQuestion.moduleId, moduleId));
  if (questions.length > 0) {
    await tx.insert(moduleQuestion).values(questions.map((text, position) => ({ id: randomUUID(), moduleId, position, text })));
  }
}

/**
 * The module's video columns for an address or an uploaded file: exactly one must be given, and
 * the file must exist. The known length starts as the file's own, or unknown for an address (the
 * players' reports set it: watched/service.ts).
 */
async function videoColumns(tx: Tx, input: { videoUrl?: string | undefined; videoId?: string | undefined }) {
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
  if (input.videoUrl !== undefined) return { videoUrl: input.videoUrl, videoId: null, videoDurationSeconds: null };
  return null;
}

export async function createModule(
  db: Db,
  input: {
    courseId: string;
    name: string;
    imageId: string;
    videoUrl?: string | undefined;
    videoId?: string | undefined;
    questions: string[];
  },
): Promise<ModuleWithQuestions> {
  return db.transaction(async (tx) => {
    await findCourse(tx, input.courseId);
    await assertImageExists(tx, input.imageId);
    const videoFields = await videoColumns(tx, input);
    if (!videoFields) throw badRequest(messages.moduleVideoMissing, { videoUrl: messages.moduleVideoMissing });
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${courseModule.position}) + 1, 0)::int` })
      .from(courseModule)
      .where(eq(courseModule.courseId, input.courseId));
    const [row] = await tx
      .insert(courseModule)
      .values({ id: randomUUID(), courseId: input.courseId, name: input.name, imageId: input.imageId, ...videoFields, position: next })
      .returning();
    await replaceQuestions(tx, row!.id, input.questions);
    return withQuestions(tx, row!);
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
  input: {
    name?: string | undefined;
    imageId?: string | undefined;
    videoUrl?: string | undefined;
    videoId?: string | undefined;
    questions?: string[] | undefined;
  },
): Promise<{ module: ModuleWithQuestions; unusedVideo: string | null }> {
  return db.transaction(async (tx) => {
    const before = await findModule(tx, moduleId);
    const { questions, videoUrl, videoId, ...fields } = input;
    if (fields.imageId) await assertImageExists(tx, fields.imageId);
    const videoFields = await videoColumns(tx, { videoUrl, videoId });
    const videoChanged = videoFields !== null && (videoFields.videoId !== before.videoId || videoFields.videoUrl !== before.videoUrl);
    // The same video sent again keeps its known length (for an address, what players reported).
    const { videoDurationSeconds, ...source } = videoFields ?? { videoDurationSeconds: null };
    const [row] = await tx
      .update(courseModule)
      .set({ ...fields, ...source, ...(videoChanged ? { videoDurationSeconds } : {}), updatedAt: sql`now()` })
      .where(eq(courseModule.id, moduleId))
      .returning();
    if (questions) await replaceQuestions(tx, moduleId, questions);
    if (videoChanged) await tx.delete(videoProgress).where(eq(videoProgress.moduleId, moduleId));
    const unusedVideo = before.videoId && before.videoId !== row!.videoId ? await dropVideoIfUnused(tx, before.videoId) : null;
    return { module: await withQuestions(tx, row!), unusedVideo };
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

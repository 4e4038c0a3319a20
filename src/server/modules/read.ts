// How modules are read and shown: the columns a module's JSON comes from, the queries for an
// admin (with questions) and for a student (with their state in each module), and the one
// presenter of each. Pages put these queries inside their own statement (pages/routes.ts).
import { sql, type SQL } from 'drizzle-orm';
import { hasWork, progressFromSummary } from '../../shared/activity-state.ts';
import type { Module, ModuleWithQuestions, StudentModule, StudentModuleDetail } from '../../shared/schemas/content.ts';
import { activitySummarySql } from '../activities/read.ts';
import { moduleExamsSql, presentModuleExam, type ModuleExamRow } from '../exams/read.ts';
import { studentWorkIn } from '../courses/student-work.ts';
import type { Db, Tx } from '../db/client.ts';
import { columnsJson, rowsOf } from '../db/json.ts';
import { activity, course, courseAccess, courseModule, moduleAccess, moduleQuestion, video, videoProgress } from '../db/schema.ts';
import { imageUrl } from '../images/routes.ts';
import { jugadaScoreSql } from '../jugadas/score.ts';
import { presentProcessing, presentRenditions, videoFieldsSql, type VideoFieldsRow } from '../videos/read.ts';
import { knownLengthOf, presentWatched } from '../watched/service.ts';

/** Where a module's uploaded video is served (only to those who can see the module). */
export const moduleVideoUrl = (moduleId: string) => `/api/modules/${moduleId}/video`;
/** Its rendition `height` high, its poster and its captions: the same checks. */
export const moduleRenditionUrl = (moduleId: string, height: number) => `/api/modules/${moduleId}/video/${height}`;
export const modulePosterUrl = (moduleId: string) => `/api/modules/${moduleId}/poster`;
export const moduleCaptionsUrl = (moduleId: string) => `/api/modules/${moduleId}/captions`;

/** What a module's JSON comes from, as `moduleColumns` names it. Times are strings inside a page's JSON. */
export interface ModuleRow {
  id: string;
  courseId: string;
  name: string;
  imageId: string;
  position: number;
  videoUrl: string | null;
  videoFileId: string | null;
  videoMimeType: string | null;
  videoSize: number | null;
  /** The uploaded video's renditions, poster and processing (`videoFieldsSql`); empty or null without one. */
  videoRenditions: Array<{ height: number; size: number }>;
  videoHasPoster: boolean | null;
  videoState: VideoFieldsRow['state'] | null;
  videoPercent: number | null;
  videoError: string | null;
  hasCaptions: boolean;
  archivedAt: string | Date | null;
}

/** The columns of the module `m` (with its uploaded video `v`, when it has one). */
const moduleColumns = sql`m.id as "id", m.course_id as "courseId", m.name as "name", m.image_id as "imageId", m.position as "position",
  m.video_url as "videoUrl", v.id as "videoFileId", v.mime_type as "videoMimeType", v.size as "videoSize", m.archived_at as "archivedAt",
  ${videoFieldsSql(sql`v`)}, m.captions_key is not null as "hasCaptions"`;

const fromModule = sql`from ${courseModule} m left join ${video} v on v.id = m.video_id`;
const inCourseOrder = sql`order by m.position, m.created_at`;

/** The one shape of a module's fields: what every view of a module starts from. */
export function presentModule(row: ModuleRow): Module {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    imageUrl: imageUrl(row.imageId),
    videoUrl: row.videoFileId ? moduleVideoUrl(row.id) : (row.videoUrl ?? ''),
    videoFile: row.videoFileId ? { id: row.videoFileId, mimeType: row.videoMimeType!, size: Number(row.videoSize) } : null,
    videoRenditions: row.videoFileId ? presentRenditions(row.videoRenditions, (height) => moduleRenditionUrl(row.id, height)) : [],
    posterUrl: row.videoFileId && row.videoHasPoster ? modulePosterUrl(row.id) : null,
    captionsUrl: row.videoFileId && row.hasCaptions ? moduleCaptionsUrl(row.id) : null,
    position: row.position,
    ...(row.archivedAt ? { archivedAt: new Date(row.archivedAt).toISOString() } : {}),
  };
}

// --- Admins: every field, and the questions -------------------------------------------------

interface AdminModuleRow extends ModuleRow {
  questions: Array<Omit<typeof moduleQuestion.$inferSelect, 'moduleId' | 'position'>>;
  hasStudentWork: boolean;
  minPaid: number | null;
  videoDuration: number | null;
}

/** The modules `filter` picks (it uses `m`), in order, each with its questions and whether students worked in it. */
const adminModulesSql = (filter: SQL) => sql`
  select ${moduleColumns},
    coalesce((select json_agg(${columnsJson(moduleQuestion, 'q', ['moduleId', 'position'])} order by q.position)
              from ${moduleQuestion} q where q.module_id = m.id), '[]'::json) as "questions",
    ${studentWorkIn(sql`select m.id`)} as "hasStudentWork",
    m.min_paid as "minPaid",
    ${knownLengthOf(sql`m.video_duration_seconds`)} as "videoDuration"
  ${fromModule} where ${filter} ${inCourseOrder}`;

const presentAdminModule = (row: AdminModuleRow): ModuleWithQuestions => ({
  ...presentModule(row),
  questions: row.questions,
  hasStudentWork: row.hasStudentWork,
  minPaid: row.minPaid,
  videoDuration: row.videoDuration,
  videoProcessing:
    row.videoFileId && row.videoState
      ? presentProcessing({ state: row.videoState, percent: row.videoPercent, error: row.videoError })
      : null,
});

/** A course's modules as an admin edits them. */
export async function listModulesWithQuestions(db: Db | Tx, courseId: string): Promise<ModuleWithQuestions[]> {
  return rowsOf<AdminModuleRow>(await db.execute(adminModulesSql(sql`m.course_id = ${courseId}`))).map(presentAdminModule);
}

/** One module as an admin edits it (it must exist: the caller found it). */
export async function readModuleWithQuestions(db: Db | Tx, moduleId: string): Promise<ModuleWithQuestions> {
  const [row] = rowsOf<AdminModuleRow>(await db.execute(adminModulesSql(sql`m.id = ${moduleId}`)));
  return presentAdminModule(row!);
}

// --- Students: each module with their state in it -------------------------------------------

/** A module as `studentModulesSql` reads it for one student: its fields, their access, and what they did in it. */
export interface StudentModuleRow extends ModuleRow {
  /** The course is enabled for the student (and not archived). */
  courseEnabled: boolean;
  /** The module was given to the student ('Habilitar'), whether or not it is archived now. */
  granted: boolean;
  /** Their activity: null when they have none. */
  submitted: boolean | null;
  submittedAt: string | Date | null;
  correctedAt: string | Date | null;
  items: number | null;
  correct: number | null;
  incorrect: number | null;
  answered: number | null;
  jugadasTotal: number;
  jugadasCorrect: number;
  /** They played the video: what they watched is below. */
  played: boolean;
  /** The video's known length: null while not known. */
  watchedDuration: number | null;
  watchedSeconds: number | null;
  watchedPosition: number | null;
  /** The module's exams with the student's attempts at each. */
  exams: ModuleExamRow[];
}

/**
 * The modules of the course `courseId` that `filter` picks (it uses `m`; SQL, like `courseId`), in
 * order, as the student `userId` (SQL: a value, or the user of a page's own statement) sees them,
 * named as `StudentModuleRow`. The one read of a student's modules: the module page, the course's
 * module list, the admin's view of a student. Their access to the course is read once, not per module.
 */
export const studentModulesSql = (userId: SQL, courseId: SQL, filter: SQL = sql`true`) => sql`
  select ${moduleColumns},
    acc.enabled as "courseEnabled",
    coalesce(ma.enabled, false) as "granted",
    a.submitted as "submitted", a.submitted_at as "submittedAt", a.corrected_at as "correctedAt",
    s.items as "items", s.correct as "correct", s.incorrect as "incorrect", s.answered as "answered",
    js.total as "jugadasTotal", js.correct as "jugadasCorrect",
    vp.user_id is not null as "played", ${knownLengthOf(sql`m.video_duration_seconds`)} as "watchedDuration",
    vp.watched_seconds as "watchedSeconds", vp.position_seconds as "watchedPosition",
    (${moduleExamsSql(sql`m.id`, userId)}) as "exams"
  ${fromModule}
  cross join (
    select coalesce((select ca.enabled from ${courseAccess} ca where ca.course_id = c.id and ca.user_id = ${userId}), false)
      and c.archived_at is null as enabled
    from ${course} c where c.id = ${courseId}
  ) acc
  left join ${moduleAccess} ma on ma.module_id = m.id and ma.user_id = ${userId}
  left join ${activity} a on a.module_id = m.id and a.user_id = ${userId}
  left join lateral (${activitySummarySql(sql`a.id`)}) s on a.id is not null
  left join lateral (${jugadaScoreSql(sql`m.id`, userId)}) js on true
  left join ${videoProgress} vp on vp.module_id = m.id and vp.user_id = ${userId}
  where m.course_id = ${courseId} and ${filter} ${inCourseOrder}`;

/** The module is open to the student now: given to them, not archived (their course's access is checked apart). */
export const isOpen = (row: StudentModuleRow) => row.granted && row.archivedAt === null;

/** An archived module the student worked in: it stays listed for them, its activity readable. */
export const isReadableArchive = (row: StudentModuleRow) =>
  row.archivedAt !== null && row.granted && row.submitted !== null && hasWork({ ...row, answered: row.answered ?? 0 });

/** What a student's module list shows: the modules not archived, and the archived ones they worked in. */
export const listedForStudent = (row: StudentModuleRow) => row.archivedAt === null || isReadableArchive(row);

/**
 * The one shape of a module with a student's state in it. Their state shows only in a module open
 * to them, an archived one they worked in, or to an admin (`allStates`). Each view's schema keeps
 * what it shows: the list (`StudentModule`) and the module page (`StudentModuleDetail`).
 */
export function presentStudentModule(row: StudentModuleRow, options: { allStates?: boolean } = {}): StudentModule & StudentModuleDetail {
  const shown = isOpen(row) || isReadableArchive(row) || Boolean(options.allStates);
  const watched =
    shown && row.played
      ? presentWatched({ durationSeconds: row.watchedDuration, watchedSeconds: row.watchedSeconds!, positionSeconds: row.watchedPosition! })
      : null;
  return {
    ...presentModule(row),
    enabled: isOpen(row),
    archived: row.archivedAt !== null,
    progress:
      shown && row.submitted !== null
        ? progressFromSummary({ submitted: row.submitted, items: row.items!, correct: row.correct!, incorrect: row.incorrect! })
        : null,
    jugadas: shown && row.jugadasTotal > 0 ? { correct: row.jugadasCorrect, total: row.jugadasTotal } : null,
    watched,
    watchedPercent: watched?.percent ?? null,
    // Like the rest of their state: only in a module open to them (an archived one has no exam to take).
    exams: shown && !row.archivedAt ? row.exams.map(presentModuleExam) : [],
  };
}

/** The modules of a course that `filter` picks, as the student `userId` sees them (a statement of its own). */
export async function readStudentModules(db: Db | Tx, userId: string, courseId: string, filter?: SQL): Promise<StudentModuleRow[]> {
  return rowsOf<StudentModuleRow>(await db.execute(studentModulesSql(sql`${userId}`, sql`${courseId}`, filter)));
}

/** The course's active modules that have questions (each gives its trainees an activity), in no particular order. */
export async function modulesWithQuestions(db: Db | Tx, courseId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select m.id as "id" from ${courseModule} m
      where m.course_id = ${courseId} and m.archived_at is null
        and exists (select 1 from ${moduleQuestion} q where q.module_id = m.id)`),
  );
  return rows.map((row) => row.id);
}

// The data of the pages a student opens most, each in ONE SQL statement: the module, the access
// that decides whether they may see it, the course's modules with the student's state in each,
// or their activity, gathered with subqueries and JSON aggregation. With the session check (cached in
// memory, or one query) a page costs at most two database round trips. Each is a prepared
// statement (db/prepared.ts): parsed and planned once, then only executed.
import { sql, type SQL } from 'drizzle-orm';
import { progressFromSummary, progressOf, type ModuleProgress } from '../../shared/activity-state.ts';
import type { Activity } from '../../shared/schemas/activities.ts';
import type { StudentModule, StudentModuleDetail } from '../../shared/schemas/content.ts';
import type { Db } from '../db/client.ts';
import { activityNotFound } from '../activities/service.ts';
import { courseNotFound } from '../courses/service.ts';
import { preparedStatement } from '../db/prepared.ts';
import { courseModule } from '../db/schema.ts';
import { imageUrl } from '../images/routes.ts';
import { moduleNotFound, moduleVideoUrl } from '../modules/service.ts';
import { presentWatched } from '../watched/service.ts';

interface Summary {
  submitted: boolean;
  items: number;
  correct: number;
  incorrect: number;
}

/**
 * One module of the list as the statement gives it: a JSON array rather than an object, so that
 * the database builds no keys (a tenth cheaper on PGlite): `moduleListRow` names the positions.
 */
type ModuleListTuple = [
  id: string,
  name: string,
  imageId: string,
  position: number,
  enabled: boolean,
  submitted: boolean | null,
  items: number,
  correct: number,
  incorrect: number,
  jugadasCorrect: number,
  jugadasTotal: number,
  /** The length the percentage uses (watched/service.ts `watchedLength`); null when the user never played the video. */
  durationSeconds: number | null,
  watchedSeconds: number | null,
  positionSeconds: number | null,
  archived: boolean,
];

interface ModuleListRow {
  id: string;
  name: string;
  imageId: string;
  position: number;
  enabled: boolean;
  /** Archived, listed only for whoever worked in it (their work stays readable). */
  archived: boolean;
  progress: Summary | null;
  jugadas: { correct: number; total: number } | null;
  watched: WatchedRow | null;
}

function moduleListRow(tuple: ModuleListTuple): ModuleListRow {
  const [
    id,
    name,
    imageId,
    position,
    enabled,
    submitted,
    items,
    correct,
    incorrect,
    jugadasCorrect,
    jugadasTotal,
    durationSeconds,
    watchedSeconds,
    positionSeconds,
    archived,
  ] = tuple;
  return {
    id,
    name,
    imageId,
    position,
    enabled: enabled && !archived,
    archived,
    // The columns are NOT NULL: null means the user has no activity or no watched video there.
    progress: submitted === null ? null : { submitted, items, correct, incorrect },
    jugadas: jugadasTotal === 0 ? null : { correct: jugadasCorrect, total: jugadasTotal },
    watched: durationSeconds === null ? null : { durationSeconds, watchedSeconds: watchedSeconds!, positionSeconds: positionSeconds! },
  };
}

interface WatchedRow {
  durationSeconds: number;
  watchedSeconds: number;
  positionSeconds: number;
}

interface Access {
  courseEnabled: boolean;
  moduleEnabled: boolean;
}

/**
 * The course's modules in order, as one JSON array of `ModuleListTuple`: whether each is enabled
 * for the user and the user's summary in it (activity, jugadas, watched video). A scalar subquery
 * for a statement's select list, for the course id given as SQL. Joins per module rather than CTEs
 * scanned once per module: measured a quarter cheaper on PGlite and a sixth on PostgreSQL for a
 * course of 5 modules.
 */
const moduleListJson = (courseId: SQL, userId: SQL) => sql`(
    select coalesce(json_agg(json_build_array(
      m.id, m.name, m.image_id, m.position, coalesce(ma.enabled, false),
      a.submitted, s.items, s.correct, s.incorrect, js.correct, js.total,
      case when vp.user_id is not null then coalesce(m.video_duration_seconds, vp.duration_seconds) end, vp.watched_seconds, vp.position_seconds,
      m.archived_at is not null
    ) order by m.position, m.created_at), '[]'::json)
    from ${courseModule} m
    left join module_access ma on ma.module_id = m.id and ma.user_id = ${userId}
    left join activity a on a.module_id = m.id and a.user_id = ${userId}
    left join lateral (
      select count(*)::int as items,
        (count(*) filter (where ai.correction is true))::int as correct,
        (count(*) filter (where ai.correction is false))::int as incorrect
      from activity_item ai where ai.activity_id = a.id
    ) s on true
    left join lateral (
      select count(*)::int as total, (count(*) filter (where ja.correct))::int as correct
      from jugada j left join jugada_answer ja on ja.jugada_id = j.id and ja.user_id = ${userId}
      where j.module_id = m.id and j.archived_at is null
    ) js on true
    left join video_progress vp on vp.module_id = m.id and vp.user_id = ${userId}
    where m.course_id = ${courseId}
      -- An archived module stays on the list of whoever had it and worked in its activity: what they wrote stays readable.
      and (m.archived_at is null or (coalesce(ma.enabled, false) and (a.submitted_at is not null or a.corrected_at is not null
           or exists (select 1 from activity_item w where w.activity_id = a.id and coalesce(w.answer, '') <> ''))))
  )`;

const progressOfSummary = (summary: Summary | null): ModuleProgress | null => (summary ? progressFromSummary(summary) : null);

/**
 * As `/my-modules` presents them: students see no state for modules they cannot open;
 * `includeBlocked` shows it for every module.
 */
function presentModuleList(rows: ModuleListRow[], includeBlocked = false): StudentModule[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    imageUrl: imageUrl(row.imageId),
    position: row.position,
    enabled: row.enabled,
    archived: row.archived,
    progress: row.enabled || row.archived || includeBlocked ? progressOfSummary(row.progress) : null,
    jugadas: row.enabled || includeBlocked ? row.jugadas : null,
    watchedPercent: (row.enabled || includeBlocked) && row.watched ? presentWatched(row.watched).percent : null,
  }));
}

export interface CourseModulesData {
  access: Access;
  modules: StudentModule[];
}

const courseModulesStatement = preparedStatement<
  'userId' | 'courseId',
  { found: boolean; course_enabled: boolean; list: ModuleListTuple[] }
>(
  'page_course_modules',
  ['userId', 'courseId'],
  ({ userId, courseId }) => sql`select
        exists (select 1 from course where id = ${courseId}) as found,
        coalesce((select ca.enabled from course_access ca join course c on c.id = ca.course_id and c.archived_at is null
                  where ca.user_id = ${userId} and ca.course_id = ${courseId}), false) as course_enabled,
        ${moduleListJson(courseId, userId)} as list`,
);

/** A course's module list for one user, and whether the course is enabled for them; 404 when the course does not exist. */
export async function loadCourseModules(db: Db, userId: string, courseId: string): Promise<CourseModulesData> {
  const [row] = await courseModulesStatement.run(db, { userId, courseId });
  if (!row?.found) throw courseNotFound();
  return { access: { courseEnabled: row.course_enabled, moduleEnabled: false }, modules: presentModuleList(row.list.map(moduleListRow)) };
}

export interface ModuleData {
  module: StudentModuleDetail;
  access: Access;
  modules: StudentModule[];
}

interface ModuleRow {
  module: {
    id: string;
    courseId: string;
    name: string;
    imageId: string;
    videoUrl: string | null;
    videoFile: { id: string; mimeType: string; size: number } | null;
    position: number;
  };
  course_enabled: boolean;
  module_enabled: boolean;
  list: ModuleListTuple[];
}

/** The module page's one statement: no row when the module does not exist. */
const moduleStatement = preparedStatement<'userId' | 'moduleId', ModuleRow>(
  'page_module',
  ['userId', 'moduleId'],
  ({ userId, moduleId }) => sql`select
        json_build_object('id', t.id, 'courseId', t.course_id, 'name', t.name, 'imageId', t.image_id, 'videoUrl', t.video_url, 'position', t.position,
                          'videoFile', case when v.id is null then null else json_build_object('id', v.id, 'mimeType', v.mime_type, 'size', v.size) end) as module,
        c.archived_at is null and coalesce(ca.enabled, false) as course_enabled,
        t.archived_at is null and coalesce(ma.enabled, false) as module_enabled,
        ${moduleListJson(sql`t.course_id`, userId)} as list
      from ${courseModule} t
      join course c on c.id = t.course_id
      left join course_access ca on ca.course_id = t.course_id and ca.user_id = ${userId}
      left join module_access ma on ma.module_id = t.id and ma.user_id = ${userId}
      left join video v on v.id = t.video_id
      where t.id = ${moduleId}`,
);

/** A module, the user's access to it and its course's module list; 404 when the module does not exist. */
export async function loadModule(db: Db, userId: string, moduleId: string): Promise<ModuleData> {
  const [row] = await moduleStatement.run(db, { userId, moduleId });
  if (!row) throw moduleNotFound();
  const { imageId, ...module } = row.module;
  const list = row.list.map(moduleListRow);
  const own = list.find((m) => m.id === module.id);
  return {
    module: {
      ...module,
      videoUrl: module.videoFile ? moduleVideoUrl(module.id) : (module.videoUrl ?? ''),
      imageUrl: imageUrl(imageId),
      progress: progressOfSummary(own?.progress ?? null),
      jugadas: own?.jugadas ?? null,
      watched: own?.watched ? presentWatched(own.watched) : null,
    },
    access: { courseEnabled: row.course_enabled, moduleEnabled: row.module_enabled },
    modules: presentModuleList(list),
  };
}

export interface ActivityData {
  access: Access;
  /** The module is archived, was enabled for the user in a course still enabled, and they worked in it: they may read that work. */
  archivedReadable: boolean;
  /** Null when the user has no activity of the module. */
  activity: Activity | null;
}

interface ItemJson {
  id: string;
  question: string;
  answer: string | null;
  correction: boolean | null;
  feedback: string | null;
  editable: boolean;
}

interface ActivityRow {
  module: { id: string; courseId: string; name: string; archived: boolean } | null;
  course_enabled: boolean;
  module_enabled: boolean;
  module_granted: boolean;
  has_work: boolean | null;
  activity: {
    id: string;
    userId: string;
    submitted: boolean;
    version: number;
    submittedAt: string | null;
    correctedAt: string | null;
  } | null;
  items: ItemJson[] | null;
}

const activityStatement = preparedStatement<'userId' | 'moduleId', ActivityRow>(
  'page_activity',
  ['userId', 'moduleId'],
  ({ userId, moduleId }) => sql`with target as (select id, course_id, name, archived_at from ${courseModule} where id = ${moduleId}),
      own as (select * from activity where user_id = ${userId} and module_id = ${moduleId})
      select
        (select json_build_object('id', t.id, 'courseId', t.course_id, 'name', t.name, 'archived', t.archived_at is not null) from target t) as module,
        coalesce((select ca.enabled from course_access ca join target t on ca.course_id = t.course_id
                  join course c on c.id = t.course_id and c.archived_at is null where ca.user_id = ${userId}), false) as course_enabled,
        coalesce((select ma.enabled from module_access ma join target t on t.id = ma.module_id and t.archived_at is null
                  where ma.user_id = ${userId}), false) as module_enabled,
        coalesce((select ma.enabled from module_access ma where ma.module_id = ${moduleId} and ma.user_id = ${userId}), false) as module_granted,
        (select a.submitted_at is not null or a.corrected_at is not null
                or exists (select 1 from activity_item w where w.activity_id = a.id and coalesce(w.answer, '') <> '') from own a) as has_work,
        (select json_build_object('id', a.id, 'userId', a.user_id, 'submitted', a.submitted, 'version', a.version,
                                  'submittedAt', a.submitted_at, 'correctedAt', a.corrected_at) from own a) as activity,
        (select json_agg(json_build_object('id', i.id, 'question', i.question, 'answer', i.answer, 'correction', i.correction,
                                           'feedback', i.feedback, 'editable', i.editable) order by i.position)
         from activity_item i join own on i.activity_id = own.id) as items`,
);

/** The user's activity of a module, with the access that decides whether they may see it; 404 when the module does not exist. */
export async function loadActivity(db: Db, userId: string, moduleId: string): Promise<ActivityData> {
  const [row] = await activityStatement.run(db, { userId, moduleId });
  if (!row?.module) throw moduleNotFound();
  const access = { courseEnabled: row.course_enabled, moduleEnabled: row.module_enabled };
  // The same rule as the module list: archived, it stays readable for whoever had it and worked in it.
  const archivedReadable = row.module.archived && row.module_granted && row.course_enabled && Boolean(row.has_work);
  if (!row.activity) return { access, archivedReadable, activity: null };
  // Archived: readable as it was left, nothing editable.
  const items = (row.items ?? []).map((item) => (row.module!.archived ? { ...item, editable: false } : item));
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    access,
    archivedReadable,
    activity: {
      id: row.activity.id,
      userId: row.activity.userId,
      moduleId: row.module.id,
      courseId: row.module.courseId,
      moduleName: row.module.name,
      moduleArchived: row.module.archived,
      submitted: row.activity.submitted,
      progress: progressOf({ submitted: row.activity.submitted, items }),
      version: row.activity.version,
      submittedAt: iso(row.activity.submittedAt),
      correctedAt: iso(row.activity.correctedAt),
      items,
    },
  };
}

export { activityNotFound };

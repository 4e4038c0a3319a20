// How activities are read: one statement for an activity with its module, its items and its
// owner's access, used by the routes, the pages and the writes (which lock it); one presenter for
// its JSON; and the summary every module state is computed from.
import { sql, type SQL } from 'drizzle-orm';
import { hasWork, isAnswered, progressFromSummary, progressOf, type ActivityState } from '../../shared/activity-state.ts';
import type { Activity } from '../../shared/schemas/activities.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { activity, activityItem, course, courseAccess, courseModule, moduleAccess } from '../db/schema.ts';

export interface ActivityItemRow {
  id: string;
  question: string;
  answer: string | null;
  correction: boolean | null;
  feedback: string | null;
  editable: boolean;
}

/** An activity as `activitySql` reads it. Times are strings when it comes inside a page's JSON. */
export interface ActivityRow extends ActivityState<ActivityItemRow> {
  id: string;
  userId: string;
  moduleId: string;
  courseId: string;
  moduleName: string;
  moduleArchived: boolean;
  /** The owner's access: the course enabled for them (and not archived), the module given to them (archived or not). */
  courseEnabled: boolean;
  moduleGranted: boolean;
  version: number;
  submittedAt: string | Date | null;
  correctedAt: string | Date | null;
}

/**
 * The activities `filter` picks (it may use `a`, the activity, and `m`, its module), each with its
 * items in order and its owner's access, named as `ActivityRow`. A statement of its own, or a part
 * of a page's statement.
 */
export const activitySql = (filter: SQL) => sql`
  select a.id as "id", a.user_id as "userId", m.id as "moduleId", m.course_id as "courseId", m.name as "moduleName",
    m.archived_at is not null as "moduleArchived",
    coalesce(ca.enabled, false) and c.archived_at is null as "courseEnabled",
    coalesce(ma.enabled, false) as "moduleGranted",
    a.submitted as "submitted", a.version as "version", a.submitted_at as "submittedAt", a.corrected_at as "correctedAt",
    coalesce((select json_agg(json_build_object('id', i.id, 'question', i.question, 'answer', i.answer, 'correction', i.correction,
                                               'feedback', i.feedback, 'editable', i.editable) order by i.position)
              from ${activityItem} i where i.activity_id = a.id), '[]'::json) as "items"
  from ${activity} a
  join ${courseModule} m on m.id = a.module_id
  join ${course} c on c.id = m.course_id
  left join ${courseAccess} ca on ca.user_id = a.user_id and ca.course_id = m.course_id
  left join ${moduleAccess} ma on ma.user_id = a.user_id and ma.module_id = m.id
  where ${filter}`;

/** One activity (`filter` picks it), or null. */
export async function readActivity(db: Db | Tx, filter: SQL): Promise<ActivityRow | null> {
  const [row] = rowsOf<ActivityRow>(await db.execute(activitySql(filter)));
  return row ?? null;
}

export const ofUserAndModule = (userId: string, moduleId: string) => sql`a.user_id = ${userId} and a.module_id = ${moduleId}`;
export const byId = (activityId: string) => sql`a.id = ${activityId}`;

/** An archived module's activity stays readable for its owner when it was given to them and they worked in it. */
export const isReadableArchive = (row: ActivityRow) =>
  row.moduleArchived && row.moduleGranted && row.courseEnabled && hasWork({ ...row, answered: row.items.filter(isAnswered).length });

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The one shape of an activity's JSON: its owner's page, the admin's review, the answer to a write. */
export function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    userId: row.userId,
    moduleId: row.moduleId,
    courseId: row.courseId,
    moduleName: row.moduleName,
    moduleArchived: row.moduleArchived,
    submitted: row.submitted,
    progress: progressOf(row),
    version: row.version,
    submittedAt: iso(row.submittedAt),
    correctedAt: iso(row.correctedAt),
    // Archived, the module is kept as it was left: readable, nothing editable.
    items: row.items.map((item) => ({ ...item, editable: item.editable && !row.moduleArchived })),
  };
}

/**
 * The counts a student's state in a module comes from (shared/activity-state.ts `progressFromSummary`,
 * `hasWork`), for the activity `activityId` (SQL): items, corrected right or wrong, answered.
 */
export const activitySummarySql = (activityId: SQL) => sql`
  select count(*)::int as items,
    (count(*) filter (where i.correction is true))::int as correct,
    (count(*) filter (where i.correction is false))::int as incorrect,
    (count(*) filter (where coalesce(i.answer, '') <> ''))::int as answered
  from ${activityItem} i where i.activity_id = ${activityId}`;

/**
 * How many activities each trainee has approved in the course's active modules (`moduleIds`, those
 * with questions): each one judged by `progressFromSummary`, as the class board judges a module.
 * One statement for the whole list of trainees.
 */
export async function approvedActivityCounts(db: Db | Tx, moduleIds: string[], userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (moduleIds.length === 0 || userIds.length === 0) return counts;
  const rows = rowsOf<{ userId: string; submitted: boolean; items: number; correct: number; incorrect: number }>(
    await db.execute(sql`
      select a.user_id as "userId", a.submitted as "submitted", s.items, s.correct, s.incorrect
      from ${activity} a cross join lateral (${activitySummarySql(sql`a.id`)}) s
      where a.module_id in (${sql.join(
        moduleIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and a.user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  for (const row of rows) {
    if (
      progressFromSummary({ ...row, items: Number(row.items), correct: Number(row.correct), incorrect: Number(row.incorrect) }) ===
      'aprobado'
    )
      counts.set(row.userId, (counts.get(row.userId) ?? 0) + 1);
  }
  return counts;
}

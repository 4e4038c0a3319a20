// 'Registro de cambios' of a course: the entries of record_change, newest first, filtered; and
// its CSV. The entries are written with each change, in its transaction (record/changes.ts).
import { sql, type SQL } from 'drizzle-orm';
import { changeKindLabels, type ChangeKind } from '../../shared/course-roles.ts';
import { COURSE_LOG_PAGE_SIZE, type CourseLog, type CourseLogQuery } from '../../shared/schemas/course-log.ts';
import { dayOf, instantOf, addDays, timeOf } from '../../shared/calendar.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { findCourse } from '../courses/service.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';

type Filters = Omit<CourseLogQuery, 'page'>;

/** The entries' conditions: the course, and each filter given. */
function where(courseId: string, filters: Filters): SQL {
  const conditions = [sql`rc.course_id = ${courseId}`];
  if (filters.tipo) conditions.push(sql`rc.kind = ${filters.tipo}`);
  // Days in Argentina: from the start of `desde` to the end of `hasta`.
  if (filters.desde) conditions.push(sql`rc.at >= ${instantOf(filters.desde).toISOString()}::timestamptz`);
  if (filters.hasta) conditions.push(sql`rc.at < ${instantOf(addDays(filters.hasta, 1)).toISOString()}::timestamptz`);
  if (filters.persona) {
    const pattern = `%${filters.persona.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(rc.actor_name) like ${pattern} or lower(u.name) like ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

interface EntryRow {
  id: string;
  at: string | Date;
  actorName: string;
  traineeName: string | null;
  kind: string;
  summary: string;
}

const entriesSql = (condition: SQL) => sql`
  select rc.id as "id", rc.at as "at", rc.actor_name as "actorName", u.name as "traineeName", rc.kind as "kind", rc.summary as "summary"
  from record_change rc left join "user" u on u.id = rc.user_id
  where ${condition}
  order by rc.at desc, rc.id desc`;

const kindOf = (kind: string): ChangeKind => (kind in changeKindLabels ? (kind as ChangeKind) : 'otros');

/** One page of the course's entries matching the filters. */
export async function courseLog(db: Db, courseId: string, query: Filters & { page: number }): Promise<CourseLog> {
  const course = await findCourse(db, courseId);
  const condition = where(courseId, query);
  const offset = (query.page - 1) * COURSE_LOG_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    db.execute(sql`${entriesSql(condition)} limit ${COURSE_LOG_PAGE_SIZE} offset ${offset}`).then((result) => rowsOf<EntryRow>(result)),
    db
      .execute(sql`select count(*)::int as "total" from record_change rc left join "user" u on u.id = rc.user_id where ${condition}`)
      .then((result) => rowsOf<{ total: number }>(result)),
  ]);
  return {
    courseName: course.name,
    entries: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString(), kind: kindOf(row.kind) })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: COURSE_LOG_PAGE_SIZE,
  };
}

/** Every entry matching the filters, as CSV (formula cells escaped: a summary holds what people typed). */
export async function courseLogCsv(db: Db, courseId: string, filters: Filters) {
  const course = await findCourse(db, courseId);
  const rows = rowsOf<EntryRow>(await db.execute(entriesSql(where(courseId, filters))));
  const lines = [
    ['Fecha', 'Hora', 'Quién', 'Alumno', 'Tipo', 'Cambio'],
    ...rows.map((row) => {
      const at = new Date(row.at);
      return [dayOf(at), timeOf(at), row.actorName, row.traineeName ?? '', changeKindLabels[kindOf(row.kind)], row.summary];
    }),
  ];
  return { filename: `registro-${fileSlug(course.name, 'curso')}.csv`, body: csvDocument(lines) };
}

// Who may do what in a course, asked by every route of the instructors' side: an administrator
// may do everything; anyone else only what their roles in the course's team allow
// (shared/course-roles.ts, the one table of roles and actions). The course is the one the
// resource belongs to, found in the same statement that reads the person's roles.
//
// The answers: signed out → 401; on no course's team (a trainee) → 403, as for any route of
// another role; on the team of another course, or the resource does not exist → the route's own
// 404, the same for both, so nobody learns which ids exist; on the course's team without the
// action → 403.
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { courseActions, isStaffRole, mayDo, type CourseAction, type StaffRole } from '../../shared/course-roles.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { forbidden, type AppError } from '../errors.ts';

/** The kinds of resource a route names, each with the statement that finds its course. */
const courseOf = {
  course: (id: string) => sql`select c.id from course c where c.id = ${id}`,
  module: (id: string) => sql`select m.course_id from module m where m.id = ${id}`,
  activity: (id: string) => sql`select m.course_id from activity a join module m on m.id = a.module_id where a.id = ${id}`,
  message: (id: string) => sql`select m.course_id from forum_message f join module m on m.id = f.module_id where f.id = ${id}`,
  document: (id: string) => sql`select d.course_id from document d where d.id = ${id}`,
  jugada: (id: string) => sql`select m.course_id from jugada j join module m on m.id = j.module_id where j.id = ${id}`,
  question: (id: string) => sql`select q.course_id from bank_question q where q.id = ${id}`,
  exam: (id: string) => sql`select e.course_id from exam e where e.id = ${id}`,
  attempt: (id: string) => sql`select e.course_id from exam_attempt a join exam e on e.id = a.exam_id where a.id = ${id}`,
  lesson: (id: string) => sql`select l.course_id from lesson l where l.id = ${id}`,
  payment: (id: string) => sql`select p.course_id from payment p where p.id = ${id}`,
  observation: (id: string) => sql`select o.course_id from observation o where o.id = ${id}`,
  fitnessResult: (id: string) => sql`select r.course_id from fitness_result r where r.id = ${id}`,
  courseRecord: (id: string) => sql`select r.course_id from course_record r where r.id = ${id}`,
  certificate: (id: string) => sql`select c.course_id from certificate c where c.id = ${id}`,
} satisfies Record<string, (id: string) => SQL>;

export type ResourceKind = keyof typeof courseOf;
/** What a route acts on: one resource, by kind and id (`{ course: id }`, `{ payment: id }`…). */
export type CourseScope = { [K in ResourceKind]: Record<K, string> }[ResourceKind];

interface RolesRow {
  courseId: string | null;
  roles: string[] | null;
}

/** The course of `scope` (null when it does not exist) and the person's roles there (whether they are on any team: the session's `staff`). */
async function rolesIn(db: Db | Tx, userId: string, scope: CourseScope): Promise<RolesRow> {
  const [kind, id] = Object.entries(scope)[0] as [ResourceKind, string];
  const [row] = rowsOf<RolesRow>(
    await db.execute(sql`
      select target.course_id as "courseId",
        (select array_agg(cs.role order by cs.role) from course_staff cs
          where cs.course_id = target.course_id and cs.user_id = ${userId}) as "roles"
      from (select (${courseOf[kind](id)}) as course_id) target`),
  );
  return row ?? { courseId: null, roles: null };
}

/** Whether `userId` is on any course's team. */
export async function isStaff(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ staff: boolean }>(
    await db.execute(sql`select exists (select 1 from course_staff where user_id = ${userId}) as "staff"`),
  );
  return Boolean(row?.staff);
}

export interface CourseGuard {
  /**
   * The signed-in person, when they may do `action` in the course `scope` belongs to (see the
   * answers above); `missing` is the route's own 404. `courseId` is null for an administrator
   * (who is not looked up: the route's own reads answer 404 for what does not exist).
   */
  require(
    request: FastifyRequest,
    scope: CourseScope,
    action: CourseAction,
    missing: () => AppError,
  ): Promise<{ user: SessionUser; courseId: string | null; roles: StaffRole[] | 'admin' }>;
  /** The signed-in person, when they may do `action` in at least one course (an upload before it is placed). */
  requireSomewhere(request: FastifyRequest, action: CourseAction): Promise<SessionUser>;
}

export function createCourseGuard(db: Db, guards: Guards): CourseGuard {
  return {
    async require(request, scope, action, missing) {
      const user = await guards.requireUser(request);
      if (user.role === 'admin') return { user, courseId: null, roles: 'admin' };
      if (!user.staff) throw forbidden();
      const row = await rolesIn(db, user.id, scope);
      const roles = (row.roles ?? []).filter(isStaffRole);
      if (!row.courseId || roles.length === 0) throw missing();
      if (!mayDo(roles, action)) throw forbidden();
      return { user, courseId: row.courseId, roles };
    },
    async requireSomewhere(request, action) {
      const user = await guards.requireUser(request);
      if (user.role === 'admin') return user;
      if (!user.staff) throw forbidden();
      const [row] = rowsOf<{ roles: string[] | null }>(
        await db.execute(sql`select array_agg(distinct role) as "roles" from course_staff where user_id = ${user.id}`),
      );
      if (!mayDo((row?.roles ?? []).filter(isStaffRole), action)) throw forbidden();
      return user;
    },
  };
}

/**
 * The courses whose lists a person sees on a page across courses ('Por corregir', 'Responder
 * preguntas'): every course for an administrator (undefined), else the ids of the courses where
 * their roles allow `action`, as a subquery.
 */
export function coursesAllowing(user: SessionUser, action: CourseAction): SQL | undefined {
  if (user.role === 'admin') return undefined;
  const roles: readonly StaffRole[] = courseActions[action];
  return sql`(select cs.course_id from course_staff cs where cs.user_id = ${user.id} and cs.role in (${sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  )}))`;
}

/** The same as a list of ids (for a live stream's filter, set when it opens). */
export async function courseIdsAllowing(db: Db | Tx, user: SessionUser, action: CourseAction): Promise<string[] | null> {
  const only = coursesAllowing(user, action);
  if (!only) return null;
  return rowsOf<{ id: string }>(await db.execute(sql`select distinct course_id as "id" from ${only} as allowed(course_id)`)).map(
    (row) => row.id,
  );
}

/**
 * Whether `user` may do `action` in the course `scope` belongs to — for a route that serves
 * trainees and staff alike (an attempt, a clip, a receipt), where the answer decides what is
 * shown rather than refusing.
 */
export async function mayDoIn(db: Db | Tx, user: SessionUser, scope: CourseScope, action: CourseAction): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (!user.staff) return false;
  return mayDo((await rolesIn(db, user.id, scope)).roles?.filter(isStaffRole) ?? [], action);
}

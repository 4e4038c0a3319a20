import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { course, courseAccess, courseModule, moduleAccess } from '../db/schema.ts';
import { forbidden, type AppError } from '../errors.ts';

/** What one user has been given of one course (and optionally one of its modules). */
export interface Access {
  courseEnabled: boolean;
  moduleEnabled: boolean;
}

/**
 * Whether the course `courseId` (and the module `moduleId`, when given) are enabled for the user
 * `userId`, as a query (all SQL: values, or parts of a page's own statement) answering
 * `courseEnabled` and `moduleEnabled`. An archived course or module counts as not enabled:
 * students lose sight of it, their work stays.
 */
export const accessSql = (userId: SQL, courseId: SQL, moduleId?: SQL) => sql`
  select coalesce((select ca.enabled from ${courseAccess} ca join ${course} c on c.id = ca.course_id and c.archived_at is null
                   where ca.user_id = ${userId} and ca.course_id = ${courseId}), false) as "courseEnabled",
    ${
      moduleId
        ? sql`coalesce((select ma.enabled from ${moduleAccess} ma join ${courseModule} m on m.id = ma.module_id and m.archived_at is null
                        where ma.user_id = ${userId} and ma.module_id = ${moduleId}), false)`
        : sql`false`
    } as "moduleEnabled"`;

/** One round trip: whether the course (and the module, if given) are enabled for the user. */
export async function loadAccess(db: Db | Tx, userId: string, courseId: string, moduleId?: string): Promise<Access> {
  const [row] = rowsOf<Access>(
    await db.execute(accessSql(sql`${userId}`, sql`${courseId}`, moduleId === undefined ? undefined : sql`${moduleId}`)),
  );
  return { courseEnabled: Boolean(row?.courseEnabled), moduleEnabled: Boolean(row?.moduleEnabled) };
}

export const isAdmin = (user: SessionUser) => user.role === 'admin';

/** Admins see every course; a student only the courses enabled for them. */
export const canViewCourse = (user: SessionUser, access: Access) => isAdmin(user) || access.courseEnabled;

/** A student needs both the module and its course enabled. */
export const canViewModule = (user: SessionUser, access: Access) => isAdmin(user) || (access.courseEnabled && access.moduleEnabled);

/**
 * One round trip: whether a student may see an uploaded picture. It must be the picture of a
 * course enabled for them, or of a module of such a course (the module list shows every module
 * of the course, blocked ones too); archived courses and modules show nothing. Admins see all.
 */
export async function canViewImage(db: Db | Tx, user: SessionUser, imageId: string): Promise<boolean> {
  if (isAdmin(user)) return true;
  // Someone on a course's team sees its pictures as an administrator does (archived ones too): the
  // instructors' pages show them, and its editing forms the current one.
  if (user.staff) {
    const [row] = rowsOf<{ visible: boolean }>(
      await db.execute(sql`
        select true as "visible" from ${course} c
        join course_staff cs on cs.course_id = c.id and cs.user_id = ${user.id}
        where c.image_id = ${imageId}
           or exists (select 1 from ${courseModule} m where m.course_id = c.id and m.image_id = ${imageId})
        limit 1`),
    );
    if (row?.visible) return true;
  }
  const enabledCourse = and(eq(courseAccess.courseId, course.id), eq(courseAccess.userId, user.id), eq(courseAccess.enabled, true));
  const [row] = await db
    .select({ visible: sql<boolean>`true` })
    .from(course)
    .innerJoin(courseAccess, enabledCourse)
    .leftJoin(courseModule, and(eq(courseModule.courseId, course.id), sql`${courseModule.archivedAt} is null`))
    .where(and(sql`${course.archivedAt} is null`, sql`(${course.imageId} = ${imageId} or ${courseModule.imageId} = ${imageId})`))
    .limit(1);
  return Boolean(row?.visible);
}

/**
 * Something a student may not see (a course or module not enabled for them, blocked or
 * archived) is answered exactly like something that does not exist: the same 404 with the same
 * text (`missing`, the route's own not-found error), so nobody can tell which ids exist.
 */
export function requireVisible(visible: boolean, missing: () => AppError): void {
  if (!visible) throw missing();
}

/** A route meant for another role answers 403: that says who may call it, nothing about the id. */
export function requireRole(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

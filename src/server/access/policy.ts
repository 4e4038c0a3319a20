import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, courseModule, moduleAccess } from '../db/schema.ts';
import { forbidden, type AppError } from '../errors.ts';

/** What one user has been given of one course (and optionally one of its modules). */
export interface Access {
  courseEnabled: boolean;
  moduleEnabled: boolean;
}

/**
 * One round trip: whether the course (and the module, if given) are enabled for the user. An
 * archived course or module counts as not enabled: students lose sight of it, their work stays.
 */
export async function loadAccess(db: Db | Tx, userId: string, courseId: string, moduleId?: string): Promise<Access> {
  const [row] = await db
    .select({
      courseEnabled: sql<boolean>`coalesce((${db
        .select({ enabled: courseAccess.enabled })
        .from(courseAccess)
        .innerJoin(course, and(eq(course.id, courseAccess.courseId), isNull(course.archivedAt)))
        .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId)))}), false)`,
      moduleEnabled: moduleId
        ? sql<boolean>`coalesce((${db
            .select({ enabled: moduleAccess.enabled })
            .from(moduleAccess)
            .innerJoin(courseModule, and(eq(courseModule.id, moduleAccess.moduleId), isNull(courseModule.archivedAt)))
            .where(and(eq(moduleAccess.userId, userId), eq(moduleAccess.moduleId, moduleId)))}), false)`
        : sql<boolean>`false`,
    })
    .from(sql`(select 1) as one`);
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

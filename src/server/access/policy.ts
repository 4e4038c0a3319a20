import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, courseModule, moduleAccess } from '../db/schema.ts';
import { forbidden } from '../errors.ts';

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

export function authorize(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

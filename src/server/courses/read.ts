// How courses are read and shown: the courses a user sees, the admin's overview, and the one
// presenter of a course's JSON.
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { staffRoles } from '../../shared/course-roles.ts';
import type { Course, CourseOverview } from '../../shared/schemas/content.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { qualified } from '../db/qualified.ts';
import { activity, course, courseAccess, courseModule, forumState, user } from '../db/schema.ts';
import { hasNewMessages } from '../forum/service.ts';
import { imageUrl } from '../images/routes.ts';
import { studentWorkIn } from './student-work.ts';

/** What a course's JSON comes from. Times are strings inside a page's JSON. */
export interface CourseRow {
  id: string;
  name: string;
  description: string;
  imageId: string;
  archivedAt: string | Date | null;
}

/** The one shape of a course's JSON. */
export function presentCourse(row: CourseRow): Course {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: imageUrl(row.imageId),
    ...(row.archivedAt ? { archivedAt: new Date(row.archivedAt).toISOString() } : {}),
  };
}

/**
 * The courses the user `userId` (SQL) sees, in order, named as `CourseRow`: every course for an
 * admin; for a student, those enabled for them and not archived. A statement of its own or part
 * of a page's.
 */
export const visibleCoursesSql = (userId: SQL) => sql`
  select c.id as "id", c.name as "name", c.description as "description", c.image_id as "imageId", c.archived_at as "archivedAt"
  from ${course} c
  where exists (select 1 from ${user} u where u.id = ${userId} and u.role = 'admin')
     or (c.archived_at is null and exists (select 1 from ${courseAccess} ca where ca.course_id = c.id and ca.user_id = ${userId} and ca.enabled))
  order by c.created_at, c.id`;

export async function listVisibleCourses(db: Db, userId: string): Promise<Course[]> {
  return rowsOf<CourseRow>(await db.execute(visibleCoursesSql(sql`${userId}`))).map(presentCourse);
}

/** Every course with what it holds and what waits in it: one statement, whatever the number of courses. */
/**
 * Every course with what waits in it, for an administrator; for someone on courses' teams
 * (`staff`), only the courses `staff.only` selects, each with their roles in it.
 */
export async function courseOverview(db: Db, staff?: { userId: string; only: SQL }): Promise<CourseOverview[]> {
  const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
  const courseId = qualified(course.id);
  const rows = await db
    .select({
      course,
      modules: count(
        sql`select count(*) from ${courseModule} where ${courseModule.courseId} = ${courseId} and ${courseModule.archivedAt} is null`,
      ),
      students: count(
        sql`select count(*) from ${courseAccess} join ${user} on ${user.id} = ${courseAccess.userId}
            where ${courseAccess.courseId} = ${courseId} and ${courseAccess.enabled} and ${user.role} = 'student'`,
      ),
      awaitingCorrection: count(
        sql`select count(*) from ${activity} join ${courseModule} on ${courseModule.id} = ${activity.moduleId}
            where ${courseModule.courseId} = ${courseId} and ${activity.submitted}`,
      ),
      modulesWithNewMessages: count(
        sql`select count(*) from ${courseModule} join ${forumState} on ${forumState.moduleId} = ${courseModule.id}
            where ${courseModule.courseId} = ${courseId} and ${hasNewMessages}`,
      ),
      hasStudentWork: studentWorkIn(sql`select m.id from module m where m.course_id = ${courseId}`),
      renewsName: sql<string | null>`(select o.name from ${course} o where o.id = ${qualified(course.renewsCourseId)})`,
      nextLessonAt: sql<
        string | Date | null
      >`(select min(l.starts_at) from lesson l where l.course_id = ${courseId} and l.starts_at > now())`,
      openExams: count(
        sql`select count(*) from exam e where e.course_id = ${courseId}
            and (e.opens_at is null or e.opens_at <= now()) and (e.closes_at is null or e.closes_at > now())`,
      ),
      roles: staff
        ? sql<
            string[] | null
          >`(select array_agg(cs.role) from course_staff cs where cs.course_id = ${courseId} and cs.user_id = ${staff.userId})`
        : sql<null>`null`,
    })
    .from(course)
    .where(staff ? inArray(course.id, staff.only) : undefined)
    .orderBy(asc(course.createdAt), asc(course.id));
  return rows.map(({ course: row, hasStudentWork, renewsName, roles, nextLessonAt, ...counts }) => ({
    ...presentCourse(row),
    ...counts,
    hasStudentWork: Boolean(hasStudentWork),
    nextLessonAt: nextLessonAt === null ? null : new Date(nextLessonAt).toISOString(),
    ...(row.renewsCourseId && renewsName !== null ? { renewsCourse: { id: row.renewsCourseId, name: renewsName } } : {}),
    ...(staff ? { roles: staffRoles.filter((role) => roles?.includes(role)) } : {}),
  }));
}

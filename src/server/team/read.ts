// Reading a course's team, the people the dialog 'Agregar al equipo' finds, and a person's own teams.
import { sql } from 'drizzle-orm';
import { isStaffRole, staffRoles, type StaffRole } from '../../shared/course-roles.ts';
import type { Candidate, MyTeams, Team } from '../../shared/schemas/team.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { findCourse } from '../courses/service.ts';

/** Roles in the table's order. */
const rolesIn = (roles: unknown): StaffRole[] =>
  Array.isArray(roles) ? staffRoles.filter((role) => roles.some((given) => isStaffRole(given) && given === role)) : [];

/** The team, by name. */
export async function readTeam(db: Db, courseId: string): Promise<Team> {
  const course = await findCourse(db, courseId);
  const rows = rowsOf<{ userId: string; name: string; email: string; roles: string[]; addedAt: string | Date; hasPassword: boolean }>(
    await db.execute(sql`
      select u.id as "userId", u.name as "name", u.email as "email", array_agg(cs.role) as "roles", min(cs.added_at) as "addedAt",
        exists (select 1 from account a where a.user_id = u.id and a.provider_id = 'credential') as "hasPassword"
      from course_staff cs join "user" u on u.id = cs.user_id
      where cs.course_id = ${courseId}
      group by u.id, u.name, u.email
      order by lower(u.name), u.id`),
  );
  return {
    courseName: course.name,
    members: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      roles: rolesIn(row.roles),
      addedAt: new Date(row.addedAt).toISOString(),
      invitationPending: !row.hasPassword,
    })),
  };
}

/** People whose name or email holds `query` (at most 10), with what they already are in the course. */
export async function findCandidates(db: Db, courseId: string, query: string): Promise<Candidate[]> {
  await findCourse(db, courseId);
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = rowsOf<{ userId: string; name: string; email: string; roles: string[] | null; trainee: boolean; role: string }>(
    await db.execute(sql`
      select u.id as "userId", u.name as "name", u.email as "email", u.role as "role",
        (select array_agg(cs.role) from course_staff cs where cs.course_id = ${courseId} and cs.user_id = u.id) as "roles",
        exists (select 1 from course_access ca where ca.course_id = ${courseId} and ca.user_id = u.id) as "trainee"
      from "user" u
      where (lower(u.name) like ${pattern} or lower(u.email) like ${pattern}) and u.banned is not true
      order by lower(u.name), u.id
      limit 10`),
  );
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: row.email,
    roles: rolesIn(row.roles),
    trainee: Boolean(row.trainee),
    admin: row.role === 'admin',
  }));
}

/** The courses whose team the person is on, with their roles (archived courses last). */
export async function readMyTeams(db: Db, userId: string): Promise<MyTeams> {
  const rows = rowsOf<{ courseId: string; courseName: string; roles: string[] }>(
    await db.execute(sql`
      select c.id as "courseId", c.name as "courseName", array_agg(cs.role) as "roles"
      from course_staff cs join course c on c.id = cs.course_id
      where cs.user_id = ${userId}
      group by c.id, c.name, c.archived_at
      order by c.archived_at is not null, lower(c.name), c.id`),
  );
  return { courses: rows.map((row) => ({ courseId: row.courseId, courseName: row.courseName, roles: rolesIn(row.roles) })) };
}

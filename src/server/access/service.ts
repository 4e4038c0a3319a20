import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserCourse, UserModule } from '../../shared/schemas/access.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, moduleAccess, user } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { imageUrl } from '../images/routes.ts';
import { findCourse } from '../courses/service.ts';
import { rowsOf } from '../db/json.ts';
import { presentStudentModule, readStudentModules } from '../modules/read.ts';
import { findModule } from '../modules/service.ts';
import { messages, teamMessages } from '../../shared/messages.ts';
import { logChange } from '../record/changes.ts';
import { enableModuleFor, giveActivities, setCourseAccess } from './grant.ts';

export async function findUser(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw notFound(messages.userNotFound);
  return row;
}

/** Every course, with whether it is enabled for this user. */
export async function coursesOfUser(db: Db, userId: string): Promise<UserCourse[]> {
  const rows = await db
    .select({ course, enabled: courseAccess.enabled })
    .from(course)
    .leftJoin(courseAccess, and(eq(courseAccess.courseId, course.id), eq(courseAccess.userId, userId)))
    .orderBy(asc(course.createdAt), asc(course.id));
  return rows.map((r) => ({ id: r.course.id, name: r.course.name, imageUrl: imageUrl(r.course.imageId), enabled: r.enabled ?? false }));
}

/** Every module of a course (archived ones left out), with whether it is enabled for this user and their state in each, blocked ones too. */
export async function modulesOfUser(db: Db, userId: string, courseId: string): Promise<UserModule[]> {
  const rows = await readStudentModules(db, userId, courseId, sql`m.archived_at is null`);
  return rows.map((row) => presentStudentModule(row, { allStates: true }));
}

/** Someone on a course's team is not also its trainee (409): they would correct and grade themselves. */
async function refuseTeamMember(tx: Tx, userId: string, courseId: string) {
  const [row] = rowsOf<{ member: boolean }>(
    await tx.execute(sql`select exists (select 1 from course_staff where user_id = ${userId} and course_id = ${courseId}) as "member"`),
  );
  if (row?.member) throw conflict(teamMessages.memberNotTrainee);
}

/** Who enables or blocks: written in the course's record of changes (none for the app's own seeding). */
type Actor = { id: string; name: string } | null;

/** 'Habilitar' / 'Bloquear' a course for one user. Blocking a course hides its modules too. */
export async function setUserCourseAccess(db: Db, userId: string, courseId: string, enabled: boolean, actor: Actor = null) {
  await db.transaction(async (tx) => {
    await findUser(tx, userId);
    await findCourse(tx, courseId);
    if (enabled) await refuseTeamMember(tx, userId, courseId);
    await setCourseAccess(tx, userId, courseId, enabled);
    if (actor) await logChange(tx, { kind: 'acceso', courseId, userId, actor, summary: messages.courseAccessLog(enabled) });
  });
}

/**
 * 'Habilitar' a module for one user: enables it and its course, and creates the user's
 * activity the first time. 'Bloquear' only revokes access: answers and corrections stay.
 */
export async function setUserModuleAccess(db: Db, userId: string, moduleId: string, enabled: boolean, actor: Actor = null) {
  await db.transaction(async (tx) => {
    await findUser(tx, userId);
    const module = await findModule(tx, moduleId);
    if (enabled) await refuseTeamMember(tx, userId, module.courseId);
    const summary = messages.moduleAccessLog(module.name, enabled);
    if (actor) await logChange(tx, { kind: 'acceso', courseId: module.courseId, userId, actor, summary });
    if (enabled) return enableModuleFor(tx, userId, module);
    await tx
      .insert(moduleAccess)
      .values({ userId, moduleId, enabled })
      .onConflictDoUpdate({ target: [moduleAccess.userId, moduleAccess.moduleId], set: { enabled, updatedAt: sql`now()` } });
  });
}

/** 'Habilitar para todos' / 'Bloquear para todos': every student with the module's course enabled. */
export async function setModuleAccessForCourseStudents(db: Db, moduleId: string, enabled: boolean, actor: Actor = null): Promise<number> {
  return db.transaction(async (tx) => {
    const module = await findModule(tx, moduleId);
    const students = sql`select ca.user_id from ${courseAccess} ca join ${user} u on u.id = ca.user_id
      where ca.course_id = ${module.courseId} and ca.enabled and u.role = 'student'`;
    const affected = await tx.execute<{ user_id: string }>(sql`
      insert into ${moduleAccess} (user_id, module_id, enabled)
      select s.user_id, ${moduleId}, ${enabled} from (${students}) s
      on conflict (user_id, module_id) do update set enabled = excluded.enabled, updated_at = now()
      returning user_id`);
    if (enabled) await giveActivities(tx, moduleId, students);
    const count = rowsOf(affected).length;
    const summary = messages.moduleAccessForAllLog(module.name, enabled, count);
    if (actor) await logChange(tx, { kind: 'acceso', courseId: module.courseId, userId: null, actor, summary });
    return count;
  });
}

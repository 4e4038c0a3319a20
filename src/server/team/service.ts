// 'Equipo del curso': adding people to a course's team, changing their roles, taking them off.
// Each change is written to the course's record of changes in its own transaction. Taking someone
// off the team removes their roles only: what they did (corrections, answers, observations) keeps
// their name.
import { and, eq, inArray } from 'drizzle-orm';
import { staffRoleLabels, type StaffRole } from '../../shared/course-roles.ts';
import { listInWords, teamMessages as m } from '../../shared/messages.ts';
import type { AddMemberInput } from '../../shared/schemas/team.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { courseAccess, courseStaff, user } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { findCourse } from '../courses/service.ts';
import { logChange } from '../record/changes.ts';
import { insertInvitedUsers, type InvitedUser } from '../users/invitations.ts';
import { emailTaken } from '../users/service.ts';

export const memberNotFound = () => notFound(m.memberNotFound);
const rolesInWords = (roles: readonly StaffRole[]) => listInWords(roles.map((role) => staffRoleLabels[role]));

async function person(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: user.id, name: user.name, role: user.role }).from(user).where(eq(user.id, userId));
  if (!row) throw notFound(m.personNotFound);
  return row;
}

async function rolesOf(tx: Tx, courseId: string, userId: string): Promise<StaffRole[]> {
  const rows = await tx
    .select({ role: courseStaff.role })
    .from(courseStaff)
    .where(and(eq(courseStaff.courseId, courseId), eq(courseStaff.userId, userId)));
  return rows.map((row) => row.role);
}

/** Roles in the table's order, whatever order the form sent them in. */
const ordered = (roles: readonly StaffRole[]) => (Object.keys(staffRoleLabels) as StaffRole[]).filter((role) => roles.includes(role));

/**
 * 'Agregar al equipo': someone who has an account, or someone new (an account with an invitation
 * to choose their password, sent once this commits: `invited`). Not an administrator (they may do
 * everything already), not a trainee of the course, not someone already on the team.
 */
export async function addMember(
  db: Db,
  courseId: string,
  input: AddMemberInput,
  actor: Pick<SessionUser, 'id' | 'name'>,
): Promise<{ userId: string; invited: InvitedUser | null }> {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    let invited: InvitedUser | null = null;
    let member: { id: string; name: string; role: string };
    if (input.userId !== undefined) member = await person(tx, input.userId);
    else if (input.name !== undefined && input.email !== undefined) {
      const [created] = await insertInvitedUsers(tx, [{ name: input.name, email: input.email, role: 'student' }]);
      if (!created) throw emailTaken();
      invited = created;
      member = { id: created.id, name: created.name, role: 'student' };
    } else throw badRequest(m.choosePerson, { userId: m.choosePerson });
    if (member.role === 'admin') throw conflict(m.adminNeedsNoTeam);
    const [trainee] = await tx
      .select({ userId: courseAccess.userId })
      .from(courseAccess)
      .where(and(eq(courseAccess.courseId, courseId), eq(courseAccess.userId, member.id)));
    if (trainee) throw conflict(m.traineeOfCourse);
    if ((await rolesOf(tx, courseId, member.id)).length > 0) throw conflict(m.alreadyMember);
    const roles = ordered(input.roles);
    await tx.insert(courseStaff).values(roles.map((role) => ({ courseId, userId: member.id, role })));
    await logChange(tx, {
      kind: 'equipo',
      courseId,
      userId: null,
      actor,
      summary: m.addedLog(actor.name, member.name, rolesInWords(roles)),
    });
    return { userId: member.id, invited };
  });
}

/** Changing a member's roles: the new set replaces the old one (at least one role; 'Quitar del equipo' for none). */
export async function setMemberRoles(
  db: Db,
  courseId: string,
  userId: string,
  roles: StaffRole[],
  actor: Pick<SessionUser, 'id' | 'name'>,
) {
  return db.transaction(async (tx) => {
    const before = await rolesOf(tx, courseId, userId);
    if (before.length === 0) throw memberNotFound();
    const after = ordered(roles);
    const gone = before.filter((role) => !after.includes(role));
    const added = after.filter((role) => !before.includes(role));
    if (gone.length === 0 && added.length === 0) return;
    if (gone.length > 0)
      await tx
        .delete(courseStaff)
        .where(and(eq(courseStaff.courseId, courseId), eq(courseStaff.userId, userId), inArray(courseStaff.role, gone)));
    if (added.length > 0) await tx.insert(courseStaff).values(added.map((role) => ({ courseId, userId, role })));
    const member = await person(tx, userId);
    await logChange(tx, {
      kind: 'equipo',
      courseId,
      userId: null,
      actor,
      summary: m.rolesLog(actor.name, member.name, rolesInWords(after)),
    });
  });
}

/** 'Quitar del equipo'. */
export async function removeMember(db: Db, courseId: string, userId: string, actor: Pick<SessionUser, 'id' | 'name'>) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(courseStaff)
      .where(and(eq(courseStaff.courseId, courseId), eq(courseStaff.userId, userId)))
      .returning({ role: courseStaff.role });
    if (removed.length === 0) throw memberNotFound();
    const member = await person(tx, userId);
    await logChange(tx, { kind: 'equipo', courseId, userId: null, actor, summary: m.removedLog(actor.name, member.name) });
  });
}

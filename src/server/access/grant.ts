// The writes that give a user access, used by 'Habilitar' (access/service.ts), by a payment that
// reaches a module's 'Pagado mínimo para habilitar' (payments/unlock.ts) and by the import of
// users. They depend on the tables alone, so any resource can call them.
import { randomUUID } from 'node:crypto';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Tx } from '../db/client.ts';
import { activity, activityItem, courseAccess, courseModule, moduleAccess, moduleQuestion, recordChange } from '../db/schema.ts';

const CHUNK = 500;

/** `items` in slices small enough for one statement's parameters. */
export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A course enabled or blocked for a user. */
export async function setCourseAccess(tx: Tx, userId: string, courseId: string, enabled: boolean) {
  await tx
    .insert(courseAccess)
    .values({ userId, courseId, enabled })
    .onConflictDoUpdate({ target: [courseAccess.userId, courseAccess.courseId], set: { enabled, updatedAt: sql`now()` } });
}

/**
 * Gives each user `userIds` selects (SQL) their own copy of the module's questions, unless they
 * already have one: the one place a module's questions are copied into activities.
 */
export async function giveActivities(tx: Tx, moduleId: string, userIds: SQL) {
  await tx.execute(sql`
    with created as (
      insert into ${activity} (id, user_id, module_id)
      select gen_random_uuid()::text, u.user_id, ${moduleId} from (${userIds}) as u(user_id)
      on conflict (user_id, module_id) do nothing
      returning id
    )
    insert into ${activityItem} (id, activity_id, position, question)
    select gen_random_uuid()::text, c.id, q.position, q.text
    from created c cross join ${moduleQuestion} q
    where q.module_id = ${moduleId}`);
}

/**
 * 'Habilitar' inside the caller's transaction (the user and module already found): the module and
 * its course enabled, and the user's activity created the first time. Nothing is published: only
 * taking access away closes live streams.
 */
export async function enableModuleFor(tx: Tx, userId: string, module: { id: string; courseId: string }) {
  await tx
    .insert(moduleAccess)
    .values({ userId, moduleId: module.id, enabled: true })
    .onConflictDoUpdate({ target: [moduleAccess.userId, moduleAccess.moduleId], set: { enabled: true, updatedAt: sql`now()` } });
  await setCourseAccess(tx, userId, module.courseId, true);
  await giveActivities(tx, module.id, sql`select ${userId}::text`);
}

/**
 * New trainees enrolled in a course (created a moment ago in the caller's transaction): the course
 * and its first module enabled, each with their copy of the module's questions, and the course's
 * record of changes saying who enrolled them (none for the app's own seeding).
 */
export async function enrollNewTrainees(tx: Tx, userIds: string[], courseId: string, actor: { id: string; name: string } | null) {
  for (const ids of chunks(userIds)) {
    await tx.insert(courseAccess).values(ids.map((userId) => ({ userId, courseId, enabled: true })));
    if (!actor) continue;
    await tx.insert(recordChange).values(
      ids.map((userId) => ({
        id: randomUUID(),
        courseId,
        userId,
        actorId: actor.id,
        actorName: actor.name,
        summary: messages.enrolledLog,
        kind: 'acceso' as const,
      })),
    );
  }
  const [first] = await tx
    .select({ id: courseModule.id })
    .from(courseModule)
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id))
    .limit(1);
  if (!first) return;
  for (const ids of chunks(userIds)) {
    await tx.insert(moduleAccess).values(ids.map((userId) => ({ userId, moduleId: first.id, enabled: true })));
    await giveActivities(tx, first.id, sql`select unnest(${sql.param(ids)}::text[])`);
  }
}

// The writes that give a user access, used by 'Habilitar' (access/service.ts), by a payment that
// reaches a module's 'Pagado mínimo para habilitar' (payments/unlock.ts) and by the import of
// users. They depend on the tables alone, so any resource can call them.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { activity, activityItem, courseAccess, moduleAccess, moduleQuestion } from '../db/schema.ts';

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

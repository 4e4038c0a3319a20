// A payment opens the modules it pays for: every module of the course with a 'Pagado mínimo para
// habilitar' at or below what the trainee paid in all is enabled for them, with their activity,
// once. `paid_unlock` remembers each module a payment enabled, so a module the instructor blocked by
// hand afterwards stays blocked through the next payment, and a repeated request enables nothing
// twice. Nothing here takes access away: a deleted payment leaves the modules and the work.
import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { paymentMessages } from '../../shared/messages.ts';
import { pesos } from '../../shared/money.ts';
import { modulesPaidFor } from '../../shared/payment-rules.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { enableModuleFor } from '../access/grant.ts';
import type { Tx } from '../db/client.ts';
import { courseAccess, courseModule, paidUnlock, payment, user } from '../db/schema.ts';
import { logChange } from '../record/changes.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;
export interface UnlockedModule {
  id: string;
  name: string;
}

/** Enables `module` for the trainee unless a payment already did (then nothing changes), and logs it. */
async function unlockOnce(tx: Tx, userId: string, module: { id: string; courseId: string; name: string }, paid: number, actor: Actor) {
  const [claimed] = await tx
    .insert(paidUnlock)
    .values({ userId, moduleId: module.id })
    .onConflictDoNothing()
    .returning({ moduleId: paidUnlock.moduleId });
  if (!claimed) return false;
  await enableModuleFor(tx, userId, module);
  await logChange(tx, {
    kind: 'pagos',
    courseId: module.courseId,
    userId,
    actor,
    summary: paymentMessages.unlockLogged(module.name, pesos(paid)),
  });
  return true;
}

/** What the trainee paid in the course in all, as the transaction sees it. */
async function paidBy(tx: Tx, courseId: string, userId: string) {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${payment.amount}), 0)::bigint` })
    .from(payment)
    .where(and(eq(payment.courseId, courseId), eq(payment.userId, userId)));
  return Number(row?.paid ?? 0);
}

/**
 * After a payment: enables for the trainee every module of the course (not archived) their total
 * now pays for and that no payment enabled before. The caller holds the trainee's course access
 * row locked, so two payments of the same trainee are judged one after the other.
 */
export async function unlockPaidModules(tx: Tx, courseId: string, userId: string, actor: Actor): Promise<UnlockedModule[]> {
  const paid = await paidBy(tx, courseId, userId);
  const notYet = await tx
    .select({ id: courseModule.id, courseId: courseModule.courseId, name: courseModule.name, minPaid: courseModule.minPaid })
    .from(courseModule)
    .where(
      and(
        eq(courseModule.courseId, courseId),
        isNull(courseModule.archivedAt),
        isNotNull(courseModule.minPaid),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(paidUnlock)
            .where(and(eq(paidUnlock.userId, userId), eq(paidUnlock.moduleId, courseModule.id))),
        ),
      ),
    )
    .orderBy(asc(courseModule.position), asc(courseModule.createdAt));
  const candidates = modulesPaidFor(notYet, paid);
  const unlocked: UnlockedModule[] = [];
  for (const module of candidates) {
    if (await unlockOnce(tx, userId, module, paid, actor)) unlocked.push({ id: module.id, name: module.name });
  }
  return unlocked;
}

/**
 * A module's minimum was set or lowered: enables it for each trainee with the course enabled who
 * already paid that much and whom no payment enabled it for. Returns how many.
 */
export async function unlockForModule(tx: Tx, module: { id: string; courseId: string; name: string; minPaid: number }, actor: Actor) {
  const rows = await tx
    .select({ userId: payment.userId, paid: sql<number>`sum(${payment.amount})::bigint` })
    .from(payment)
    .innerJoin(courseAccess, and(eq(courseAccess.userId, payment.userId), eq(courseAccess.courseId, payment.courseId)))
    .innerJoin(user, eq(user.id, payment.userId))
    .where(
      and(
        eq(payment.courseId, module.courseId),
        eq(courseAccess.enabled, true),
        eq(user.role, 'student'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(paidUnlock)
            .where(and(eq(paidUnlock.userId, payment.userId), eq(paidUnlock.moduleId, module.id))),
        ),
      ),
    )
    .groupBy(payment.userId)
    .having(sql`sum(${payment.amount}) >= ${module.minPaid}`);
  let enabled = 0;
  for (const row of rows) {
    if (await unlockOnce(tx, row.userId, module, Number(row.paid), actor)) enabled += 1;
  }
  return enabled;
}

// Every change to a trainee's record (their attendance, plan, payments, physical test and
// observations) and to a course's classes and plan is kept with who made it and when: the
// trainee's page shows it as 'Historial de cambios'.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ChangeKind } from '../../shared/course-roles.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { recordChange } from '../db/schema.ts';

/** Writes one change, in the transaction of the write it describes. */
export async function logChange(
  tx: Db | Tx,
  change: { courseId: string; userId: string | null; actor: Pick<SessionUser, 'id' | 'name'>; summary: string; kind: ChangeKind },
) {
  await tx.insert(recordChange).values({
    id: randomUUID(),
    courseId: change.courseId,
    userId: change.userId,
    actorId: change.actor.id,
    actorName: change.actor.name,
    summary: change.summary,
    kind: change.kind,
  });
}

/** A trainee's changes in a course of the given kinds, newest first. */
export async function changesOf(db: Db, courseId: string, userId: string, kinds: readonly ChangeKind[], limit = 200) {
  const rows = await db
    .select({ id: recordChange.id, actorName: recordChange.actorName, summary: recordChange.summary, at: recordChange.at })
    .from(recordChange)
    .where(and(eq(recordChange.courseId, courseId), eq(recordChange.userId, userId), inArray(recordChange.kind, [...kinds])))
    .orderBy(desc(recordChange.at))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

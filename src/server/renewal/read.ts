// What a renewal course is made for: the holders of a course's licences it enrols, and the renewal
// courses already made of a course.
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { renewableSince } from '../../shared/approval-rules.ts';
import type { RenewalPreview } from '../../shared/schemas/renewal.ts';
import type { Db, Tx } from '../db/client.ts';
import { certificate, course } from '../db/schema.ts';

/**
 * The holders a renewal of `courseId` enrols on `today`: one per trainee with a licence of the
 * course not revoked that is in force or expired less than a year ago (`renewableSince`), with the
 * code of their latest such licence (for the change log).
 */
export async function renewalHolders(db: Db | Tx, courseId: string, today: string): Promise<Array<{ userId: string; code: string }>> {
  const rows = await db
    .selectDistinctOn([certificate.userId], { userId: certificate.userId, code: certificate.code })
    .from(certificate)
    .where(and(eq(certificate.courseId, courseId), isNull(certificate.revokedAt), gte(certificate.expiresOn, renewableSince(today))))
    .orderBy(asc(certificate.userId), sql`${certificate.expiresOn} desc`);
  return rows;
}

/** The renewal courses made of `courseId`, oldest first. */
export async function renewalsOf(db: Db | Tx, courseId: string): Promise<RenewalPreview['renewals']> {
  const rows = await db
    .select({ id: course.id, name: course.name, createdAt: course.createdAt })
    .from(course)
    .where(eq(course.renewsCourseId, courseId))
    .orderBy(asc(course.createdAt), asc(course.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

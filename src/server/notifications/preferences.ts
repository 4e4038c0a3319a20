import { eq, sql } from 'drizzle-orm';
import type { EmailPreferences } from '../../shared/schemas/users.ts';
import type { Db } from '../db/client.ts';
import { emailPreference } from '../db/schema.ts';

export const defaultPreferences: EmailPreferences = {
  submissions: 'immediate',
  questions: 'immediate',
  forumReplies: 'immediate',
  licenceReminders: true,
};

/** What the row says, or the defaults for a user who never chose. */
export function toPreferences(
  row: { submissions: string; questions: string; forumReplies: string; licenceReminders: boolean } | null | undefined,
): EmailPreferences {
  if (!row) return defaultPreferences;
  const delivery = (value: string) => (value === 'daily' || value === 'never' ? value : 'immediate');
  return {
    submissions: delivery(row.submissions),
    questions: delivery(row.questions),
    forumReplies: row.forumReplies === 'never' ? 'never' : 'immediate',
    licenceReminders: row.licenceReminders,
  };
}

export async function getPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreference).where(eq(emailPreference.userId, userId));
  return toPreferences(row);
}

/**
 * Saves the choices given. Choosing the daily summary starts its period now, so the first
 * summary covers what happens from this moment on.
 */
export async function updatePreferences(db: Db, userId: string, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const next = { ...(await getPreferences(db, userId)), ...changes };
  const daily = next.submissions === 'daily' || next.questions === 'daily';
  await db
    .insert(emailPreference)
    .values({ userId, ...next, digestCoveredUntil: daily ? sql`now()` : null })
    .onConflictDoUpdate({
      target: emailPreference.userId,
      set: {
        ...next,
        digestCoveredUntil: daily ? sql`coalesce(${emailPreference.digestCoveredUntil}, now())` : null,
        updatedAt: sql`now()`,
      },
    });
  return next;
}

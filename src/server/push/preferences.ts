// 'Mi cuenta' → 'Avisos': per kind, whether it comes as a notice on the phone, an email, both or
// neither. The email side is the row the email preferences always had (nothing lost), with the
// kinds that had no choice before; the phone side is one flag per kind, on unless turned off.
import { eq, sql } from 'drizzle-orm';
import type { NoticeKind, NoticePreferences } from '../../shared/schemas/notices.ts';
import type { Db, Tx } from '../db/client.ts';
import { emailPreference } from '../db/schema.ts';
import { toPreferences } from '../notifications/preferences.ts';

type Row = typeof emailPreference.$inferSelect;

const onOff = (value: boolean) => (value ? 'immediate' : 'never');

/** What the row says, or the defaults for someone who never chose. */
export function toNoticePreferences(row: Row | null | undefined): NoticePreferences {
  const email = toPreferences(row);
  const push = (kind: NoticeKind) => row?.push?.[kind] !== false;
  return {
    correction: { push: push('correction'), email: row?.corrections === 'never' ? 'never' : 'immediate' },
    forumReply: { push: push('forumReply'), email: email.forumReplies },
    lessonTomorrow: { push: push('lessonTomorrow'), email: onOff(row?.lessonReminders ?? false) },
    instalmentDue: { push: push('instalmentDue'), email: onOff(row?.instalmentReminders ?? true) },
    examOpen: { push: push('examOpen'), email: onOff(row?.examReminders ?? false) },
    licenceExpiry: { push: push('licenceExpiry'), email: onOff(email.licenceReminders) },
    submission: { push: push('submission'), email: email.submissions },
    question: { push: push('question'), email: email.questions },
  };
}

export async function getNoticePreferences(db: Db | Tx, userId: string): Promise<NoticePreferences> {
  const [row] = await db.select().from(emailPreference).where(eq(emailPreference.userId, userId));
  return toNoticePreferences(row);
}

/** Saves the kinds given; the daily summary's period starts now when it is first chosen (as before). */
export async function updateNoticePreferences(db: Db, userId: string, changes: Partial<NoticePreferences>): Promise<NoticePreferences> {
  const next = { ...(await getNoticePreferences(db, userId)), ...changes };
  const columns = {
    submissions: next.submission.email,
    questions: next.question.email,
    forumReplies: next.forumReply.email,
    licenceReminders: next.licenceExpiry.email === 'immediate',
    corrections: next.correction.email,
    lessonReminders: next.lessonTomorrow.email === 'immediate',
    examReminders: next.examOpen.email === 'immediate',
    instalmentReminders: next.instalmentDue.email === 'immediate',
    push: Object.fromEntries(Object.entries(next).map(([kind, channel]) => [kind, channel.push])) as Record<NoticeKind, boolean>,
  };
  const daily = next.submission.email === 'daily' || next.question.email === 'daily';
  await db
    .insert(emailPreference)
    .values({ userId, ...columns, digestCoveredUntil: daily ? sql`now()` : null })
    .onConflictDoUpdate({
      target: emailPreference.userId,
      set: {
        ...columns,
        digestCoveredUntil: daily ? sql`coalesce(${emailPreference.digestCoveredUntil}, now())` : null,
        updatedAt: sql`now()`,
      },
    });
  return next;
}

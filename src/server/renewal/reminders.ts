// Renewal reminders: an email to the holder of a licence 60, 30 and 7 days before it expires
// (`RENEWAL_REMINDER_DAYS`), unless it was revoked, the holder renewed it already or turned these
// emails off in 'Mi cuenta'. The notification worker runs this every minute on every instance, as
// it runs the instalment reminders: each reminder is claimed by inserting its
// `certificate_reminder` row and queued in that same transaction (push/notify.ts, `queueNoticeOnce`:
// the email and the phone's notice, as the holder chose in 'Avisos'), so it goes once whatever the
// number of instances.
import { and, eq, gte, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RENEWAL_REMINDER_DAYS, renewalReminderDue } from '../../shared/approval-rules.ts';
import { addDays, dayLongText, dayOf } from '../../shared/calendar.ts';
import { escapeHtml } from '../../shared/html.ts';
import { verifyUrlOf } from '../certificates/read.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { certificate, certificateReminder, course, emailPreference, user } from '../db/schema.ts';
import { licenceNotice } from '../push/notices.ts';
import { queueNoticeOnce, wakingHour } from '../push/notify.ts';

type Deps = Pick<AppContext, 'db' | 'mailQueue' | 'clock' | 'config' | 'push'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The reminder: the licence, its course and expiry, how to renew, where to verify it, and how to stop these emails. */
export function renewalReminderEmail(input: {
  name: string;
  level: string;
  courseName: string;
  expiresOn: string;
  daysLeft: number;
  verifyUrl: string;
  preferencesLink: string;
}) {
  const licence = input.level ? `Tu licencia de ${input.level}` : 'Tu licencia';
  const day = dayLongText(input.expiresOn);
  const subject = `${licence} vence el ${day}`;
  const left = input.daysLeft === 0 ? 'vence hoy' : input.daysLeft === 1 ? 'falta 1 día' : `faltan ${input.daysLeft} días`;
  const renew = 'Consultá a tu instructor por el curso de actualización para renovarla.';
  const optOut = 'Si no querés recibir estos avisos, desactivá «Avisos de vencimiento de mi licencia» en Mi cuenta';
  const text = [
    `Hola ${input.name}:`,
    '',
    `${licence}, del curso "${input.courseName}", vence el ${day} (${left}).`,
    '',
    renew,
    '',
    'Cualquiera puede verificar tu licencia en:',
    input.verifyUrl,
    '',
    '—',
    `${optOut}:`,
    input.preferencesLink,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(input.name)}:</p>
<p>${escapeHtml(licence)}, del curso <strong>${escapeHtml(input.courseName)}</strong>, vence el <strong>${escapeHtml(day)}</strong> (${escapeHtml(left)}).</p>
<p>${escapeHtml(renew)}</p>
<p>Cualquiera puede verificar tu licencia en <a href="${escapeHtml(input.verifyUrl)}">${escapeHtml(input.verifyUrl)}</a>.</p>
<hr><p style="color:#555;font-size:13px">${escapeHtml(optOut)}: <a href="${escapeHtml(input.preferencesLink)}">Mi cuenta</a>.</p>`;
  return { subject, text, html };
}

/**
 * Licences that may be reminded of on `today`: not revoked, expiring from today to the earliest
 * reminder's day ahead, of a student who still signs in and did not turn the reminders off, and not
 * renewed yet (no later licence in force of the same level, or from a course that renews this one).
 */
function licencesExpiringSoon(db: Db, today: string) {
  const later = alias(certificate, 'later');
  const laterCourse = alias(course, 'later_course');
  const renewed = db
    .select({ id: later.id })
    .from(later)
    .innerJoin(laterCourse, eq(laterCourse.id, later.courseId))
    .where(
      and(
        eq(later.userId, certificate.userId),
        ne(later.id, certificate.id),
        isNull(later.revokedAt),
        sql`${later.expiresOn} > ${certificate.expiresOn}`,
        or(and(eq(later.level, certificate.level), ne(certificate.level, '')), eq(laterCourse.renewsCourseId, certificate.courseId)),
      ),
    );
  return db
    .select({
      id: certificate.id,
      code: certificate.code,
      level: certificate.level,
      courseName: certificate.courseName,
      issuedOn: certificate.issuedOn,
      expiresOn: certificate.expiresOn,
      name: user.name,
      email: user.email,
      userId: certificate.userId,
    })
    .from(certificate)
    .innerJoin(user, eq(user.id, certificate.userId))
    .leftJoin(emailPreference, eq(emailPreference.userId, certificate.userId))
    .where(
      and(
        isNull(certificate.revokedAt),
        gte(certificate.expiresOn, today),
        lte(certificate.expiresOn, addDays(today, Math.max(...RENEWAL_REMINDER_DAYS))),
        eq(user.role, 'student'),
        or(eq(user.banned, false), isNull(user.banned)),
        // No row: the default, reminders on; by email, or as a notice on a phone that receives them ('Avisos').
        or(
          isNull(emailPreference.licenceReminders),
          eq(emailPreference.licenceReminders, true),
          and(
            sql`coalesce((${emailPreference.push}->>'licenceExpiry')::boolean, true)`,
            sql`exists (select 1 from push_subscription ps join session s on s.id = ps.session_id
                        where ps.user_id = ${certificate.userId} and s.expires_at > now())`,
          ),
        ),
        notExists(renewed),
      ),
    );
}

/** Queues and delivers the reminders due today (the course's day, by `ctx.clock`); answers how many were queued. */
export async function sendCertificateReminders(deps: Deps): Promise<number> {
  const today = dayOf(deps.clock.now());
  let queued = 0;
  for (const licence of await licencesExpiringSoon(deps.db, today)) {
    const daysBefore = renewalReminderDue(licence, today);
    if (daysBefore === null) continue;
    const claim = async (tx: Tx) =>
      (
        await tx
          .insert(certificateReminder)
          .values({ certificateId: licence.id, daysBefore })
          .onConflictDoNothing()
          .returning({ id: certificateReminder.certificateId })
      ).length > 0;
    const verifyUrl = verifyUrlOf(deps.config.publicUrl, licence.code);
    const email = renewalReminderEmail({
      ...licence,
      daysLeft: daysBetween(today, licence.expiresOn),
      verifyUrl,
      preferencesLink: `${deps.config.publicUrl}/mi-cuenta`,
    });
    const waking = wakingHour(deps.clock.now());
    const claimed = await queueNoticeOnce(deps.db, claim, {
      userId: licence.userId,
      kind: 'licenceExpiry',
      email: { to: licence.email, link: verifyUrl, ...email },
      notice: licenceNotice({
        courseName: licence.courseName,
        level: licence.level,
        expiresOn: licence.expiresOn,
        certificateId: licence.id,
      }),
      ...(waking ? { notBefore: waking } : {}),
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) await Promise.all([deps.mailQueue.deliverDue(), deps.push.deliverDue()]);
  return queued;
}

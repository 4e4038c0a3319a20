// Reminders of instalments: an email to the trainee three days before an instalment is due and on
// its day, while their payments do not cover it, unless the course turned reminders off. The
// notification worker runs this every minute on every instance: each reminder is claimed by
// inserting its `payment_reminder` row, and queued in the same transaction only by the instance
// whose insert went through (push/notify.ts, `queueNoticeOnce`: the email and the phone's notice,
// as the trainee chose in 'Avisos').
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { addDays, dayLongText, dayOf } from '../../shared/calendar.ts';
import { escapeHtml } from '../../shared/html.ts';
import { pesos } from '../../shared/money.ts';
import { REMINDER_DAYS_BEFORE, remindersDue, type ReminderKind } from '../../shared/payment-rules.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { course, courseAccess, paymentOption, paymentReminder, traineePlan, user } from '../db/schema.ts';
import { instalmentNotice } from '../push/notices.ts';
import { queueNoticeOnce, wakingHour } from '../push/notify.ts';
import { paidTotals } from './read.ts';

type Deps = Pick<AppContext, 'db' | 'mailQueue' | 'clock' | 'push'>;

/** The reminder email: the amount, the due date and the course; no link to pay (there is no payment online). */
export function paymentReminderEmail(input: { name: string; courseName: string; amount: number; dueDate: string; kind: ReminderKind }) {
  const amount = pesos(input.amount);
  const day = dayLongText(input.dueDate);
  const subject =
    input.kind === 'dia'
      ? `Hoy vence tu cuota de ${amount} del curso "${input.courseName}"`
      : `Tu cuota de ${amount} del curso "${input.courseName}" vence el ${day}`;
  const when = input.kind === 'dia' ? `vence hoy, ${day}` : `vence el ${day}`;
  const text = [
    `Hola ${input.name}:`,
    '',
    `Te recordamos que tu cuota de ${amount} del curso "${input.courseName}" ${when}.`,
    '',
    'Pagala como acordaste con tu instructor. Si ya la pagaste, no hace falta que hagas nada: cuando tu instructor registre el pago, deja de aparecer como pendiente.',
    '',
    '—',
    'Aula Virtual',
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(input.name)}:</p>
<p>Te recordamos que tu cuota de <strong>${escapeHtml(amount)}</strong> del curso <strong>${escapeHtml(input.courseName)}</strong> ${escapeHtml(when)}.</p>
<p>Pagala como acordaste con tu instructor. Si ya la pagaste, no hace falta que hagas nada: cuando tu instructor registre el pago, deja de aparecer como pendiente.</p>
<hr><p style="color:#555;font-size:13px">Aula Virtual</p>`;
  return { subject, text, html };
}

/** Sends the reminders due today (the course's day, by `ctx.clock`); answers how many were queued. */
export async function sendPaymentReminders(deps: Deps): Promise<number> {
  const today = dayOf(deps.clock.now());
  const last = addDays(today, REMINDER_DAYS_BEFORE);
  // Trainees with the course enabled whose option has an instalment due from today to three days ahead.
  const candidates = await deps.db
    .select({
      courseId: course.id,
      courseName: course.name,
      userId: user.id,
      name: user.name,
      email: user.email,
      instalments: paymentOption.instalments,
    })
    .from(traineePlan)
    .innerJoin(paymentOption, eq(paymentOption.id, traineePlan.optionId))
    .innerJoin(course, eq(course.id, traineePlan.courseId))
    .innerJoin(courseAccess, and(eq(courseAccess.courseId, traineePlan.courseId), eq(courseAccess.userId, traineePlan.userId)))
    .innerJoin(user, eq(user.id, traineePlan.userId))
    .where(
      and(
        eq(course.paymentReminders, true),
        isNull(course.archivedAt),
        eq(courseAccess.enabled, true),
        eq(user.role, 'student'),
        or(eq(user.banned, false), isNull(user.banned)),
        sql`exists (select 1 from jsonb_array_elements(${paymentOption.instalments}) e
                    where e->>'dueDate' >= ${today} and e->>'dueDate' <= ${last})`,
      ),
    );
  let sent = 0;
  for (const trainee of candidates) {
    const paid = (await paidTotals(deps.db, trainee.courseId, [trainee.userId])).get(trainee.userId) ?? 0;
    // Two instalments due the same day make one reminder, for both.
    const byDay = new Map<string, { kind: ReminderKind; dueDate: string; amount: number }>();
    for (const due of remindersDue(trainee.instalments, paid, today)) {
      const key = `${due.kind}:${due.dueDate}`;
      const same = byDay.get(key);
      byDay.set(key, same ? { ...same, amount: same.amount + due.amount } : due);
    }
    for (const due of byDay.values()) {
      const claim = async (tx: Tx) =>
        (
          await tx
            .insert(paymentReminder)
            .values({ courseId: trainee.courseId, userId: trainee.userId, dueDate: due.dueDate, kind: due.kind })
            .onConflictDoNothing()
            .returning({ userId: paymentReminder.userId })
        ).length > 0;
      const email = paymentReminderEmail({ name: trainee.name, courseName: trainee.courseName, ...due });
      // As email, as a notice on the phone (never at night), both or neither, as the trainee chose.
      const notice = instalmentNotice({ courseName: trainee.courseName, courseId: trainee.courseId, ...due, today: due.kind === 'dia' });
      const waking = wakingHour(deps.clock.now());
      const queued = await queueNoticeOnce(deps.db, claim, {
        userId: trainee.userId,
        kind: 'instalmentDue',
        email: { to: trainee.email, ...email },
        notice,
        ...(waking ? { notBefore: waking } : {}),
      });
      if (queued) sent += 1;
    }
  }
  if (sent > 0) await Promise.all([deps.mailQueue.deliverDue(), deps.push.deliverDue()]);
  return sent;
}

// Emails that bring people back: a student hears when an admin answers in the forum of
// their module (at most one email per module every 10 minutes, later answers grouped), and
// each course's correctors (its team's instructors and assistants; the administrators in a
// course without them) hear about submitted answers and forum questions at once, in a daily
// summary, or never, as they chose on 'Mi cuenta'. Everything is sent after the write committed; a
// failed send is logged and never turns a successful write into an error.
import { and, asc, desc, eq, gt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { courseActions } from '../../shared/course-roles.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { activity, courseModule, emailPreference, forumMessage, forumReplyNotice, moduleAccess, user } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { dailySummaryEmail, forumRepliesEmail, questionEmail, submissionEmail } from './emails.ts';
import { toPreferences } from './preferences.ts';
import { sendPaymentReminders } from '../payments/reminders.ts';
import { sendCertificateReminders } from '../renewal/reminders.ts';
import { sendExamNotices, sendLessonReminders } from '../push/notify.ts';

/** At most one email about forum answers per student and module in this time. */
export const FORUM_REPLY_WINDOW_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'config'>;
type WorkerDeps = Deps & Pick<AppContext, 'mailQueue' | 'clock' | 'push'>;

function send(deps: Deps, message: MailMessage, what: string) {
  return deps.mailer.send(message).catch((error: unknown) => {
    deps.logger.error({ err: error, to: message.to }, `no se pudo enviar ${what}`);
  });
}

const links = (publicUrl: string) => ({
  studentPreferences: `${publicUrl}/mi-cuenta`,
  adminPreferences: `${publicUrl}/admin/mi-cuenta`,
  studentForum: (courseId: string, moduleId: string) =>
    `${publicUrl}/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/preguntas`,
  adminForum: (moduleId: string) => `${publicUrl}/admin/question-modules/${encodeURIComponent(moduleId)}`,
  adminReview: (userId: string, courseId: string, moduleId: string) =>
    `${publicUrl}/admin/users-activities/${encodeURIComponent(userId)}/cursos/${encodeURIComponent(courseId)}/modules/${encodeURIComponent(moduleId)}`,
  reviewQueue: `${publicUrl}/admin/review`,
  forumList: `${publicUrl}/admin/question-modules`,
});

/** The team's roles that correct activities and answer the forum (shared/course-roles.ts). */
const correctorRoles = sql.join(
  [...new Set([...courseActions['actividades.corregir'], ...courseActions['foro.responder']])].map((role) => sql`${role}`),
  sql`, `,
);

/**
 * Who hears about a course's submissions and forum questions: its team's instructors and
 * assistants; in a course with none of them, the administrators (as before there were teams).
 * As SQL on `user`, for `courseId` (SQL: a value, or a column).
 */
export const correctsIn = (courseId: SQL) => sql`(
  exists (select 1 from course_staff cs where cs.user_id = ${user.id} and cs.course_id = ${courseId} and cs.role in (${correctorRoles}))
  or (${user.role} = 'admin' and not exists (
    select 1 from course_staff cs where cs.course_id = ${courseId} and cs.role in (${correctorRoles}))))`;

/** The course's correctors (see `correctsIn`) who want this kind of email at once. */
async function correctorsWanting(db: Db, courseId: string, kind: 'submissions' | 'questions') {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, preference: emailPreference })
    .from(user)
    .leftJoin(emailPreference, eq(emailPreference.userId, user.id))
    .where(and(correctsIn(sql`${courseId}`), or(eq(user.banned, false), sql`${user.banned} is null`)));
  return rows.filter((row) => toPreferences(row.preference)[kind] === 'immediate');
}

async function moduleOf(db: Db, moduleId: string) {
  const [row] = await db
    .select({ id: courseModule.id, name: courseModule.name, courseId: courseModule.courseId })
    .from(courseModule)
    .where(eq(courseModule.id, moduleId));
  return row;
}

/** A student submitted their answers: admins who chose 'at once' are told. */
export async function notifySubmission(deps: Deps, submitted: { userId: string; moduleId: string }) {
  const [student] = await deps.db.select({ name: user.name }).from(user).where(eq(user.id, submitted.userId));
  const module = await moduleOf(deps.db, submitted.moduleId);
  if (!student || !module) return;
  const to = links(deps.config.publicUrl);
  for (const admin of await correctorsWanting(deps.db, module.courseId, 'submissions')) {
    const link = to.adminReview(submitted.userId, module.courseId, module.id);
    await send(
      deps,
      {
        to: admin.email,
        link,
        ...submissionEmail({
          name: admin.name,
          studentName: student.name,
          moduleName: module.name,
          link,
          preferencesLink: to.adminPreferences,
        }),
      },
      'el aviso de respuestas enviadas',
    );
  }
}

/** A message was posted in a module's forum: by a student, admins are told; by an admin, the students who wrote there. */
export async function notifyForumMessage(
  deps: Deps,
  message: { id: string; moduleId: string; userId: string | null; authorName: string; isAdmin: boolean; body: string },
) {
  const module = await moduleOf(deps.db, message.moduleId);
  if (!module) return;
  const to = links(deps.config.publicUrl);
  if (!message.isAdmin) {
    for (const admin of await correctorsWanting(deps.db, module.courseId, 'questions')) {
      const link = to.adminForum(module.id);
      await send(
        deps,
        {
          to: admin.email,
          link,
          ...questionEmail({
            name: admin.name,
            studentName: message.authorName,
            moduleName: module.name,
            body: message.body,
            link,
            preferencesLink: to.adminPreferences,
          }),
        },
        'el aviso de pregunta en el foro',
      );
    }
    return;
  }

  // Students who wrote in this forum, still have the module, and want these emails.
  const participants = await deps.db
    .selectDistinct({ id: user.id, name: user.name, email: user.email, forumReplies: emailPreference.forumReplies })
    .from(forumMessage)
    .innerJoin(user, eq(user.id, forumMessage.userId))
    .innerJoin(moduleAccess, and(eq(moduleAccess.userId, user.id), eq(moduleAccess.moduleId, module.id), eq(moduleAccess.enabled, true)))
    .leftJoin(emailPreference, eq(emailPreference.userId, user.id))
    .where(and(eq(forumMessage.moduleId, module.id), eq(forumMessage.isAdmin, false), eq(user.role, 'student')));
  for (const student of participants) {
    if (student.forumReplies === 'never') continue;
    const since = await claimForumReplySlot(deps.db, student.id, module.id);
    if (since === undefined) continue; // Within the 10 minutes: grouped into the next email.
    await sendForumReplies(deps, student, module, since);
  }
}

/**
 * Whether an email may go to this student about this module now. When it may, records the
 * send and returns the previous send's time (null the first time), so the email includes
 * every answer since; otherwise marks answers as waiting and returns undefined.
 */
async function claimForumReplySlot(db: Db, userId: string, moduleId: string): Promise<Date | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(forumReplyNotice)
      .where(and(eq(forumReplyNotice.userId, userId), eq(forumReplyNotice.moduleId, moduleId)))
      .for('update');
    if (!row) {
      const inserted = await tx
        .insert(forumReplyNotice)
        .values({ userId, moduleId, lastSentAt: sql`now()` })
        .onConflictDoNothing()
        .returning();
      return inserted.length > 0 ? null : undefined;
    }
    if (Date.now() - row.lastSentAt.getTime() >= FORUM_REPLY_WINDOW_MS) {
      await tx
        .update(forumReplyNotice)
        .set({ lastSentAt: sql`now()`, pendingSince: null })
        .where(and(eq(forumReplyNotice.userId, userId), eq(forumReplyNotice.moduleId, moduleId)));
      return row.lastSentAt;
    }
    await tx
      .update(forumReplyNotice)
      .set({ pendingSince: sql`coalesce(${forumReplyNotice.pendingSince}, now())` })
      .where(and(eq(forumReplyNotice.userId, userId), eq(forumReplyNotice.moduleId, moduleId)));
    return undefined;
  });
}

async function sendForumReplies(
  deps: Deps,
  student: { id: string; name: string; email: string },
  module: { id: string; name: string; courseId: string },
  since: Date | null,
) {
  const replies = await deps.db
    .select({ authorName: forumMessage.authorName, body: forumMessage.body })
    .from(forumMessage)
    .where(and(eq(forumMessage.moduleId, module.id), eq(forumMessage.isAdmin, true), since ? gt(forumMessage.createdAt, since) : undefined))
    // The first email carries only the answer that triggered it (the newest), not the forum's whole history.
    .orderBy(since ? asc(forumMessage.createdAt) : desc(forumMessage.createdAt))
    .limit(since ? 50 : 1);
  if (replies.length === 0) return;
  const to = links(deps.config.publicUrl);
  const link = to.studentForum(module.courseId, module.id);
  await send(
    deps,
    {
      to: student.email,
      link,
      ...forumRepliesEmail({ name: student.name, moduleName: module.name, replies, link, preferencesLink: to.studentPreferences }),
    },
    'el aviso de respuesta en el foro',
  );
}

/** node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Grouped forum answers whose 10 minutes have passed: one email each, with every answer since the last one. */
export async function sendDueForumReplies(deps: Deps): Promise<number> {
  // Claimed and marked sent in one statement: with several instances, each row goes out once.
  const due = rowsOf<{ user_id: string; module_id: string; previous: Date | string }>(
    await deps.db.execute(sql`
      with due as (
        select user_id, module_id, last_sent_at from ${forumReplyNotice}
        where pending_since is not null and last_sent_at <= now() - make_interval(secs => ${FORUM_REPLY_WINDOW_MS / 1000})
        for update skip locked
      )
      update ${forumReplyNotice} f set last_sent_at = now(), pending_since = null
      from due where f.user_id = due.user_id and f.module_id = due.module_id
      returning f.user_id, f.module_id, due.last_sent_at as previous`),
  );
  for (const row of due) {
    const [student] = await deps.db
      .select({ id: user.id, name: user.name, email: user.email, forumReplies: emailPreference.forumReplies })
      .from(user)
      .leftJoin(emailPreference, eq(emailPreference.userId, user.id))
      .where(eq(user.id, row.user_id));
    const module = await moduleOf(deps.db, row.module_id);
    if (!student || !module || student.forumReplies === 'never') continue;
    await sendForumReplies(deps, student, module, new Date(row.previous));
  }
  return due.length;
}

/**
 * The daily summaries: each admin who chose one gets, once every 24 hours, what arrived since
 * the last (answers submitted, students' forum messages); nothing is sent when nothing arrived.
 */
export async function sendDailySummaries(deps: Deps): Promise<number> {
  // What arrived in the courses whose correctors the reader is (see `correctsIn`).
  const theirs = (readerId: string, courseId: AnyColumn) =>
    sql`exists (select 1 from ${user} where ${user.id} = ${readerId} and ${correctsIn(sql`${courseId}`)})`;
  const admins = await deps.db
    .select({ id: user.id, name: user.name, email: user.email, preference: emailPreference })
    .from(emailPreference)
    .innerJoin(user, eq(user.id, emailPreference.userId))
    .where(
      and(
        or(
          eq(user.role, 'admin'),
          sql`exists (select 1 from course_staff cs where cs.user_id = ${user.id} and cs.role in (${correctorRoles}))`,
        ),
        or(eq(emailPreference.submissions, 'daily'), eq(emailPreference.questions, 'daily')),
        lte(emailPreference.digestCoveredUntil, sql`now() - make_interval(secs => ${DAY_MS / 1000})`),
      ),
    );
  let sent = 0;
  const to = links(deps.config.publicUrl);
  for (const admin of admins) {
    // Claim the period first: another instance running the same minute skips this admin.
    // (Compared in SQL: timestamps there are finer than a JavaScript Date.)
    const [claimed] = rowsOf<{ previous: Date | string; until: Date | string }>(
      await deps.db.execute(sql`
        with due as (
          select user_id, digest_covered_until as previous from ${emailPreference}
          where user_id = ${admin.id} and digest_covered_until <= now() - make_interval(secs => ${DAY_MS / 1000})
          for update skip locked
        )
        update ${emailPreference} p set digest_covered_until = now()
        from due where p.user_id = due.user_id
        returning due.previous, p.digest_covered_until as until`),
    );
    if (!claimed) continue;
    const from = new Date(claimed.previous);
    const until = new Date(claimed.until);
    const prefs = toPreferences(admin.preference);
    const submissions =
      prefs.submissions === 'daily'
        ? await deps.db
            .select({ studentName: user.name, moduleName: courseModule.name })
            .from(activity)
            .innerJoin(user, eq(user.id, activity.userId))
            .innerJoin(courseModule, eq(courseModule.id, activity.moduleId))
            .where(
              and(
                eq(activity.submitted, true),
                gt(activity.submittedAt, from),
                lte(activity.submittedAt, until),
                theirs(admin.id, courseModule.courseId),
              ),
            )
            .orderBy(asc(activity.submittedAt))
        : [];
    const questions =
      prefs.questions === 'daily'
        ? await deps.db
            .select({ studentName: forumMessage.authorName, moduleName: courseModule.name })
            .from(forumMessage)
            .innerJoin(courseModule, eq(courseModule.id, forumMessage.moduleId))
            .where(
              and(
                eq(forumMessage.isAdmin, false),
                gt(forumMessage.createdAt, from),
                lte(forumMessage.createdAt, until),
                theirs(admin.id, courseModule.courseId),
              ),
            )
            .orderBy(asc(forumMessage.createdAt))
        : [];
    if (submissions.length === 0 && questions.length === 0) continue;
    await send(
      deps,
      {
        to: admin.email,
        link: to.reviewQueue,
        ...dailySummaryEmail({
          name: admin.name,
          submissions,
          questions,
          reviewLink: to.reviewQueue,
          forumLink: to.forumList,
          preferencesLink: to.adminPreferences,
        }),
      },
      'el resumen diario',
    );
    sent += 1;
  }
  return sent;
}

/**
 * The due work (queued emails and notices, grouped forum answers, daily summaries, instalment, licence, class and exam reminders): one round, a background job the clock sends every minute
 * (jobs/handlers.ts), so one process does it at a time whatever the number of instances. A failed
 * round is logged and fails its job; the next minute's round sends what is still due.
 */
export async function sendDueNotices(deps: WorkerDeps): Promise<void> {
  await Promise.all([
    deps.mailQueue.deliverDue(),
    sendDueForumReplies(deps),
    sendDailySummaries(deps),
    sendPaymentReminders(deps),
    sendCertificateReminders(deps),
    // Notices on the phone: the queue (retries), the class tomorrow and the exams that opened.
    deps.push.deliverDue(),
    sendLessonReminders(deps),
    sendExamNotices(deps),
  ]).catch((error: unknown) => {
    deps.logger.error({ err: error }, 'falló el envío de avisos pendientes');
    throw error;
  });
}

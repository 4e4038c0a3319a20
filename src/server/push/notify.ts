// Who hears about what on their phone. The moments that happen at once (a correction, a forum
// answer, a submission, a student's question) are queued after the write committed and sent
// right after; the scheduled ones (the class tomorrow, an exam that opened; instalments and
// licences from their own reminders) are claimed once per person in `notice_sent` (or the
// reminder's own row) and queued in that same transaction, email and notice together as the person
// chose, so they go once whatever the number of instances. Nothing here ever fails the action
// that caused it: callers run it after answering and log what went wrong.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { addDays, dayOf, instantOf, timeOf } from '../../shared/calendar.ts';
import type { NoticeKind, NoticePayload } from '../../shared/schemas/notices.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseModule, emailPreference, forumMessage, moduleAccess, noticeSent, user } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueEmail } from '../mail/queue.ts';
import { correctsIn } from '../notifications/notify.ts';
import {
  correctionNotice,
  examOpenNotice,
  forumReplyNotice,
  lessonCancelledNotice,
  lessonTomorrowNotice,
  questionNotice,
  submissionNotice,
} from './notices.ts';
import { getNoticePreferences, toNoticePreferences } from './preferences.ts';
import { enqueueNotice } from './queue.ts';
import { examOpenEmail, lessonTomorrowEmail } from './reminder-emails.ts';

type Deps = Pick<AppContext, 'db' | 'push' | 'logger'>;
type ScheduledDeps = Pick<AppContext, 'db' | 'push' | 'logger' | 'mailQueue' | 'clock' | 'config'>;

/** Sends what was just queued, without making anyone wait for the push services. */
function deliverSoon(deps: Deps) {
  void deps.push
    .deliverDue()
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'no se pudieron entregar los avisos: se reintentan'));
}

/** Whether this person wants this kind as a notice (no row: yes). */
const wantsPush = (row: typeof emailPreference.$inferSelect | null, kind: NoticeKind) => toNoticePreferences(row)[kind].push;

async function moduleWithCourse(db: Db, moduleId: string) {
  const [row] = await db
    .select({ id: courseModule.id, name: courseModule.name, courseId: course.id, courseName: course.name })
    .from(courseModule)
    .innerJoin(course, eq(course.id, courseModule.courseId))
    .where(eq(courseModule.id, moduleId));
  return row;
}

/** A correction was saved (or changed): the trainee whose activity it is. */
export async function noticeCorrection(deps: Deps, activity: { userId: string; moduleId: string }, changed: boolean) {
  if (!(await getNoticePreferences(deps.db, activity.userId)).correction.push) return;
  const module = await moduleWithCourse(deps.db, activity.moduleId);
  if (!module) return;
  const notice = correctionNotice({
    courseName: module.courseName,
    courseId: module.courseId,
    moduleId: module.id,
    moduleName: module.name,
    changed,
  });
  if ((await enqueueNotice(deps.db, activity.userId, notice)) > 0) deliverSoon(deps);
}

/** The course's correctors (its team's instructors and assistants, else the administrators) who want this kind as a notice. */
async function correctorsWantingPush(db: Db, courseId: string, kind: 'submission' | 'question') {
  const rows = await db
    .select({ id: user.id, preference: emailPreference })
    .from(user)
    .leftJoin(emailPreference, eq(emailPreference.userId, user.id))
    .where(and(correctsIn(sql`${courseId}`), or(eq(user.banned, false), isNull(user.banned))));
  return rows.filter((row) => wantsPush(row.preference, kind)).map((row) => row.id);
}

async function queueForAll(deps: Deps, userIds: string[], notice: NoticePayload) {
  if (userIds.length === 0) return;
  const queued = await deps.db.transaction(async (tx) => {
    let n = 0;
    for (const id of userIds) n += await enqueueNotice(tx, id, notice);
    return n;
  });
  if (queued > 0) deliverSoon(deps);
}

/** A trainee submitted their answers: the course's correctors. */
export async function noticeSubmission(deps: Deps, submitted: { userId: string; moduleId: string }) {
  const module = await moduleWithCourse(deps.db, submitted.moduleId);
  const [student] = await deps.db.select({ name: user.name }).from(user).where(eq(user.id, submitted.userId));
  if (!module || !student) return;
  const notice = submissionNotice({
    courseName: module.courseName,
    courseId: module.courseId,
    moduleId: module.id,
    moduleName: module.name,
    studentId: submitted.userId,
    studentName: student.name,
  });
  await queueForAll(deps, await correctorsWantingPush(deps.db, module.courseId, 'submission'), notice);
}

/**
 * A message in a module's forum: by a trainee, the course's correctors hear of it; by the course's
 * side, the trainees who wrote in that forum and still have the module. One notice per forum on the
 * phone: a later answer replaces the earlier one (its tag).
 */
export async function noticeForumMessage(
  deps: Deps,
  message: { moduleId: string; userId: string | null; authorName: string; isAdmin: boolean },
) {
  const module = await moduleWithCourse(deps.db, message.moduleId);
  if (!module) return;
  if (!message.isAdmin) {
    const notice = questionNotice({
      courseName: module.courseName,
      moduleId: module.id,
      moduleName: module.name,
      authorName: message.authorName,
    });
    await queueForAll(
      deps,
      (await correctorsWantingPush(deps.db, module.courseId, 'question')).filter((id) => id !== message.userId),
      notice,
    );
    return;
  }
  const participants = await deps.db
    .selectDistinct({ id: user.id, preference: emailPreference })
    .from(forumMessage)
    .innerJoin(user, eq(user.id, forumMessage.userId))
    .innerJoin(moduleAccess, and(eq(moduleAccess.userId, user.id), eq(moduleAccess.moduleId, module.id), eq(moduleAccess.enabled, true)))
    .leftJoin(emailPreference, eq(emailPreference.userId, user.id))
    .where(and(eq(forumMessage.moduleId, module.id), eq(forumMessage.isAdmin, false), eq(user.role, 'student')));
  const notice = forumReplyNotice({
    courseName: module.courseName,
    courseId: module.courseId,
    moduleId: module.id,
    moduleName: module.name,
    authorName: message.authorName,
  });
  await queueForAll(
    deps,
    participants.filter((row) => row.id !== message.userId && wantsPush(row.preference, 'forumReply')).map((row) => row.id),
    notice,
  );
}

/**
 * A scheduled notice that must go once (a reminder): `claim` records it in the transaction and
 * answers whether this call made the record; only then are the email and the notice queued, in the
 * same transaction, each as the person chose for `kind`. Answers whether it was claimed here.
 */
export async function queueNoticeOnce(
  db: Db,
  claim: (tx: Tx) => Promise<boolean>,
  input: { userId: string; kind: NoticeKind; email: MailMessage; notice: NoticePayload; notBefore?: Date; expiresAt?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claim(tx))) return false;
    const channel = (await getNoticePreferences(tx, input.userId))[input.kind];
    if (channel.email !== 'never') await enqueueEmail(tx, input.email);
    if (channel.push) {
      await enqueueNotice(tx, input.userId, input.notice, {
        ...(input.notBefore ? { notBefore: input.notBefore } : {}),
        ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
      });
    }
    return true;
  });
}

/** Scheduled notices do not wake anyone: one decided between 21:00 and 9:00 (the course's time) waits until 9:00. */
export function wakingHour(now: Date): Date | undefined {
  const time = timeOf(now);
  if (time >= '09:00' && time < '21:00') return undefined;
  const day = time < '09:00' ? dayOf(now) : addDays(dayOf(now), 1);
  return instantOf(day, '09:00');
}

const claimKey = (userId: string, key: string) => async (tx: Tx) =>
  (await tx.insert(noticeSent).values({ userId, key }).onConflictDoNothing().returning({ key: noticeSent.key })).length > 0;

/** From this time of the day before, the class of tomorrow is told (until 22:00: later, nobody is told at night). */
export const LESSON_REMINDER_FROM = '18:00';
const LESSON_REMINDER_UNTIL = '22:00';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** 'Clase presencial (el día antes)': each trainee of a course with a class tomorrow that stands, once per class and time. */
export async function sendLessonReminders(deps: ScheduledDeps): Promise<number> {
  const now = deps.clock.now();
  const time = timeOf(now);
  if (time < LESSON_REMINDER_FROM || time >= LESSON_REMINDER_UNTIL) return 0;
  const tomorrow = addDays(dayOf(now), 1);
  const due = rowsOf<{
    lesson_id: string;
    starts_at: string | Date;
    duration_minutes: number;
    place: string;
    topic: string;
    course_id: string;
    course_name: string;
    user_id: string;
    name: string;
    email: string;
    key: string;
  }>(
    await deps.db.execute(sql`
      select l.id as lesson_id, l.starts_at, l.duration_minutes, l.place, l.topic, c.id as course_id, c.name as course_name,
             u.id as user_id, u.name, u.email, 'clase:' || l.id || ':' || extract(epoch from l.starts_at)::bigint as key
      from lesson l
      join course c on c.id = l.course_id and c.archived_at is null
      join course_access ca on ca.course_id = l.course_id and ca.enabled
      join "user" u on u.id = ca.user_id and u.role = 'student' and coalesce(u.banned, false) = false
      where l.cancelled_at is null
        and l.starts_at >= ${instantOf(tomorrow).toISOString()}::timestamptz
        and l.starts_at < ${instantOf(addDays(tomorrow, 1)).toISOString()}::timestamptz
        and not exists (select 1 from notice_sent n where n.user_id = u.id
                        and n.key = 'clase:' || l.id || ':' || extract(epoch from l.starts_at)::bigint)
      limit 2000`),
  );
  let sent = 0;
  const publicUrl = deps.config.publicUrl;
  for (const row of due) {
    const startsAt = new Date(row.starts_at);
    const notice = lessonTomorrowNotice({
      courseName: row.course_name,
      courseId: row.course_id,
      lessonId: row.lesson_id,
      startsAt,
      place: row.place,
      topic: row.topic,
    });
    const link = `${publicUrl}${notice.url}`;
    const email = lessonTomorrowEmail({
      name: row.name,
      courseName: row.course_name,
      startsAt,
      durationMinutes: row.duration_minutes,
      place: row.place,
      topic: row.topic,
      link,
      preferencesLink: `${publicUrl}/mi-cuenta`,
    });
    const claimed = await queueNoticeOnce(deps.db, claimKey(row.user_id, row.key), {
      userId: row.user_id,
      kind: 'lessonTomorrow',
      email: { to: row.email, link, ...email },
      notice,
      expiresAt: startsAt,
    });
    if (claimed) sent += 1;
  }
  if (sent > 0) await Promise.all([deps.mailQueue.deliverDue(), deps.push.deliverDue()]);
  return sent;
}

/** How long after it opened an exam is still news: an exam that opened before (or before this feature) is not told. */
const EXAM_NEWS_HOURS = 12;

/** 'Examen disponible': each trainee who has the exam's module, once when the exam opens (at its 'Abre'). */
export async function sendExamNotices(deps: ScheduledDeps): Promise<number> {
  const now = deps.clock.now();
  const due = rowsOf<{
    exam_id: string;
    title: string;
    closes_at: string | Date | null;
    module_id: string;
    course_id: string;
    course_name: string;
    user_id: string;
    name: string;
    email: string;
    key: string;
  }>(
    await deps.db.execute(sql`
      select e.id as exam_id, e.title, e.closes_at, e.module_id, c.id as course_id, c.name as course_name,
             u.id as user_id, u.name, u.email, 'examen:' || e.id || ':' || extract(epoch from e.opens_at)::bigint as key
      from exam e
      join course c on c.id = e.course_id and c.archived_at is null
      join module_access ma on ma.module_id = e.module_id and ma.enabled
      join course_access ca on ca.course_id = e.course_id and ca.user_id = ma.user_id and ca.enabled
      join "user" u on u.id = ma.user_id and u.role = 'student' and coalesce(u.banned, false) = false
      where e.opens_at is not null
        and e.opens_at <= ${now.toISOString()}::timestamptz
        and e.opens_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${EXAM_NEWS_HOURS})
        and (e.closes_at is null or e.closes_at > ${now.toISOString()}::timestamptz)
        and not exists (select 1 from notice_sent n where n.user_id = u.id
                        and n.key = 'examen:' || e.id || ':' || extract(epoch from e.opens_at)::bigint)
      limit 2000`),
  );
  let sent = 0;
  const publicUrl = deps.config.publicUrl;
  for (const row of due) {
    const closesAt = row.closes_at ? new Date(row.closes_at) : null;
    const notice = examOpenNotice({
      courseName: row.course_name,
      courseId: row.course_id,
      moduleId: row.module_id,
      examId: row.exam_id,
      title: row.title,
      closesAt,
    });
    const link = `${publicUrl}${notice.url}`;
    const email = examOpenEmail({
      name: row.name,
      courseName: row.course_name,
      title: row.title,
      closesAt,
      link,
      preferencesLink: `${publicUrl}/mi-cuenta`,
    });
    const claimed = await queueNoticeOnce(deps.db, claimKey(row.user_id, row.key), {
      userId: row.user_id,
      kind: 'examOpen',
      email: { to: row.email, link, ...email },
      notice,
      ...(wakingHour(now) ? { notBefore: wakingHour(now)! } : {}),
      ...(closesAt ? { expiresAt: closesAt } : {}),
    });
    if (claimed) sent += 1;
  }
  if (sent > 0) await Promise.all([deps.mailQueue.deliverDue(), deps.push.deliverDue()]);
  return sent;
}

/** How long a scheduled notice's claim is kept: far past the class or exam it was about. */
const CLAIMS_KEPT_DAYS = 180;

/** The scheduled cleanup drops claims of notices sent long ago (one row per trainee, class and exam). */
export async function forgetOldNoticeClaims(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CLAIMS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  return (
    await db
      .delete(noticeSent)
      .where(sql`${noticeSent.sentAt} < ${cutoff.toISOString()}::timestamptz`)
      .returning({ key: noticeSent.key })
  ).length;
}

/** How far ahead a cancelled class is news to its trainees. */
const CANCELLED_NEWS_DAYS = 14;

/**
 * 'Cancelar clase' on a class still to come (within two weeks): its trainees who take the class
 * notices ('Clase presencial') hear at once that it is off, so nobody travels to the club for nothing.
 */
export async function noticeLessonCancelled(deps: Deps & Pick<AppContext, 'clock'>, lessonId: string) {
  const [row] = rowsOf<{ id: string; starts_at: string | Date; course_id: string; course_name: string }>(
    await deps.db.execute(sql`select l.id, l.starts_at, c.id as course_id, c.name as course_name
      from lesson l join course c on c.id = l.course_id where l.id = ${lessonId} and l.cancelled_at is not null`),
  );
  if (!row) return;
  const startsAt = new Date(row.starts_at);
  const now = deps.clock.now().getTime();
  if (startsAt.getTime() <= now || startsAt.getTime() > now + CANCELLED_NEWS_DAYS * 24 * 60 * 60 * 1000) return;
  const trainees = rowsOf<{ id: string; preference: typeof emailPreference.$inferSelect | null }>(
    await deps.db.execute(sql`select u.id, to_jsonb(p) as preference from course_access ca
      join "user" u on u.id = ca.user_id and u.role = 'student' and coalesce(u.banned, false) = false
      left join email_preference p on p.user_id = u.id
      where ca.course_id = ${row.course_id} and ca.enabled`),
  );
  const notice = lessonCancelledNotice({ courseName: row.course_name, courseId: row.course_id, lessonId: row.id, startsAt });
  const wanting = trainees.filter((trainee) => trainee.preference?.push?.lessonTomorrow !== false).map((trainee) => trainee.id);
  await queueForAll(deps, wanting, notice);
}

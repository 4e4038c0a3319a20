// The trainee's record, composed from the one read of each part: their modules (as the class
// board judges them), exams, attendance, payments, physical test and observations, and the
// history of changes. Nothing here reads another part's tables itself.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { dayOf } from '../../shared/calendar.ts';
import { messages } from '../../shared/messages.ts';
import { boardStateOf } from '../../shared/schemas/progress.ts';
import type { MyRecord, RecordModule, TraineeRecord } from '../../shared/schemas/record.ts';
import type { UserExam } from '../../shared/schemas/exams.ts';
import type { Db } from '../db/client.ts';
import { course, courseAccess, user } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { findCourse } from '../courses/service.ts';
import { bestResults, courseExams } from '../exams/read.ts';
import { presentStudentModule, readStudentModules } from '../modules/read.ts';
import { hasPassword } from '../users/invitations.ts';
import { fitnessOf } from '../fitness/read.ts';
import { traineeAttendance } from '../lessons/read.ts';
import { observationsOf } from '../observations/read.ts';
import { traineePayments } from '../payments/read.ts';
import { changesOf } from './changes.ts';
import { traineeApproval } from '../approval/read.ts';
import { summaryWithout } from '../../shared/approval-rules.ts';
import { changeKinds, type ChangeKind } from '../../shared/course-roles.ts';
import { certificatesOfUser, presentCertificate } from '../certificates/read.ts';

/**
 * The trainee `userId` of the course: a student given the course (enabled now or blocked: a blocked
 * trainee's record stays the instructor's to read). Anyone else answers the same 404 as a missing user.
 */
export async function findTrainee(db: Db, courseId: string, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .innerJoin(courseAccess, and(eq(courseAccess.userId, user.id), eq(courseAccess.courseId, courseId)))
    .where(and(eq(user.id, userId), eq(user.role, 'student')));
  if (!row) throw notFound(messages.userNotFound);
  return row;
}

/** Every module of the course (archived ones left out) with the trainee's state in it, the same as on the class board. */
async function recordModules(db: Db, courseId: string, userId: string): Promise<RecordModule[]> {
  const [rows, invitationPending] = await Promise.all([
    readStudentModules(db, userId, courseId, sql`m.archived_at is null`),
    hasPassword(db, userId).then((has) => !has),
  ]);
  return rows.map((row) => {
    const shown = presentStudentModule(row, { allStates: true });
    const state = row.granted
      ? boardStateOf({
          submitted: row.submitted ?? false,
          items: row.items ?? 0,
          correct: row.correct ?? 0,
          incorrect: row.incorrect ?? 0,
          invitationPending,
        })
      : 'no-habilitado';
    return {
      id: row.id,
      name: row.name,
      state,
      // Like the board: what they watched only counts in a module enabled for them.
      watchedPercent: row.granted ? shown.watchedPercent : null,
      jugadas: row.jugadasTotal > 0 ? { correct: row.jugadasCorrect, total: row.jugadasTotal } : null,
    };
  });
}

/** Their best result at each of the course's exams, in module order. */
async function recordExams(db: Db, courseId: string, userId: string): Promise<UserExam[]> {
  const exams = await courseExams(db, courseId);
  const best = await bestResults(
    db,
    exams.map((e) => e.id),
    [userId],
  );
  return exams.map((e) => {
    const mine = best.find((result) => result.examId === e.id);
    return {
      id: e.id,
      title: e.title,
      result: mine ? { scorePercent: mine.scorePercent, passed: mine.passed } : null,
      attempts: mine?.attempts ?? 0,
    };
  });
}

/** The trainee's page: everything about one trainee in one course. */
/**
 * A trainee's page; `reader`: what the reader's roles let them see (an 'Observador' reads it
 * without payments, nor the changes to them).
 */
export async function traineeRecord(
  db: Db,
  courseId: string,
  userId: string,
  now: Date,
  reader: { payments: boolean; kinds: ChangeKind[] } = { payments: true, kinds: [...changeKinds] },
): Promise<TraineeRecord> {
  const courseRow = await findCourse(db, courseId);
  const trainee = await findTrainee(db, courseId, userId);
  const [modules, exams, attendance, payments, fitness, observations, changes, approval] = await Promise.all([
    recordModules(db, courseId, userId),
    recordExams(db, courseId, userId),
    traineeAttendance(db, courseId, userId, now),
    traineePayments(db, courseId, userId, dayOf(now)),
    fitnessOf(db, courseId, userId),
    observationsOf(db, courseId, userId),
    changesOf(db, courseId, userId, reader.kinds),
    traineeApproval(db, courseId, userId, now),
  ]);
  return {
    trainee,
    course: { id: courseRow.id, name: courseRow.name },
    modules,
    exams,
    attendance,
    payments: reader.payments ? payments : null,
    fitness,
    observations,
    changes,
    // Its words never name the payments the reader does not see.
    approval: {
      outcome: approval.outcome,
      summary: summaryWithout(approval, reader.payments ? [] : ['payments']),
      defined: approval.results.length > 0,
    },
  };
}

/**
 * 'Mi cuenta': the signed-in trainee's own record in each course enabled for them (archived
 * courses left out, as in their course list): 'Habilitación' and their exams as the instructor's
 * page of them says them, their certificates of the course, and the parts recorded about them.
 * What only the instructor keeps (the history of changes, who recorded what) is not part of it.
 * An admin follows no course: nothing. `publicUrl`: where a certificate's verification page is.
 */
export async function myRecord(db: Db, me: { id: string; role: 'admin' | 'student' }, now: Date, publicUrl: string): Promise<MyRecord> {
  if (me.role !== 'student') return { courses: [] };
  const courses = await db
    .select({ id: course.id, name: course.name })
    .from(course)
    .innerJoin(courseAccess, and(eq(courseAccess.courseId, course.id), eq(courseAccess.userId, me.id), eq(courseAccess.enabled, true)))
    .where(isNull(course.archivedAt))
    .orderBy(asc(course.createdAt), asc(course.id));
  const today = dayOf(now);
  const certificates = courses.length ? await certificatesOfUser(db, me.id) : [];
  return {
    courses: await Promise.all(
      courses.map(async (c) => {
        const [approval, exams, attendance, payments, fitness, observations] = await Promise.all([
          traineeApproval(db, c.id, me.id, now),
          recordExams(db, c.id, me.id),
          traineeAttendance(db, c.id, me.id, now),
          traineePayments(db, c.id, me.id, today),
          fitnessOf(db, c.id, me.id),
          observationsOf(db, c.id, me.id),
        ]);
        return {
          course: c,
          // They see their own payments: nothing of the summary is left out.
          approval: { outcome: approval.outcome, summary: approval.summary, defined: approval.results.length > 0 },
          exams,
          certificates: certificates
            .filter((row) => row.courseId === c.id)
            .map((row) => {
              const shown = presentCertificate(row, today, publicUrl);
              return {
                id: shown.id,
                code: shown.code,
                level: shown.level,
                rulesEdition: shown.rulesEdition,
                issuedOn: shown.issuedOn,
                expiresOn: shown.expiresOn,
                state: shown.state,
                revokedReason: shown.revokedReason,
                verifyUrl: shown.verifyUrl,
                pdfUrl: shown.pdfUrl,
              };
            }),
          attendance,
          payments,
          fitness,
          observations,
        };
      }),
    ),
  };
}

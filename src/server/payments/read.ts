// How payments are read and shown: where each trainee stands (`paymentStatuses`, what the class
// board and the trainee's page read), one trainee's plan and payments (`traineePayments`, for the
// trainee's page and 'Mi cuenta'), the instructor's 'Pagos' page, and the one presenter of a payment.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { inDueOrder, planStatus } from '../../shared/payment-rules.ts';
import {
  paymentMethodLabels,
  type AdminPayment,
  type CoursePayments,
  type Payment,
  type PaymentOption,
  type PaymentStatus,
  type TraineePayments,
} from '../../shared/schemas/payments.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, payment, paymentOption, traineePlan, user } from '../db/schema.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';

type PaymentRow = typeof payment.$inferSelect;

/** The one shape of a payment. */
export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    userId: row.userId,
    amount: row.amount,
    paidOn: row.paidOn,
    method: row.method,
    note: row.note,
    receipt:
      row.receiptKey && row.receiptName && row.receiptType
        ? { name: row.receiptName, type: row.receiptType, size: row.receiptSize ?? 0 }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first: by the day paid, then by when it was recorded. */
const newestFirst = [desc(payment.paidOn), desc(payment.createdAt), desc(payment.id)];

/** What each of `userIds` paid in the course in all (no entry: nothing). */
export async function paidTotals(db: Db | Tx, courseId: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: payment.userId, paid: sql<number>`coalesce(sum(${payment.amount}), 0)::bigint` })
    .from(payment)
    .where(and(eq(payment.courseId, courseId), inArray(payment.userId, userIds)))
    .groupBy(payment.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.paid)]));
}

/** The option each of `userIds` holds in the course, with its instalments. */
async function plansOf(db: Db | Tx, courseId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, typeof paymentOption.$inferSelect>();
  const rows = await db
    .select({ userId: traineePlan.userId, option: paymentOption })
    .from(traineePlan)
    .innerJoin(paymentOption, eq(paymentOption.id, traineePlan.optionId))
    .where(and(eq(traineePlan.courseId, courseId), inArray(traineePlan.userId, userIds)));
  return new Map(rows.map((row) => [row.userId, row.option]));
}

/**
 * Where each of `userIds` stands in the course on `today` (yyyy-mm-dd, the course's zone): every id
 * gets an entry. Without an option, `option` is null and the plan's sums are 0 (`paid` is still what
 * they paid).
 */
export async function paymentStatuses(
  db: Db | Tx,
  courseId: string,
  userIds: string[],
  today: string,
): Promise<Map<string, PaymentStatus>> {
  const [plans, paid] = await Promise.all([plansOf(db, courseId, userIds), paidTotals(db, courseId, userIds)]);
  return new Map(
    userIds.map((userId) => {
      const option = plans.get(userId);
      const status = planStatus(option?.instalments ?? [], paid.get(userId) ?? 0, today);
      return [userId, { option: option ? { id: option.id, label: option.label } : null, ...status }];
    }),
  );
}

/** One trainee's plan (instalments in due order), where they stand, and their payments newest first. */
export async function traineePayments(db: Db | Tx, courseId: string, userId: string, today: string): Promise<TraineePayments> {
  const [statuses, plans, rows] = await Promise.all([
    paymentStatuses(db, courseId, [userId], today),
    plansOf(db, courseId, [userId]),
    db
      .select()
      .from(payment)
      .where(and(eq(payment.courseId, courseId), eq(payment.userId, userId)))
      .orderBy(...newestFirst),
  ]);
  const option = plans.get(userId);
  return {
    status: statuses.get(userId)!,
    instalments: inDueOrder(option?.instalments ?? []),
    payments: rows.map(presentPayment),
  };
}

/** The course's plan, in order, with how many trainees hold each option. */
export async function planOf(db: Db | Tx, courseId: string): Promise<PaymentOption[]> {
  const rows = await db
    .select({ option: paymentOption, holders: count(traineePlan.userId) })
    .from(paymentOption)
    .leftJoin(traineePlan, eq(traineePlan.optionId, paymentOption.id))
    .where(eq(paymentOption.courseId, courseId))
    .groupBy(paymentOption.id)
    .orderBy(asc(paymentOption.position), asc(paymentOption.createdAt));
  return rows.map(({ option, holders }) => ({
    id: option.id,
    label: option.label,
    instalments: option.instalments,
    holders: Number(holders),
  }));
}

/** The students with the course enabled (the ones payments are recorded for), by name. */
export async function courseTrainees(db: Db | Tx, courseId: string) {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .innerJoin(courseAccess, and(eq(courseAccess.userId, user.id), eq(courseAccess.courseId, courseId), eq(courseAccess.enabled, true)))
    .where(eq(user.role, 'student'))
    .orderBy(asc(user.name), asc(user.id));
}

const recorder = sql<string | null>`(select r.name from ${user} r where r.id = ${payment.recordedBy})`;

/** A course's payments for the instructor, newest first (of trainees no longer enabled too: what was paid stays). */
export async function coursePaymentList(db: Db | Tx, courseId: string): Promise<AdminPayment[]> {
  const rows = await db
    .select({ payment, userName: user.name, recordedBy: recorder })
    .from(payment)
    .innerJoin(user, eq(user.id, payment.userId))
    .where(eq(payment.courseId, courseId))
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...presentPayment(row.payment), userName: row.userName, recordedBy: row.recordedBy }));
}

/** One payment as the instructor's list shows it. */
export async function readAdminPayment(db: Db | Tx, paymentId: string): Promise<AdminPayment> {
  const [row] = await db
    .select({ payment, userName: user.name, recordedBy: recorder })
    .from(payment)
    .innerJoin(user, eq(user.id, payment.userId))
    .where(eq(payment.id, paymentId));
  return { ...presentPayment(row!.payment), userName: row!.userName, recordedBy: row!.recordedBy };
}

/** The 'Pagos' page: the plan, the reminders switch, every trainee with where they stand, the payments. */
export async function coursePayments(db: Db, courseRow: typeof course.$inferSelect, today: string): Promise<CoursePayments> {
  const [options, trainees, payments] = await Promise.all([
    planOf(db, courseRow.id),
    courseTrainees(db, courseRow.id),
    coursePaymentList(db, courseRow.id),
  ]);
  const statuses = await paymentStatuses(
    db,
    courseRow.id,
    trainees.map((t) => t.id),
    today,
  );
  return {
    course: { id: courseRow.id, name: courseRow.name },
    today,
    reminders: courseRow.paymentReminders,
    options,
    trainees: trainees.map((t) => ({ ...t, status: statuses.get(t.id)! })),
    payments,
  };
}

/** 'Descargar CSV': the course's payments, newest first, as Excel in Spanish opens them. */
export async function paymentsCsv(db: Db, courseRow: typeof course.$inferSelect): Promise<{ filename: string; body: string }> {
  const rows = await db
    .select({ payment, userName: user.name, email: user.email, recordedBy: recorder })
    .from(payment)
    .innerJoin(user, eq(user.id, payment.userId))
    .where(eq(payment.courseId, courseRow.id))
    .orderBy(...newestFirst);
  const lines = [
    ['Alumno', 'Email', 'Fecha', 'Monto', 'Medio', 'Nota', 'Comprobante', 'Registrado por'],
    ...rows.map((row) => [
      row.userName,
      row.email,
      row.payment.paidOn,
      String(row.payment.amount),
      paymentMethodLabels[row.payment.method],
      row.payment.note,
      row.payment.receiptName ?? '',
      row.recordedBy ?? '',
    ]),
  ];
  return { filename: `pagos-${fileSlug(courseRow.name, 'curso')}.csv`, body: csvDocument(lines) };
}

// Writing payments: the course's plan, each trainee's option, a payment (which may enable modules,
// unlock.ts), its receipt, and deleting one. Every write is one transaction with its line in the
// trainee's or the course's change log. How payments are read and shown: read.ts.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dayText } from '../../shared/calendar.ts';
import { paymentMessages as m } from '../../shared/messages.ts';
import { pesos } from '../../shared/money.ts';
import { inDueOrder } from '../../shared/payment-rules.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import {
  paymentMethodLabels,
  type PaymentInput,
  type PaymentOption,
  type PaymentPlanInput,
  type PaymentRecorded,
  type PaymentStatus,
} from '../../shared/schemas/payments.ts';
import { courseNotFound, findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, payment, paymentOption, traineePlan, user } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { logChange } from '../record/changes.ts';
import { paymentStatuses, planOf, readAdminPayment } from './read.ts';
import { unlockPaidModules } from './unlock.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;

export const paymentNotFound = () => notFound(m.paymentNotFound);
export const traineeNotFound = () => notFound(m.traineeNotFound);

/**
 * The trainee, a student with the course enabled, with their course access row locked: the payments
 * of one trainee are written one after the other (each judges the modules on the total before it).
 */
async function lockTrainee(tx: Db | Tx, courseId: string, userId: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name })
    .from(courseAccess)
    .innerJoin(user, eq(user.id, courseAccess.userId))
    .where(
      and(eq(courseAccess.courseId, courseId), eq(courseAccess.userId, userId), eq(courseAccess.enabled, true), eq(user.role, 'student')),
    )
    .for('update', { of: courseAccess });
  if (!row) throw traineeNotFound();
  return row;
}

const sameOption = (a: { label: string; instalments: unknown }, b: { label: string; instalments: unknown }) =>
  a.label === b.label && JSON.stringify(a.instalments) === JSON.stringify(b.instalments);

/**
 * 'Plan de pagos': the options in the order given (instalments kept by due date) and the reminders
 * switch. An option left out is removed, but not while trainees hold it: they would be left without
 * one, so the instructor assigns them another first (409 naming it). Nothing changes on any error.
 */
export async function savePlan(
  db: Db,
  courseId: string,
  input: PaymentPlanInput,
  actor: Actor,
): Promise<{ options: PaymentOption[]; reminders: boolean }> {
  return db.transaction(async (tx) => {
    const [courseRow] = await tx.select().from(course).where(eq(course.id, courseId)).for('update');
    if (!courseRow) throw courseNotFound();
    const before = await planOf(tx, courseId);
    const known = new Map(before.map((option) => [option.id, option]));
    const ids = input.options.flatMap((option) => (option.id ? [option.id] : []));
    if (new Set(ids).size !== ids.length) throw badRequest(m.duplicateOption, { options: m.duplicateOption });
    input.options.forEach((option, index) => {
      if (option.id && !known.has(option.id)) throw badRequest(m.optionNotFound, { [`options.${index}.id`]: m.optionNotFound });
    });
    const removed = before.filter((option) => !ids.includes(option.id));
    const held = removed.find((option) => option.holders > 0);
    if (held) throw conflict(m.optionHeld(held.label, held.holders));
    if (removed.length > 0)
      await tx.delete(paymentOption).where(
        inArray(
          paymentOption.id,
          removed.map((option) => option.id),
        ),
      );

    let changed = removed.length > 0;
    for (const [position, option] of input.options.entries()) {
      const values = { label: option.label, instalments: inDueOrder(option.instalments), position };
      const old = option.id ? known.get(option.id) : undefined;
      if (!old) {
        await tx.insert(paymentOption).values({ id: randomUUID(), courseId, ...values });
        changed = true;
      } else {
        const moved = before.indexOf(old) !== position;
        if (!sameOption(old, values) || moved) {
          await tx
            .update(paymentOption)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(paymentOption.id, old.id));
          changed = true;
        }
      }
    }
    if (changed)
      await logChange(tx, {
        kind: 'pagos',
        courseId,
        userId: null,
        actor,
        summary: m.planLogged(input.options.map((option) => option.label)),
      });
    if (courseRow!.paymentReminders !== input.reminders) {
      await tx
        .update(course)
        .set({ paymentReminders: input.reminders, updatedAt: sql`now()` })
        .where(eq(course.id, courseId));
      await logChange(tx, { kind: 'pagos', courseId, userId: null, actor, summary: m.remindersLogged(input.reminders) });
    }
    return { options: await planOf(tx, courseId), reminders: input.reminders };
  });
}

/** The option a trainee pays by (null: none). Answers where they stand now. */
export async function setTraineeOption(
  db: Db,
  courseId: string,
  userId: string,
  optionId: string | null,
  actor: Actor,
  today: string,
): Promise<PaymentStatus> {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    await lockTrainee(tx, courseId, userId);
    const [current] = await tx
      .select({ optionId: traineePlan.optionId })
      .from(traineePlan)
      .where(and(eq(traineePlan.courseId, courseId), eq(traineePlan.userId, userId)));
    if (optionId === null) {
      if (current) {
        await tx.delete(traineePlan).where(and(eq(traineePlan.courseId, courseId), eq(traineePlan.userId, userId)));
        await logChange(tx, { kind: 'pagos', courseId, userId, actor, summary: m.optionClearedLogged });
      }
    } else if (current?.optionId !== optionId) {
      const [option] = await tx
        .select({ id: paymentOption.id, label: paymentOption.label })
        .from(paymentOption)
        .where(and(eq(paymentOption.id, optionId), eq(paymentOption.courseId, courseId)));
      if (!option) throw badRequest(m.optionNotFound, { optionId: m.optionNotFound });
      await tx
        .insert(traineePlan)
        .values({ courseId, userId, optionId })
        .onConflictDoUpdate({ target: [traineePlan.courseId, traineePlan.userId], set: { optionId, updatedAt: sql`now()` } });
      await logChange(tx, { kind: 'pagos', courseId, userId, actor, summary: m.optionLogged(option.label) });
    }
    return (await paymentStatuses(tx, courseId, [userId], today)).get(userId)!;
  });
}

/**
 * 'Registrar pago' for a trainee with the course enabled (else the 404 of a missing one), on a day
 * not after `today`; in the same transaction, the modules it now pays for are enabled (unlock.ts).
 */
export async function recordPayment(db: Db, courseId: string, input: PaymentInput, actor: Actor, today: string): Promise<PaymentRecorded> {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    await lockTrainee(tx, courseId, input.userId);
    if (input.paidOn > today) throw badRequest(m.paidOnFuture, { paidOn: m.paidOnFuture });
    const id = randomUUID();
    await tx.insert(payment).values({
      id,
      courseId,
      userId: input.userId,
      amount: input.amount,
      paidOn: input.paidOn,
      method: input.method,
      note: input.note ?? '',
      recordedBy: actor.id,
    });
    await logChange(tx, {
      kind: 'pagos',
      courseId,
      userId: input.userId,
      actor,
      summary: m.paymentLogged(pesos(input.amount), dayText(input.paidOn), paymentMethodLabels[input.method]),
    });
    const unlocked = await unlockPaidModules(tx, courseId, input.userId, actor);
    return { payment: await readAdminPayment(tx, id), unlocked };
  });
}

/** A payment, or the 404 of a missing one. */
export async function findPayment(db: Db | Tx, paymentId: string) {
  const [row] = await db.select().from(payment).where(eq(payment.id, paymentId));
  if (!row) throw paymentNotFound();
  return row;
}

/** Attaches a stored receipt file to a payment (replacing one it had). Answers the key of the file replaced, to remove after the commit. */
export async function attachReceipt(
  db: Db,
  paymentId: string,
  file: { key: string; name: string; type: string; size: number },
  actor: Actor,
): Promise<{ replaced: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
    if (!row) throw paymentNotFound();
    await tx
      .update(payment)
      .set({ receiptKey: file.key, receiptName: file.name, receiptType: file.type, receiptSize: file.size })
      .where(eq(payment.id, paymentId));
    await logChange(tx, {
      kind: 'pagos',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.receiptLogged(pesos(row.amount), dayText(row.paidOn)),
    });
    return { replaced: row.receiptKey };
  });
}

/**
 * Deletes a payment (a mistake, a refund). The modules it enabled stay enabled and every answer
 * stays: access already given is never taken back by money. Answers the row, for its receipt file.
 */
export async function deletePayment(db: Db, paymentId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(payment).where(eq(payment.id, paymentId)).returning();
    if (!row) throw paymentNotFound();
    await logChange(tx, {
      kind: 'pagos',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.paymentDeletedLogged(pesos(row.amount), dayText(row.paidOn), paymentMethodLabels[row.method]),
    });
    return row;
  });
}

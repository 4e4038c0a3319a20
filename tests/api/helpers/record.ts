// The parts of a trainee's record for the tests that read them (the trainee's page, the class
// board), written straight to their tables: each part's own tests go through its routes.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../src/server/context.ts';
import { attendance, fitnessResult, lesson, observation, payment, paymentOption, traineePlan } from '../../../src/server/db/schema.ts';
import { instantOf } from '../../../src/shared/calendar.ts';
import type { AttendanceStatus } from '../../../src/shared/schemas/lessons.ts';

/** A class of the course on `day` (yyyy-mm-dd) at 9:00 in the course's zone, 4 hours. */
export async function buildLesson(ctx: AppContext, courseId: string, day: string, topic = 'Reglas') {
  const id = randomUUID();
  await ctx.db.insert(lesson).values({
    id,
    courseId,
    startsAt: instantOf(day, '09:00'),
    durationMinutes: 240,
    place: 'Club Ferro',
    topic,
    codeSecret: randomUUID(),
  });
  return id;
}

export async function markAttendance(ctx: AppContext, lessonId: string, userId: string, status: AttendanceStatus) {
  await ctx.db.insert(attendance).values({ lessonId, userId, status, source: 'instructor' });
}

/** An option of the course's plan: 'Dos cuotas de $3000' due on the 10th of November and December 2026 by default. */
export async function buildPaymentOption(
  ctx: AppContext,
  courseId: string,
  label = 'Dos cuotas de $3000',
  instalments = [
    { amount: 3000, dueDate: '2026-11-10' },
    { amount: 3000, dueDate: '2026-12-10' },
  ],
) {
  const id = randomUUID();
  await ctx.db.insert(paymentOption).values({ id, courseId, label, position: 0, instalments });
  return id;
}

export async function assignOption(ctx: AppContext, courseId: string, userId: string, optionId: string) {
  await ctx.db.insert(traineePlan).values({ courseId, userId, optionId });
}

export async function recordPayment(ctx: AppContext, courseId: string, userId: string, amount: number, paidOn = '2026-11-09') {
  await ctx.db.insert(payment).values({ id: randomUUID(), courseId, userId, amount, paidOn, method: 'efectivo' });
}

/** A physical test result: the level reached, or null for 'No se presentó'. */
export async function recordFitness(ctx: AppContext, courseId: string, userId: string, level: number | null, testedOn = '2026-11-21') {
  await ctx.db.insert(fitnessResult).values({ id: randomUUID(), courseId, userId, testedOn, level });
}

/** The five criteria with the same score, the first with a comment. */
export const criteriaScored = (score: number, comment = '') => ({
  ubicacion: { score, comment },
  senalizacion: { score, comment: '' },
  'sancion-progresiva': { score, comment: '' },
  comunicacion: { score, comment: '' },
  'condicion-fisica': { score, comment: '' },
});

/** A match observation with every criterion at `score`. */
export async function recordObservation(
  ctx: AppContext,
  courseId: string,
  userId: string,
  score: number,
  fields: { observedOn?: string; match?: string; comment?: string; criterionComment?: string } = {},
) {
  await ctx.db.insert(observation).values({
    id: randomUUID(),
    courseId,
    userId,
    observedOn: fields.observedOn ?? '2026-11-22',
    match: fields.match ?? 'Ferro vs. Sedalo',
    category: 'Primera B',
    observer: 'Marta Gómez',
    criteria: criteriaScored(score, fields.criterionComment ?? ''),
    comment: fields.comment ?? '',
  });
}

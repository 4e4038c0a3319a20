// The physical test's writes: the course's test (name and minimum), a trainee's result recorded
// or deleted. Each one is logged in the trainee's history in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dayText } from '../../shared/calendar.ts';
import { messages, recordMessages as m } from '../../shared/messages.ts';
import { passesFitness } from '../../shared/record-rules.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { FitnessResult, FitnessResultInput, FitnessTest, FitnessTestInput } from '../../shared/schemas/fitness.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, courseAccess, fitnessResult, user } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { logChange } from '../record/changes.ts';
import { presentFitnessResult, readFitnessTest } from './read.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;

/**
 * A trainee the instructor may add to the record of: a student with the course enabled. Anyone
 * else (no such user, an admin, a student of other courses or with the course blocked) answers
 * the same 404 as a missing user. Observations use it too.
 */
export async function findEnrolledTrainee(db: Db | Tx, courseId: string, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .innerJoin(courseAccess, and(eq(courseAccess.userId, user.id), eq(courseAccess.courseId, courseId), eq(courseAccess.enabled, true)))
    .where(and(eq(user.id, userId), eq(user.role, 'student')));
  if (!row) throw notFound(messages.userNotFound);
  return row;
}

/**
 * A day of the record (a test taken, a match observed): not after today in the course's zone.
 * `field` names the form's field in the 400.
 */
export function assertNotFuture(day: string, today: string, field: string) {
  if (day > today) throw badRequest(m.futureDay, { [field]: m.futureDay });
}

/** 'Nivel 9 (Aprobada)' or 'No se presentó', as the history says it. */
const resultText = (level: number | null, minLevel: number) =>
  level === null ? m.noShow : `${m.levelText(level)} (${passesFitness(level, minLevel) ? m.passed : m.failed})`;

export async function findFitnessTest(db: Db | Tx, courseId: string): Promise<FitnessTest> {
  await findCourse(db, courseId);
  return (await readFitnessTest(db, courseId))!;
}

/** The course's 'Prueba física': its name and minimum level (every result is judged again by it). */
export async function updateFitnessTest(db: Db, courseId: string, input: FitnessTestInput, actor: Actor): Promise<FitnessTest> {
  return db.transaction(async (tx) => {
    const before = await findFitnessTest(tx, courseId);
    if (before.name === input.name && before.minLevel === input.minLevel) return before;
    await tx
      .update(course)
      .set({ fitnessTestName: input.name, fitnessMinLevel: input.minLevel, updatedAt: sql`now()` })
      .where(eq(course.id, courseId));
    await logChange(tx, {
      kind: 'observaciones',
      courseId,
      userId: null,
      actor,
      summary: m.fitnessTestChanged(input.name, input.minLevel),
    });
    return { name: input.name, minLevel: input.minLevel };
  });
}

/** 'Registrar prueba física': a day not after `today` and the level reached, or null for 'No se presentó'. */
export async function recordFitnessResult(
  db: Db,
  target: { courseId: string; userId: string },
  input: FitnessResultInput,
  actor: Actor,
  today: string,
): Promise<FitnessResult> {
  assertNotFuture(input.testedOn, today, 'testedOn');
  return db.transaction(async (tx) => {
    const test = await findFitnessTest(tx, target.courseId);
    await findEnrolledTrainee(tx, target.courseId, target.userId);
    const [row] = await tx
      .insert(fitnessResult)
      .values({ id: randomUUID(), ...target, testedOn: input.testedOn, level: input.level, recordedBy: actor.id })
      .returning();
    await logChange(tx, {
      kind: 'observaciones',
      ...target,
      actor,
      summary: m.fitnessResultLogged(dayText(input.testedOn), resultText(input.level, test.minLevel)),
    });
    return presentFitnessResult(row!, test.minLevel);
  });
}

/** Deletes a result (a mistaken entry); the history keeps what it was. */
export const resultNotFound = () => notFound(m.fitnessResultNotFound);

export async function deleteFitnessResult(db: Db, resultId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(fitnessResult).where(eq(fitnessResult.id, resultId)).returning();
    if (!row) throw resultNotFound();
    const test = await findFitnessTest(tx, row.courseId);
    await logChange(tx, {
      kind: 'observaciones',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.fitnessResultDeletedLogged(dayText(row.testedOn), resultText(row.level, test.minLevel)),
    });
  });
}

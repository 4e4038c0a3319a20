// Match observations' writes: recorded, edited (the whole form) or deleted, each logged in the
// trainee's history in the same transaction.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dayText } from '../../shared/calendar.ts';
import { recordMessages as m } from '../../shared/messages.ts';
import { criterionKeys, observationAverage } from '../../shared/record-rules.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Observation, ObservationValues } from '../../shared/schemas/observations.ts';
import { findCourse } from '../courses/service.ts';
import type { Db } from '../db/client.ts';
import { observation, type ObservationCriteria } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { assertNotFuture, findEnrolledTrainee } from '../fitness/service.ts';
import { logChange } from '../record/changes.ts';
import { presentObservation } from './read.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;

export const observationNotFound = () => notFound(m.observationNotFound);

/** The row's fields from a checked form: the criteria in their order, nothing else. */
function fieldsOf(input: ObservationValues) {
  const criteria: ObservationCriteria = Object.fromEntries(
    criterionKeys.map((key) => [key, { score: input.criteria[key].score, comment: input.criteria[key].comment }]),
  );
  return {
    observedOn: input.observedOn,
    match: input.match,
    category: input.category,
    observer: input.observer,
    criteria,
    comment: input.comment,
  };
}

/** 'Nueva observación' of a trainee with the course enabled, on a day not after `today`. */
export async function createObservation(
  db: Db,
  target: { courseId: string; userId: string },
  input: ObservationValues,
  actor: Actor,
  today: string,
): Promise<Observation> {
  assertNotFuture(input.observedOn, today, 'observedOn');
  return db.transaction(async (tx) => {
    await findCourse(tx, target.courseId);
    await findEnrolledTrainee(tx, target.courseId, target.userId);
    const [row] = await tx
      .insert(observation)
      .values({ id: randomUUID(), ...target, ...fieldsOf(input), recordedBy: actor.id })
      .returning();
    await logChange(tx, {
      kind: 'observaciones',
      ...target,
      actor,
      summary: m.observationLogged(dayText(input.observedOn), input.match, observationAverage(input.criteria)),
    });
    return presentObservation(row!);
  });
}

/** 'Editar': replaces the whole form. */
export async function updateObservation(db: Db, observationId: string, input: ObservationValues, actor: Actor, today: string) {
  assertNotFuture(input.observedOn, today, 'observedOn');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(observation)
      .set({ ...fieldsOf(input), updatedAt: sql`now()` })
      .where(eq(observation.id, observationId))
      .returning();
    if (!row) throw observationNotFound();
    await logChange(tx, {
      kind: 'observaciones',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.observationChangedLogged(dayText(input.observedOn), input.match, observationAverage(input.criteria)),
    });
    return presentObservation(row);
  });
}

/** Deletes an observation; the history keeps which one it was. */
export async function deleteObservation(db: Db, observationId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(observation).where(eq(observation.id, observationId)).returning();
    if (!row) throw observationNotFound();
    await logChange(tx, {
      kind: 'observaciones',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.observationDeletedLogged(dayText(row.observedOn), row.match),
    });
  });
}

// Match observations' writes: recorded, edited (the whole form) or deleted, each logged in the
// trainee's history in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { dayText } from '../../shared/calendar.ts';
import { matchReviewMessages, recordMessages as m } from '../../shared/messages.ts';
import { criterionKeys, observationAverage } from '../../shared/record-rules.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Observation, ObservationValues } from '../../shared/schemas/observations.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { match, observation, type ObservationCriteria } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { assertNotFuture, findEnrolledTrainee } from '../fitness/service.ts';
import { logChange } from '../record/changes.ts';
import { linkedMatchesOf, presentObservation } from './read.ts';

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
    matchId: input.matchId,
  };
}

/** 'Partido en video' names a match of the trainee (uploaded or refereed as the pair) in this course, or none. */
async function checkLinkedMatch(db: Db | Tx, matchId: string | null, target: { courseId: string; userId: string }) {
  if (matchId === null) return;
  const [found] = await db
    .select({ id: match.id })
    .from(match)
    .where(
      and(
        eq(match.id, matchId),
        eq(match.courseId, target.courseId),
        or(eq(match.uploadedBy, target.userId), eq(match.partnerId, target.userId)),
      ),
    );
  if (!found) throw badRequest(matchReviewMessages.matchNotOfTrainee, { matchId: matchReviewMessages.matchNotOfTrainee });
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
    await checkLinkedMatch(tx, input.matchId, target);
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
    return presentObservation(row!, await linkedMatchesOf(tx, [row!]));
  });
}

/** 'Editar': replaces the whole form. */
export async function updateObservation(db: Db, observationId: string, input: ObservationValues, actor: Actor, today: string) {
  assertNotFuture(input.observedOn, today, 'observedOn');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ courseId: observation.courseId, userId: observation.userId })
      .from(observation)
      .where(eq(observation.id, observationId));
    if (!current) throw observationNotFound();
    await checkLinkedMatch(tx, input.matchId, current);
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
    return presentObservation(row, await linkedMatchesOf(tx, [row]));
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

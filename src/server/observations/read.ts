// How match observations are read and shown: a trainee's observations newest first with each
// average and their overall one, the averages of many trainees at once (the class board), and
// the one presenter of an observation.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { criterionKeys, observationAverage, overallAverage, type CriteriaScores } from '../../shared/record-rules.ts';
import type { Observation, ObservationAverage, TraineeObservations } from '../../shared/schemas/observations.ts';
import type { Db, Tx } from '../db/client.ts';
import { match, observation, type ObservationCriteria } from '../db/schema.ts';
import { summariesOf } from '../match-review/read.ts';
import { someOf } from '../fitness/read.ts';

export type ObservationRow = typeof observation.$inferSelect;

/** The stored criteria with every criterion present (a row always has the five; this keeps the shape exact). */
function criteriaOf(stored: ObservationCriteria): Observation['criteria'] {
  return Object.fromEntries(
    criterionKeys.map((key) => [key, { score: stored[key]?.score ?? 0, comment: stored[key]?.comment ?? '' }]),
  ) as Observation['criteria'];
}

/** The matches on video some observations were made from, by id, each with its comments' summary. */
export async function linkedMatchesOf(db: Db | Tx, rows: ObservationRow[]): Promise<Map<string, Observation['linkedMatch']>> {
  const ids = [...new Set(rows.map((row) => row.matchId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const [matches, summaries] = await Promise.all([
    db.select({ id: match.id, title: match.title, playedOn: match.playedOn }).from(match).where(inArray(match.id, ids)),
    summariesOf(db, ids),
  ]);
  return new Map(matches.map((m) => [m.id, { ...m, summary: summaries.get(m.id) ?? [] }]));
}

/** The one shape of an observation, with its average (and its match, when `linked` has it). */
export function presentObservation(row: ObservationRow, linked: Map<string, Observation['linkedMatch']> = new Map()): Observation {
  const criteria = criteriaOf(row.criteria);
  return {
    id: row.id,
    observedOn: row.observedOn,
    match: row.match,
    category: row.category,
    observer: row.observer,
    criteria,
    comment: row.comment,
    linkedMatch: (row.matchId && linked.get(row.matchId)) || null,
    average: observationAverage(criteria),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One observation by id, or undefined. */
export async function readObservation(db: Db | Tx, observationId: string): Promise<ObservationRow | undefined> {
  const [row] = await db.select().from(observation).where(eq(observation.id, observationId));
  return row;
}

/** A trainee's observations in a course, newest first, with their overall average. */
export async function observationsOf(db: Db | Tx, courseId: string, userId: string): Promise<TraineeObservations> {
  const rows = await db
    .select()
    .from(observation)
    .where(and(eq(observation.courseId, courseId), eq(observation.userId, userId)))
    .orderBy(desc(observation.observedOn), desc(observation.createdAt), desc(observation.id));
  const linked = await linkedMatchesOf(db, rows);
  const observations = rows.map((row) => presentObservation(row, linked));
  return {
    count: observations.length,
    average: overallAverage(observations.map((o) => o.criteria)),
    observations,
  };
}

/** Each trainee's number of observations and overall average in a course, for a list of trainees in one statement. */
export async function observationAverages(
  db: Db | Tx,
  courseId: string,
  userIds: readonly string[],
): Promise<Map<string, ObservationAverage>> {
  const averages = new Map<string, ObservationAverage>(userIds.map((id) => [id, { count: 0, average: null }]));
  if (userIds.length === 0) return averages;
  const rows = await db
    .select({ userId: observation.userId, criteria: observation.criteria })
    .from(observation)
    .where(and(eq(observation.courseId, courseId), someOf(observation.userId, userIds)));
  const scores = new Map<string, CriteriaScores[]>();
  for (const row of rows) {
    if (!averages.has(row.userId)) continue;
    const list = scores.get(row.userId) ?? [];
    list.push(criteriaOf(row.criteria));
    scores.set(row.userId, list);
  }
  for (const [userId, observed] of scores) averages.set(userId, { count: observed.length, average: overallAverage(observed) });
  return averages;
}

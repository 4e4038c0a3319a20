import { and, eq, inArray, sql } from 'drizzle-orm';
import { progressFromSummary, type ModuleProgress } from '../../shared/activity-state.ts';
import type { Db } from '../db/client.ts';
import { activity, activityItem } from '../db/schema.ts';

/** Each module's state for one user, in one query, keyed by module id. */
export async function progressByModule(db: Db, userId: string, moduleIds: string[]): Promise<Map<string, ModuleProgress>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .select({
      moduleId: activity.moduleId,
      submitted: activity.submitted,
      items: sql<number>`count(${activityItem.id})::int`,
      correct: sql<number>`count(*) filter (where ${activityItem.correction} is true)::int`,
      incorrect: sql<number>`count(*) filter (where ${activityItem.correction} is false)::int`,
    })
    .from(activity)
    .leftJoin(activityItem, eq(activityItem.activityId, activity.id))
    .where(and(eq(activity.userId, userId), inArray(activity.moduleId, moduleIds)))
    .groupBy(activity.id);
  return new Map(rows.map((row) => [row.moduleId, progressFromSummary(row)]));
}

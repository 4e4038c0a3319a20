import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JugadaScore } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { jugada, jugadaAnswer } from '../db/schema.ts';

/**
 * Right on the first attempt, per module, of how many jugadas each has (modules with none are
 * left out). Archived jugadas do not count: the trainee no longer sees them (their answers come
 * back into the score when the jugada is restored). The pages' statement counts the same way.
 */
export async function jugadaScores(db: Db | Tx, userId: string, moduleIds: string[]): Promise<Map<string, JugadaScore>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .select({
      moduleId: jugada.moduleId,
      total: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${jugadaAnswer.correct})::int`,
    })
    .from(jugada)
    .leftJoin(jugadaAnswer, and(eq(jugadaAnswer.jugadaId, jugada.id), eq(jugadaAnswer.userId, userId)))
    .where(and(inArray(jugada.moduleId, moduleIds), isNull(jugada.archivedAt)))
    .groupBy(jugada.moduleId);
  return new Map(rows.map((r) => [r.moduleId, { correct: r.correct, total: r.total }]));
}

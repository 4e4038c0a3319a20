import { sql, type SQL } from 'drizzle-orm';
import type { JugadaScore } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { jugada, jugadaAnswer } from '../db/schema.ts';

/**
 * A student's jugadas score in a module: of its jugadas (archived ones left out: the student no
 * longer sees them, and their answers count again if one is restored; those only for exams too:
 * they are not practice), how many they got right on the first attempt. A query for the module
 * `moduleId` and the student `userId` (SQL), used alone or as part of a module's read.
 */
export const jugadaScoreSql = (moduleId: SQL, userId: SQL) => sql`
  select count(*)::int as total, (count(*) filter (where ja.correct))::int as correct
  from ${jugada} j left join ${jugadaAnswer} ja on ja.jugada_id = j.id and ja.user_id = ${userId}
  where j.module_id = ${moduleId} and j.archived_at is null and j.use <> 'examen'`;

/** The score of one module, or null when it has no jugadas. */
export async function jugadaScore(db: Db | Tx, userId: string, moduleId: string): Promise<JugadaScore | null> {
  const [row] = rowsOf<JugadaScore>(await db.execute(jugadaScoreSql(sql`${moduleId}`, sql`${userId}`)));
  return row && row.total > 0 ? row : null;
}

import { sql, type SQL } from 'drizzle-orm';
import type { JugadaScore } from '../../shared/schemas/content.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { courseModule, jugada, jugadaAnswer } from '../db/schema.ts';

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

/**
 * The course's practice jugadas (active modules; archived jugadas and those only for exams left
 * out, as in `jugadaScoreSql`), and of them how many each trainee answered (an answer is final)
 * and got right. Two statements for the whole list of trainees.
 */
export async function courseJugadaScores(
  db: Db | Tx,
  courseId: string,
  userIds: string[],
): Promise<{ total: number; of: (userId: string) => { answered: number; correct: number } }> {
  const practice = sql`select j.id from ${jugada} j join ${courseModule} m on m.id = j.module_id
    where m.course_id = ${courseId} and m.archived_at is null and j.archived_at is null and j.use <> 'examen'`;
  const [totalRow] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from (${practice}) p`));
  const rows =
    userIds.length === 0
      ? []
      : rowsOf<{ userId: string; answered: number; correct: number }>(
          await db.execute(sql`select ja.user_id as "userId", count(*)::int as answered, (count(*) filter (where ja.correct))::int as correct
            from ${jugadaAnswer} ja where ja.jugada_id in (${practice}) and ja.user_id in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            group by ja.user_id`),
        );
  const byUser = new Map(rows.map((row) => [row.userId, { answered: Number(row.answered), correct: Number(row.correct) }]));
  return { total: Number(totalRow?.total ?? 0), of: (userId) => byUser.get(userId) ?? { answered: 0, correct: 0 } };
}

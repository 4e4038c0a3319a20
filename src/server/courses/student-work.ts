import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/**
 * Whether any student did something in the modules `moduleIds` selects (a subquery, which may
 * refer to the outer query's module): an answer written or submitted, a correction, a forum
 * message, a jugada answered, an exam attempt started. What makes a course or module something to
 * archive, never delete.
 */
export const studentWorkIn = (moduleIds: SQL) => sql<boolean>`(
  exists (select 1 from activity a where a.module_id in (${moduleIds})
          and (a.submitted_at is not null or a.corrected_at is not null
               or exists (select 1 from activity_item i where i.activity_id = a.id and coalesce(i.answer, '') <> '')))
  or exists (select 1 from forum_message f where f.module_id in (${moduleIds}) and not f.is_admin)
  or exists (select 1 from jugada_answer ja join jugada j on j.id = ja.jugada_id where j.module_id in (${moduleIds}))
  or exists (select 1 from exam_attempt ea join exam e on e.id = ea.exam_id where e.module_id in (${moduleIds}))
)`;

/** The same, asked on its own. */
export async function hasStudentWork(db: Db | Tx, moduleIds: SQL): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`select ${studentWorkIn(moduleIds)} as found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

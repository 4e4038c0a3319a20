// 'Jugadas del curso': every clip of a course in one list for the admin, with its tags, its use
// and how the class did on first attempts; and the course's tags, which the filter and the
// form's suggestions offer.
import { sql } from 'drizzle-orm';
import { tagKey, type CourseJugadas, type JugadaUse } from '../../shared/schemas/jugadas.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { courseModule, jugada, jugadaAnswer } from '../db/schema.ts';

type Row = Omit<CourseJugadas['jugadas'][number], 'percentCorrect'> & { use: JugadaUse };

/**
 * The course's clips in course order (module, then the module's own order), archived modules and
 * jugadas too, each numbered as its pages number it, with its first attempts counted (the
 * primary key of `jugada_answer` starts with the jugada, so each count is an index range).
 */
const courseJugadasSql = (courseId: string) => sql`
  select j.id, j.module_id as "moduleId", m.name as "moduleName", m.number as "moduleNumber",
    m.archived_at is not null as "moduleArchived",
    (row_number() over (partition by j.module_id order by j.position, j.created_at))::int as number,
    j.prompt, j.tags, j.use, j.archived_at is not null as archived, a.answered, a.correct
  from ${jugada} j
  join (
    select id, name, archived_at, (row_number() over (order by position, created_at))::int as number
    from ${courseModule} where course_id = ${courseId}
  ) m on m.id = j.module_id
  cross join lateral (
    select count(*)::int as answered, (count(*) filter (where ja.correct))::int as correct
    from ${jugadaAnswer} ja where ja.jugada_id = j.id
  ) a
  order by m.number, number`;

/** Each tag with how many clips have it, spelled as first met, in alphabetical order. */
function countTags(rows: Row[]): CourseJugadas['tags'] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const row of rows) {
    for (const tag of row.tags) {
      const found = counts.get(tagKey(tag));
      if (found) found.count += 1;
      else counts.set(tagKey(tag), { tag, count: 1 });
    }
  }
  const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  return [...counts.values()].sort((a, b) => byName.compare(a.tag, b.tag));
}

/** The course's clips (only those tagged `tag`, ignoring case and accents, when given) and all its tags. */
export async function courseJugadas(db: Db, courseId: string, tag?: string): Promise<CourseJugadas> {
  const rows = rowsOf<Row>(await db.execute(courseJugadasSql(courseId)));
  const wanted = tag ? tagKey(tag) : null;
  const shown = wanted === null ? rows : rows.filter((row) => row.tags.some((t) => tagKey(t) === wanted));
  return {
    jugadas: shown.map((row) => ({
      ...row,
      percentCorrect: row.answered ? Math.round((row.correct / row.answered) * 100) : null,
    })),
    tags: countTags(rows),
  };
}

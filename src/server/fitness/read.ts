// How the physical test is read and shown: a trainee's results judged against the course's
// current minimum (so changing the minimum re-judges them), the status of many trainees at once
// (the class board), and the one presenter of a result.
import { and, desc, eq, inArray, type AnyColumn } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { fitnessStatus, passesFitness, type FitnessStatus } from '../../shared/record-rules.ts';
import type { FitnessResult, FitnessTest, TraineeFitness } from '../../shared/schemas/fitness.ts';
import type { Db, Tx } from '../db/client.ts';
import { course, fitnessResult } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type FitnessRow = Pick<typeof fitnessResult.$inferSelect, 'id' | 'testedOn' | 'level'>;

/** The one shape of a result: its verdict comes from the minimum given, never from the row. */
export function presentFitnessResult(row: FitnessRow, minLevel: number): FitnessResult {
  return { id: row.id, testedOn: row.testedOn, level: row.level, passed: passesFitness(row.level, minLevel) };
}

/** The course's test (name and minimum), or undefined for a course that does not exist. */
export async function readFitnessTest(db: Db | Tx, courseId: string): Promise<FitnessTest | undefined> {
  const [row] = await db
    .select({ name: course.fitnessTestName, minLevel: course.fitnessMinLevel })
    .from(course)
    .where(eq(course.id, courseId));
  return row;
}

/** Up to a page of trainees by id; a longer list (a whole class's CSV) reads the course's rows and keeps theirs. */
export const someOf = (column: AnyColumn, ids: readonly string[]) => (ids.length <= 1_000 ? inArray(column, [...ids]) : undefined);

const newestFirst = [desc(fitnessResult.testedOn), desc(fitnessResult.createdAt), desc(fitnessResult.id)];

/** A trainee's physical test in a course: the test, their status and their results, newest first. */
export async function fitnessOf(db: Db | Tx, courseId: string, userId: string): Promise<TraineeFitness> {
  const [test, rows] = await Promise.all([
    readFitnessTest(db, courseId),
    db
      .select({ id: fitnessResult.id, testedOn: fitnessResult.testedOn, level: fitnessResult.level })
      .from(fitnessResult)
      .where(and(eq(fitnessResult.courseId, courseId), eq(fitnessResult.userId, userId)))
      .orderBy(...newestFirst),
  ]);
  if (!test) throw notFound(messages.courseNotFound);
  return {
    testName: test.name,
    minLevel: test.minLevel,
    status: fitnessStatus(
      rows.map((row) => row.level),
      test.minLevel,
    ),
    results: rows.map((row) => presentFitnessResult(row, test.minLevel)),
  };
}

/** Each trainee's status in a course (null: no result yet), for a list of trainees in one statement. */
export async function fitnessStatuses(
  db: Db | Tx,
  courseId: string,
  userIds: readonly string[],
): Promise<Map<string, FitnessStatus | null>> {
  const statuses = new Map<string, FitnessStatus | null>(userIds.map((id) => [id, null]));
  if (userIds.length === 0) return statuses;
  const rows = await db
    .select({ userId: fitnessResult.userId, level: fitnessResult.level, minLevel: course.fitnessMinLevel })
    .from(fitnessResult)
    .innerJoin(course, eq(course.id, fitnessResult.courseId))
    .where(and(eq(fitnessResult.courseId, courseId), someOf(fitnessResult.userId, userIds)));
  const levels = new Map<string, Array<number | null>>();
  for (const row of rows) {
    if (!statuses.has(row.userId)) continue;
    const list = levels.get(row.userId) ?? [];
    list.push(row.level);
    levels.set(row.userId, list);
  }
  const minLevel = rows[0]?.minLevel ?? 0;
  for (const [userId, taken] of levels) statuses.set(userId, fitnessStatus(taken, minLevel));
  return statuses;
}

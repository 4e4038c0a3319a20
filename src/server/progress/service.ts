import { and, asc, count, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import {
  approvalCellText,
  attendanceCellText,
  BOARD_PAGE_SIZE,
  boardStateLabels,
  boardStateOf,
  boardStates,
  examCellText,
  fitnessCellText,
  observationsCellText,
  paymentsCellText,
  allBoardColumns,
  type BoardColumns,
  type BoardPayments,
  type BoardState,
  type ProgressBoard,
} from '../../shared/schemas/progress.ts';
import { dayOf } from '../../shared/calendar.ts';
import type { FitnessStatus } from '../../shared/record-rules.ts';
import type { Db } from '../db/client.ts';
import { account, activity, activityItem, courseAccess, courseModule, moduleAccess, user, videoProgress } from '../db/schema.ts';
import { qualified } from '../db/qualified.ts';
import { knownLength, percentOf } from '../watched/service.ts';
import { findCourse } from '../courses/service.ts';
import { escapeLike, fold } from '../users/list-users.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { bestResults, courseExams } from '../exams/read.ts';
import { attendanceSummaries } from '../lessons/read.ts';
import { paymentStatuses } from '../payments/read.ts';
import { fitnessStatuses } from '../fitness/read.ts';
import { observationAverages } from '../observations/read.ts';
import { traineeOutcomes } from '../approval/read.ts';
import { summaryWithout, type ApprovalRequirements, type Outcome, type TraineeOutcome } from '../../shared/approval-rules.ts';

/** The students of a course: students with the course enabled, optionally filtered by name or email. */
function studentFilter(courseId: string, search: string | undefined): SQL {
  const term = search?.trim();
  return and(
    eq(user.role, 'student'),
    sql`exists (select 1 from ${courseAccess} where ${courseAccess.userId} = ${user.id} and ${courseAccess.courseId} = ${courseId} and ${courseAccess.enabled})`,
    term ? like(user.searchText, `%${escapeLike(fold(term))}%`) : undefined,
  )!;
}

const activeModules = (db: Db, courseId: string) =>
  db
    .select({ id: courseModule.id, name: courseModule.name })
    .from(courseModule)
    .where(and(eq(courseModule.courseId, courseId), isNull(courseModule.archivedAt)))
    .orderBy(asc(courseModule.position), asc(courseModule.createdAt));

/** The user never chose a password: their invitation is not accepted yet (better-auth's credential account). */
const invitationPendingOf = (userId: typeof user.id | typeof moduleAccess.userId) =>
  sql<boolean>`not exists (select 1 from ${account} where ${account.userId} = ${qualified(userId)} and ${account.providerId} = 'credential')`;

/**
 * Every enabled module of the course for the students `who` selects, with the counts the
 * module state is derived from (one row per student and module; no row = not enabled).
 */
function enabledCells(db: Db, courseId: string, who: SQL) {
  return db
    .select({
      userId: moduleAccess.userId,
      moduleId: moduleAccess.moduleId,
      invitationPending: invitationPendingOf(moduleAccess.userId).as('invitation_pending'),
      submitted: sql<boolean>`coalesce(${activity.submitted}, false)`.as('submitted'),
      items: sql<number>`count(${activityItem.id})::int`.as('items'),
      correct: sql<number>`(count(*) filter (where ${activityItem.correction} is true))::int`.as('correct'),
      incorrect: sql<number>`(count(*) filter (where ${activityItem.correction} is false))::int`.as('incorrect'),
    })
    .from(moduleAccess)
    .innerJoin(
      courseModule,
      and(eq(courseModule.id, moduleAccess.moduleId), eq(courseModule.courseId, courseId), isNull(courseModule.archivedAt)),
    )
    .leftJoin(activity, and(eq(activity.userId, moduleAccess.userId), eq(activity.moduleId, moduleAccess.moduleId)))
    .leftJoin(activityItem, eq(activityItem.activityId, activity.id))
    .where(and(eq(moduleAccess.enabled, true), who))
    .groupBy(moduleAccess.userId, moduleAccess.moduleId, activity.id, activity.submitted);
}

/** Each student's best result at each exam, looked up by student and exam. */
async function examResultsOf(db: Db, exams: Array<{ id: string }>, userIds: string[]) {
  const best = await bestResults(
    db,
    exams.map((e) => e.id),
    userIds,
  );
  const byKey = new Map(
    best.map((result) => [`${result.userId}:${result.examId}`, { scorePercent: result.scorePercent, passed: result.passed }]),
  );
  return (userId: string, examId: string) => byKey.get(`${userId}:${examId}`) ?? null;
}

/** A student's columns of the trainee's record: attendance, payments, physical test, observations. */
interface RecordCells {
  attendance: number | null;
  payments: BoardPayments;
  fitness: FitnessStatus | null;
  observations: number | null;
}

/** The record columns of the students `userIds`: one batch read per part, whatever the number of students. */
async function recordCellsOf(db: Db, courseId: string, userIds: string[], now: Date): Promise<(userId: string) => RecordCells> {
  const [attendance, payments, fitness, observations] = await Promise.all([
    attendanceSummaries(db, courseId, userIds, now),
    paymentStatuses(db, courseId, userIds, dayOf(now)),
    fitnessStatuses(db, courseId, userIds),
    observationAverages(db, courseId, userIds),
  ]);
  return (userId) => {
    const status = payments.get(userId);
    return {
      attendance: attendance.get(userId)?.percent ?? null,
      payments: { planned: Boolean(status?.option), owed: status?.owed ?? 0, overdue: status?.overdue.length ?? 0 },
      fitness: fitness.get(userId) ?? null,
      observations: observations.get(userId)?.average ?? null,
    };
  };
}

const emptyTotals = (): Record<BoardState, number> =>
  Object.fromEntries(boardStates.map((state) => [state, 0])) as Record<BoardState, number>;

/**
 * One page of the class progress board. Paged on the server: whatever the size of the class, a
 * fixed number of queries — the modules, the page of students (with the count), their cells, what
 * they watched of each module video, the totals per module (grouped in the database), their
 * exams, and one batch read of each part of their record.
 */
export async function progressBoard(
  db: Db,
  courseId: string,
  options: { search?: string | undefined; page: number; outcome?: Outcome | undefined },
  now: Date,
  shows: BoardColumns = allBoardColumns,
): Promise<ProgressBoard> {
  const course = await findCourse(db, courseId);
  const { filter, ids: filtered, outcomes: judged } = await boardFilter(db, course, options, now);
  const studentColumns = { id: user.id, name: user.name, email: user.email, invitationPending: invitationPendingOf(user.id) };
  const offset = (options.page - 1) * BOARD_PAGE_SIZE;
  const [modules, students, [{ total } = { total: 0 }]] = await Promise.all([
    activeModules(db, courseId),
    filtered
      ? db
          .select(studentColumns)
          .from(user)
          .where(inArray(user.id, filtered.slice(offset, offset + BOARD_PAGE_SIZE).concat('')))
          .orderBy(asc(user.name), asc(user.id))
      : db.select(studentColumns).from(user).where(filter).orderBy(asc(user.name), asc(user.id)).limit(BOARD_PAGE_SIZE).offset(offset),
    filtered ? [{ total: filtered.length }] : db.select({ total: count() }).from(user).where(filter),
  ]);

  const pageIds = students.map((t) => t.id);
  const inFilter = filtered
    ? inArray(moduleAccess.userId, filtered.concat(''))
    : sql`${moduleAccess.userId} in (select ${user.id} from ${user} where ${filter})`;
  const approvalOf = judged ?? (await traineeOutcomes(db, course, now, pageIds));
  const moduleIds = modules.map((m) => m.id);
  const [cells, grouped, watchedRows] = await Promise.all([
    pageIds.length ? enabledCells(db, courseId, inArray(moduleAccess.userId, pageIds)) : Promise.resolve([]),
    totalsQuery(db, courseId, inFilter),
    pageIds.length && moduleIds.length
      ? db
          .select({
            userId: videoProgress.userId,
            moduleId: videoProgress.moduleId,
            seconds: videoProgress.watchedSeconds,
            duration: knownLength,
          })
          .from(videoProgress)
          .innerJoin(courseModule, eq(courseModule.id, videoProgress.moduleId))
          .where(and(inArray(videoProgress.userId, pageIds), inArray(videoProgress.moduleId, moduleIds)))
      : Promise.resolve([]),
  ]);
  const watchedOf = new Map(watchedRows.map((row) => [`${row.userId}:${row.moduleId}`, percentOf(row.seconds, row.duration)]));

  const stateOf = new Map(cells.map((cell) => [`${cell.userId}:${cell.moduleId}`, boardStateOf(cell)]));
  const exams = await courseExams(db, courseId);
  const [resultOf, recordOf] = await Promise.all([examResultsOf(db, exams, pageIds), recordCellsOf(db, courseId, pageIds, now)]);
  const totals = new Map(modules.map((m) => [m.id, emptyTotals()]));
  for (const row of grouped) {
    const moduleTotals = totals.get(row.moduleId);
    if (moduleTotals) moduleTotals[boardStateOf(row)] += row.students;
  }
  for (const moduleTotals of totals.values()) {
    const enabled = boardStates.reduce((sum, state) => sum + moduleTotals[state], 0);
    moduleTotals['no-habilitado'] = total - enabled;
  }

  return {
    course: { id: course.id, name: course.name },
    modules: modules.map((m) => ({ id: m.id, name: m.name, totals: totals.get(m.id)! })),
    students: students.map((t) => ({
      ...t,
      states: modules.map((m) => stateOf.get(`${t.id}:${m.id}`) ?? 'no-habilitado'),
      // Only for enabled modules, like the state.
      watched: modules.map((m) => (stateOf.has(`${t.id}:${m.id}`) ? (watchedOf.get(`${t.id}:${m.id}`) ?? null) : null)),
      exams: exams.map((e) => resultOf(t.id, e.id)),
      ...withheld(recordOf(t.id), shows),
      approval: badgeOf(approvalOf.get(t.id)!, shows),
    })),
    exams: exams.map((e) => ({ id: e.id, title: e.title })),
    shows,
    total,
    page: options.page,
    pageSize: BOARD_PAGE_SIZE,
  };
}

/** A student's record columns without those the reader does not see. */
const withheld = <T extends { payments: BoardPayments; observations: number | null }>(record: T, shows: BoardColumns) => ({
  ...record,
  payments: shows.payments ? record.payments : null,
  observations: shows.observations ? record.observations : null,
});

/** 'Habilitación' as the reader may see it: its summary never names payments or observations they do not see. */
const badgeOf = (outcome: TraineeOutcome, shows: BoardColumns) => ({
  outcome: outcome.outcome,
  summary: summaryWithout(outcome, [
    ...(shows.payments ? [] : ['payments' as const]),
    ...(shows.observations ? [] : ['observation' as const]),
  ]),
});

/**
 * Who the board shows. Without 'Habilitación', the SQL filter pages in the database. With it, the
 * outcome is judged on the server from stored results, not in SQL: every student matching the
 * search is judged (one batch read per part of the record, whatever the class size) and `ids` are
 * those with that outcome, by name — the page, the count and the totals follow them.
 */
async function boardFilter(
  db: Db,
  course: { id: string; requirements: ApprovalRequirements },
  options: { search?: string | undefined; outcome?: Outcome | undefined },
  now: Date,
): Promise<{ filter: SQL; ids: string[] | null; outcomes: Map<string, TraineeOutcome> | null }> {
  const filter = studentFilter(course.id, options.search);
  if (!options.outcome) return { filter, ids: null, outcomes: null };
  const everyone = await db.select({ id: user.id }).from(user).where(filter).orderBy(asc(user.name), asc(user.id));
  const outcomes = await traineeOutcomes(
    db,
    course,
    now,
    everyone.map((row) => row.id),
  );
  const ids = everyone.map((row) => row.id).filter((id) => outcomes.get(id)?.outcome === options.outcome);
  return { filter, ids, outcomes };
}

/** How many students share each (module, counts) combination: a few rows per module whatever the class size. */
function totalsQuery(db: Db, courseId: string, who: SQL) {
  const cells = enabledCells(db, courseId, who).as('cells');
  return db
    .select({
      moduleId: cells.moduleId,
      invitationPending: cells.invitationPending,
      submitted: cells.submitted,
      items: cells.items,
      correct: cells.correct,
      incorrect: cells.incorrect,
      students: sql<number>`count(*)::int`,
    })
    .from(cells)
    .groupBy(cells.moduleId, cells.invitationPending, cells.submitted, cells.items, cells.correct, cells.incorrect);
}

/** The whole board (every student matching the filter) as CSV: semicolons and a BOM, as Excel in Spanish expects. */
export async function progressBoardCsv(
  db: Db,
  courseId: string,
  options: { search?: string | undefined; outcome?: Outcome | undefined },
  now: Date,
  shows: BoardColumns = allBoardColumns,
): Promise<{ filename: string; body: string }> {
  const course = await findCourse(db, courseId);
  const { filter, ids: filtered, outcomes: judged } = await boardFilter(db, course, options, now);
  const who = filtered ? inArray(user.id, filtered.concat('')) : filter;
  const [modules, students, cells] = await Promise.all([
    activeModules(db, courseId),
    db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(who).orderBy(asc(user.name), asc(user.id)),
    enabledCells(db, courseId, sql`${moduleAccess.userId} in (select ${user.id} from ${user} where ${who})`),
  ]);
  const stateOf = new Map(cells.map((cell) => [`${cell.userId}:${cell.moduleId}`, boardStateOf(cell)]));
  const exams = await courseExams(db, courseId);
  const userIds = students.map((t) => t.id);
  const [resultOf, recordOf, approvalOf] = await Promise.all([
    examResultsOf(db, exams, userIds),
    recordCellsOf(db, courseId, userIds, now),
    judged ?? traineeOutcomes(db, course, now, userIds),
  ]);
  const lines = [
    [
      'Nombre',
      'Email',
      ...modules.map((m) => m.name),
      ...exams.map((e) => e.title),
      'Asistencia',
      ...(shows.payments ? ['Pagos'] : []),
      'Prueba física',
      ...(shows.observations ? ['Observaciones'] : []),
      'Habilitación',
    ],
    ...students.map((t) => {
      const record = recordOf(t.id);
      return [
        t.name,
        t.email,
        ...modules.map((m) => boardStateLabels[stateOf.get(`${t.id}:${m.id}`) ?? 'no-habilitado']),
        ...exams.map((e) => examCellText(resultOf(t.id, e.id))),
        attendanceCellText(record.attendance),
        ...(shows.payments ? [paymentsCellText(record.payments)] : []),
        fitnessCellText(record.fitness),
        ...(shows.observations ? [observationsCellText(record.observations)] : []),
        approvalCellText(badgeOf(approvalOf.get(t.id)!, shows)),
      ];
    }),
  ];
  return { filename: `progreso-${fileSlug(course.name, 'curso')}.csv`, body: csvDocument(lines) };
}

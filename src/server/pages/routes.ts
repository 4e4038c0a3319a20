// The pages a student opens most, each in one request and one statement: the session and every
// piece the page shows, gathered from the resources' own reads (their queries, their presenters)
// into a single round trip. Each statement is prepared (db/prepared.ts): planned once, then only run.
// What a statement read is kept with the stamps of its data (kept-rows.ts): the same page asked for
// again with nothing changed costs one read of the session and the stamps instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { encode, type $ZodType } from 'zod/v4/core';
import { idSchema } from '../../shared/schemas/content.ts';
import type { PageWithData } from '../../shared/page-data.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { ExamLink } from '../../shared/schemas/exams.ts';
import {
  activitiesPageSchema,
  courseModulesPageSchema,
  examPageSchema,
  homePageSchema,
  modulePageSchema,
} from '../../shared/schemas/pages.ts';
import { accessSql, canViewCourse, canViewModule, isAdmin, requireRole, requireVisible, type Access } from '../access/policy.ts';
import { activitySql, isReadableArchive, presentActivity, type ActivityRow } from '../activities/read.ts';
import { activityNotFound } from '../activities/service.ts';
import { sessionUserSql, type SessionRow } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { presentCourse, visibleCoursesSql, type CourseRow } from '../courses/read.ts';
import { courseNotFound } from '../courses/service.ts';
import { jsonRow, jsonRows } from '../db/json.ts';
import { moduleExamLinksSql } from '../exams/read.ts';
import { preparedStatement, type PreparedStatement } from '../db/prepared.ts';
import { dataStamp } from '../db/schema.ts';
import { AppError, unauthorized } from '../errors.ts';
import {
  isOpen,
  listedForStudent,
  presentStudentModule,
  readModuleWithQuestions,
  studentModulesSql,
  type StudentModuleRow,
} from '../modules/read.ts';
import { moduleNotFound } from '../modules/service.ts';
import { examPage } from '../exams/routes.ts';
import { KeptRows, type KeptRow } from './kept-rows.ts';

const courseParams = z.object({ courseId: idSchema });
const moduleParams = z.object({ moduleId: idSchema });
const examParams = z.object({ examId: idSchema });

/** What every page's statement reads first: the session (`me`), and the stamps of what the pages show. */
interface Signed {
  session: SessionRow | null;
  stamps: string;
}

/**
 * The stamps of what `me`'s pages show (db/schema.ts `dataStamp`): the content everyone shares and
 * their own, as one value ('-' for a scope nothing has changed in yet).
 */
const stampsSql = (me: SQL) => sql`coalesce((select stamp from ${dataStamp} where scope = 'content'), '-') || '/' ||
  coalesce((select stamp from ${dataStamp} where scope = 'user:' || ${me}), '-')`;

/** A statement that starts with the signed-in user (`me`) and the stamps, then `select`s more. */
const signed = <P extends string, Row>(name: string, params: readonly P[], select: (p: Record<P, SQL>, me: SQL) => SQL) =>
  preparedStatement<P | 'token', Row & Signed>(name, [...params, 'token'], (p) => {
    const me = sql`(select id from me)`;
    return sql`with me as (${sessionUserSql(p.token)})
      select (select row_to_json(me) from me) as session, ${stampsSql(me)} as stamps ${select(p, me)}`;
  });

/** A page's statement: the session and the stamps, then what the page shows. */
interface PageStatement<P extends string, Row> extends PreparedStatement<P | 'token', Row & Signed> {
  readonly name: string;
}

const page = <P extends string, Row>(
  name: string,
  params: readonly P[],
  select: (p: Record<P, SQL>, me: SQL) => SQL,
): PageStatement<P, Row> => ({
  name,
  ...signed<P, Row>(name, params, (p, me) => sql`, ${select(p, me)}`),
});

/** Whether a page kept from before is still what the database holds: the session and the stamps alone. */
const stampsStatement = signed<never, object>('page_stamps', [], () => sql``);

const homePage = page<never, { courses: CourseRow[] }>('page_home', [], (_p, me) => sql`${jsonRows(visibleCoursesSql(me))} as courses`);

const courseModulesPage = page<'courseId', { found: boolean; access: Access; modules: StudentModuleRow[] }>(
  'page_course_modules',
  ['courseId'],
  ({ courseId }, me) => sql`exists (select 1 from course where id = ${courseId}) as found,
    ${jsonRow(accessSql(me, courseId))} as access,
    ${jsonRows(studentModulesSql(me, courseId))} as modules`,
);

/** The module's course's modules, the module among them (read once). */
const modulePage = page<'moduleId', { modules: StudentModuleRow[]; exams: ExamLink[] }>(
  'page_module',
  ['moduleId'],
  ({ moduleId }, me) =>
    sql`${jsonRows(studentModulesSql(me, sql`(select course_id from module where id = ${moduleId})`))} as modules,
    ${jsonRows(moduleExamLinksSql(moduleId))} as exams`,
);

const activityPage = page<'moduleId', { found: boolean; access: Access; activity: ActivityRow | null }>(
  'page_activity',
  ['moduleId'],
  ({ moduleId }, me) => sql`exists (select 1 from module where id = ${moduleId}) as found,
    ${jsonRow(accessSql(me, sql`(select course_id from module where id = ${moduleId})`, moduleId))} as access,
    ${jsonRow(activitySql(sql`a.user_id = ${me} and a.module_id = ${moduleId}`))} as activity`,
);

/** A page's answer for a request: its route's, and what the document of that page carries (http/document.ts). */
type PageLoader = (request: FastifyRequest, id: string) => Promise<unknown>;

/**
 * Each page's answer, with the authorization of the resources it shows: its route answers with it,
 * and the page's document carries it (the same function, for the document's own request).
 */
export function pageLoaders(ctx: AppContext) {
  let loaders = loadersOf.get(ctx);
  if (!loaders) loadersOf.set(ctx, (loaders = createPageLoaders(ctx)));
  return loaders;
}

/** Every statement of the pages (the tests check what they read). */
export const pageStatements = { homePage, courseModulesPage, modulePage, activityPage, stampsStatement };

const sameUser = (a: SessionUser, b: SessionUser) =>
  a.id === b.id && a.name === b.name && a.email === b.email && a.role === b.role && a.staff === b.staff;

/** One set of loaders per app (its route and its documents share what they keep). */
const loadersOf = new WeakMap<AppContext, ReturnType<typeof createPageLoaders>>();

function createPageLoaders(ctx: AppContext) {
  const { db, guards } = ctx;
  const kept = new KeptRows<Signed>();

  /**
   * Runs a page's statement for the request's session (401 without one), or answers with what it
   * read before for the same session and page when the stamps say nothing changed since.
   */
  async function load<P extends string, Row>(request: FastifyRequest, statement: PageStatement<P, Row>, values: Record<P, string>) {
    const token = guards.tokenOf(request);
    if (!token) throw unauthorized();
    const key = [statement.name, token, ...Object.values<string>(values)].join('\0');
    const before = kept.get(key) as KeptRow<Row & Signed> | undefined;
    if (before) {
      const [now] = await stampsStatement.run(db, { token });
      if (now?.session && now.stamps === before.stamps) {
        const session = await guards.sessionFromRow(request, now.session);
        if (session) return { user: session.user, row: before.row };
      }
    }
    const [row] = await statement.run(db, { ...values, token } as Record<P | 'token', string>);
    const session = await guards.sessionFromRow(request, row?.session ?? null);
    if (!session || !row) {
      kept.delete(key);
      throw unauthorized();
    }
    kept.set(key, { stamps: row.stamps, row });
    return { user: session.user, row };
  }

  // A kept row's answer for the same person is the same object (and its JSON made once: `pageJson`).
  const answers = new WeakMap<object, { user: SessionUser; answer: unknown }>();
  function answerOf<Answer>(row: object, user: SessionUser, draw: () => Answer): Answer {
    const before = answers.get(row);
    if (before && sameUser(before.user, user)) return before.answer as Answer;
    const answer = draw();
    answers.set(row, { user, answer });
    return answer;
  }

  return {
    home: async (request: FastifyRequest) => {
      const { user, row } = await load(request, homePage, {});
      return answerOf(row, user, () => ({ user, courses: row.courses.map(presentCourse) }));
    },
    courseModules: async (request: FastifyRequest, courseId: string) => {
      const { user, row } = await load(request, courseModulesPage, { courseId });
      if (!row.found) throw courseNotFound();
      requireVisible(canViewCourse(user, row.access), courseNotFound);
      return answerOf(row, user, () => ({
        user,
        modules: row.modules.filter(listedForStudent).map((module) => presentStudentModule(module)),
      }));
    },
    module: async (request: FastifyRequest, moduleId: string) => {
      const { user, row } = await load(request, modulePage, { moduleId });
      const module = row.modules.find((candidate) => candidate.id === moduleId);
      if (!module) throw moduleNotFound();
      const modules = () => row.modules.filter(listedForStudent).map((listed) => presentStudentModule(listed));
      // Admins edit modules: theirs comes with its questions (rare, a second query is fine; never kept).
      if (isAdmin(user)) return { user, module: await readModuleWithQuestions(db, module.id), modules: modules(), exams: row.exams };
      requireVisible(canViewModule(user, { courseEnabled: module.courseEnabled, moduleEnabled: isOpen(module) }), moduleNotFound);
      return answerOf(row, user, () => ({ user, module: presentStudentModule(module), modules: modules(), exams: row.exams }));
    },
    activities: async (request: FastifyRequest, moduleId: string) => {
      const { user, row } = await load(request, activityPage, { moduleId });
      if (!row.found) throw moduleNotFound();
      requireRole(user.role === 'student');
      const readable = canViewModule(user, row.access) || (row.activity !== null && isReadableArchive(row.activity));
      requireVisible(readable, moduleNotFound);
      const { activity } = row;
      if (!activity) throw activityNotFound();
      return answerOf(row, user, () => ({ user, activity: presentActivity(activity) }));
    },
    // Read afresh each time: its clock and its status are the server's now.
    exam: (request: FastifyRequest, examId: string) => examPage(ctx, request, examId),
  } satisfies Record<PageWithData, PageLoader>;
}

/** Each page's answer as JSON, as its route sends it (its schema keeps what leaves the server). */
export const pageSchemas = {
  home: homePageSchema,
  courseModules: courseModulesPageSchema,
  module: modulePageSchema,
  activities: activitiesPageSchema,
  exam: examPageSchema,
} satisfies Record<PageWithData, $ZodType>;

/** One request per page a student opens most (`pageLoaders`). */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pages = pageLoaders(ctx);

  r.get('/pages/home', { schema: { response: { 200: pageSchemas.home } } }, (request) => pages.home(request));
  r.get('/pages/courses/:courseId/modules', { schema: { params: courseParams, response: { 200: pageSchemas.courseModules } } }, (request) =>
    pages.courseModules(request, request.params.courseId),
  );
  r.get('/pages/modules/:moduleId', { schema: { params: moduleParams, response: { 200: pageSchemas.module } } }, (request) =>
    pages.module(request, request.params.moduleId),
  );
  r.get('/pages/exams/:examId', { schema: { params: examParams, response: { 200: pageSchemas.exam } } }, (request) =>
    pages.exam(request, request.params.examId),
  );
  r.get('/pages/modules/:moduleId/activity', { schema: { params: moduleParams, response: { 200: pageSchemas.activities } } }, (request) =>
    pages.activities(request, request.params.moduleId),
  );
}

/** The JSON of each answer, made once (a kept page's answer is the same object: see `answerOf`). */
const jsonOf = new WeakMap<object, string>();

/**
 * The page's answer as its route sends it, for the document of `request` (its own cookie): the
 * same loader, the same authorization; null where the route would not answer 200 (no session,
 * another course, a blocked module, a malformed id).
 */
export async function pageJson(pages: ReturnType<typeof pageLoaders>, page: PageWithData, id: string, request: FastifyRequest) {
  if (page !== 'home' && !idSchema.safeParse(id).success) return null;
  try {
    const answer = await pages[page](request, id);
    let json = jsonOf.get(answer);
    if (json === undefined) jsonOf.set(answer, (json = JSON.stringify(encode(pageSchemas[page], answer))));
    return json;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

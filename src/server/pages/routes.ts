// The pages a student opens most, each in one request and one statement: the session and every
// piece the page shows, gathered from the resources' own reads (their queries, their presenters)
// into a single round trip. Each statement is prepared (db/prepared.ts): planned once, then only run.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { encode, type $ZodType } from 'zod/v4/core';
import { idSchema } from '../../shared/schemas/content.ts';
import type { PageWithData } from '../../shared/page-data.ts';
import type { ExamLink } from '../../shared/schemas/exams.ts';
import { activitiesPageSchema, courseModulesPageSchema, homePageSchema, modulePageSchema } from '../../shared/schemas/pages.ts';
import { accessSql, canViewCourse, canViewModule, isAdmin, requireRole, requireVisible, type Access } from '../access/policy.ts';
import { activitySql, isReadableArchive, presentActivity, type ActivityRow } from '../activities/read.ts';
import { activityNotFound } from '../activities/service.ts';
import type { Guards } from '../auth/guards.ts';
import { sessionUserSql, type SessionRow } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { presentCourse, visibleCoursesSql, type CourseRow } from '../courses/read.ts';
import { courseNotFound } from '../courses/service.ts';
import { jsonRow, jsonRows } from '../db/json.ts';
import { moduleExamLinksSql } from '../exams/read.ts';
import { preparedStatement } from '../db/prepared.ts';
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

const courseParams = z.object({ courseId: idSchema });
const moduleParams = z.object({ moduleId: idSchema });

/** A page's statement: the signed-in user first (`me`), then `select` what the page shows. */
const page = <P extends string, Row>(name: string, params: readonly P[], select: (p: Record<P, SQL>, me: SQL) => SQL) =>
  preparedStatement<P | 'token', Row & { session: SessionRow | null }>(name, [...params, 'token'], (p) => {
    const me = sql`(select id from me)`;
    return sql`with me as (${sessionUserSql(p.token)}) select (select row_to_json(me) from me) as session, ${select(p, me)}`;
  });

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

/** Runs a page's statement for the request's session: 401 without one. */
async function load<P extends string, Row extends { session: SessionRow | null }>(
  request: FastifyRequest,
  guards: Guards,
  run: (values: Record<P | 'token', string>) => Promise<Row[]>,
  values: Record<P, string>,
) {
  const token = guards.tokenOf(request);
  if (!token) throw unauthorized();
  const [row] = await run({ ...values, token } as Record<P | 'token', string>);
  const session = await guards.sessionFromRow(request, row?.session ?? null);
  if (!session || !row) throw unauthorized();
  return { user: session.user, row };
}

/** A page's answer for a request: its route's, and what the document of that page carries (http/document.ts). */
type PageLoader = (request: FastifyRequest, id: string) => Promise<unknown>;

/**
 * Each page's answer, with the authorization of the resources it shows: its route answers with it,
 * and the page's document carries it (the same function, for the document's own request).
 */
export function pageLoaders({ db, guards }: AppContext) {
  return {
    home: async (request: FastifyRequest) => {
      const { user, row } = await load(request, guards, (values) => homePage.run(db, values), {});
      return { user, courses: row.courses.map(presentCourse) };
    },
    courseModules: async (request: FastifyRequest, courseId: string) => {
      const { user, row } = await load(request, guards, (values) => courseModulesPage.run(db, values), { courseId });
      if (!row.found) throw courseNotFound();
      requireVisible(canViewCourse(user, row.access), courseNotFound);
      return { user, modules: row.modules.filter(listedForStudent).map((module) => presentStudentModule(module)) };
    },
    module: async (request: FastifyRequest, moduleId: string) => {
      const { user, row } = await load(request, guards, (values) => modulePage.run(db, values), { moduleId });
      const module = row.modules.find((candidate) => candidate.id === moduleId);
      if (!module) throw moduleNotFound();
      const modules = row.modules.filter(listedForStudent).map((listed) => presentStudentModule(listed));
      // Admins edit modules: theirs comes with its questions (rare, a second query is fine).
      if (isAdmin(user)) return { user, module: await readModuleWithQuestions(db, module.id), modules, exams: row.exams };
      requireVisible(canViewModule(user, { courseEnabled: module.courseEnabled, moduleEnabled: isOpen(module) }), moduleNotFound);
      return { user, module: presentStudentModule(module), modules, exams: row.exams };
    },
    activities: async (request: FastifyRequest, moduleId: string) => {
      const { user, row } = await load(request, guards, (values) => activityPage.run(db, values), { moduleId });
      if (!row.found) throw moduleNotFound();
      requireRole(user.role === 'student');
      const readable = canViewModule(user, row.access) || (row.activity !== null && isReadableArchive(row.activity));
      requireVisible(readable, moduleNotFound);
      if (!row.activity) throw activityNotFound();
      return { user, activity: presentActivity(row.activity) };
    },
  } satisfies Record<PageWithData, PageLoader>;
}

/** Each page's answer as JSON, as its route sends it (its schema keeps what leaves the server). */
export const pageSchemas = {
  home: homePageSchema,
  courseModules: courseModulesPageSchema,
  module: modulePageSchema,
  activities: activitiesPageSchema,
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
  r.get('/pages/modules/:moduleId/activity', { schema: { params: moduleParams, response: { 200: pageSchemas.activities } } }, (request) =>
    pages.activities(request, request.params.moduleId),
  );
}

/**
 * The page's answer as its route sends it, for the document of `request` (its own cookie): the
 * same loader, the same authorization; null where the route would not answer 200 (no session,
 * another course, a blocked module, a malformed id).
 */
export async function pageJson(pages: ReturnType<typeof pageLoaders>, page: PageWithData, id: string, request: FastifyRequest) {
  if (page !== 'home' && !idSchema.safeParse(id).success) return null;
  try {
    return JSON.stringify(encode(pageSchemas[page], await pages[page](request, id)));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

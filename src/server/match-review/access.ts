// Who sees a match and its review: the trainee who uploaded it and their 'Pareja' (by ownership),
// the course's staff whose roles allow 'partidos.ver' (commenting: 'partidos.comentar'), and
// administrators — the same rule as the match's own page (matches/read.ts). Anyone else gets the
// 404 of a match that does not exist: a trainee of another course or of the same course but not
// of the pair, a member of another course's team, and a member of the course's team whose roles
// do not let them see matches (a treasurer). Those who see it but may not do something get 403.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { isStaffRole, mayDo } from '../../shared/course-roles.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import type { AppError } from '../errors.ts';
import { matchNotFound } from '../matches/read.ts';

/** What the review reads of a match to decide and to check a comment's moment. */
export interface SeenMatch {
  id: string;
  courseId: string;
  uploadedBy: string;
  partnerId: string | null;
  state: 'subiendo' | 'procesando' | 'lista' | 'fallida';
  durationSeconds: number | null;
}

export interface MatchViewer {
  user: SessionUser;
  match: SeenMatch;
  /** The uploader or their pair. */
  pair: boolean;
  /** May write comments at a moment: administrators and staff with 'partidos.comentar'. */
  mayComment: boolean;
}

interface Row extends SeenMatch {
  roles: string[] | null;
}

/** The match and the person's roles in its course, in one statement; undefined when there is no such match. */
async function readMatch(db: Db | Tx, userId: string, matchId: string): Promise<Row | undefined> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      select m.id, m.course_id as "courseId", m.uploaded_by as "uploadedBy", m.partner_id as "partnerId", m.state,
        m.duration_seconds as "durationSeconds",
        (select array_agg(cs.role order by cs.role) from course_staff cs
          where cs.course_id = m.course_id and cs.user_id = ${userId}) as "roles"
      from match m where m.id = ${matchId}`),
  );
  return row;
}

/** Decides for a match already read: the viewer, or the error to answer (`missing` for the 404). */
export function judge(user: SessionUser, row: Row | undefined, missing: () => AppError): MatchViewer {
  if (!row) throw missing();
  const { roles: rawRoles, ...match } = row;
  const roles = (rawRoles ?? []).filter(isStaffRole);
  const admin = user.role === 'admin';
  const pair = user.id === match.uploadedBy || (match.partnerId !== null && user.id === match.partnerId);
  const mayComment = admin || mayDo(roles, 'partidos.comentar');
  if (admin || pair || mayDo(roles, 'partidos.ver')) return { user, match, pair, mayComment };
  throw missing();
}

/** The signed-in person, when they may see the match (401 or the match's 404 otherwise). */
export async function viewMatch(
  db: Db,
  guards: Guards,
  request: FastifyRequest,
  matchId: string,
  missing: () => AppError = matchNotFound,
): Promise<MatchViewer> {
  const user = await guards.requireUser(request);
  return judge(user, await readMatch(db, user.id, matchId), missing);
}

/** The same for a comment: the match it belongs to, and the comment's 404 for a match one may not see. */
export async function viewCommentMatch(db: Db, guards: Guards, request: FastifyRequest, commentId: string, missing: () => AppError) {
  const user = await guards.requireUser(request);
  const [comment] = rowsOf<{ matchId: string }>(
    await db.execute(sql`select match_id as "matchId" from match_comment where id = ${commentId}`),
  );
  if (!comment) throw missing();
  return judge(user, await readMatch(db, user.id, comment.matchId), missing);
}

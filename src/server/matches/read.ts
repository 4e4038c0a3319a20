// How matches are read and shown: who may see one (its uploader, their 'Pareja', the course's staff
// who see matches, administrators — anyone else gets the 404 of an id that does not exist), the
// trainee's 'Mis partidos', a course's 'Partidos' with its storage, and the one presenter.
import { sql, type SQL } from 'drizzle-orm';
import { courseActions, type StaffRole } from '../../shared/course-roles.ts';
import { matchMessages } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { MATCH_UPLOADS_PATH, type Match, type MatchCourse, type MatchState, type MatchSummary } from '../../shared/schemas/matches.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/json.ts';
import { notFound } from '../errors.ts';

/** The stored names of a match's streaming files (written by its conversion into `match_file`). */
export const MATCH_MASTER_FILE = 'hls/master.m3u8';
export const MATCH_POSTER_FILE = 'poster.jpg';
/** The original as it was uploaded, served under this name. */
export const MATCH_ORIGINAL_FILE = 'original';

export const matchNotFound = () => notFound(matchMessages.matchNotFound);

/** A match as read for presenting, with the names it shows and what the reader may do with it. */
export interface MatchRow {
  id: string;
  courseId: string;
  courseName: string;
  playedOn: string;
  title: string;
  category: string;
  uploadedBy: string;
  uploaderName: string;
  partnerId: string | null;
  partnerName: string | null;
  state: MatchState;
  fileSize: number;
  uploadId: string | null;
  storageKey: string | null;
  mimeType: string | null;
  durationSeconds: number | null;
  sourceHeight: number | null;
  frameRate: number | null;
  processingPercent: number | null;
  processingError: string | null;
  hasPoster: boolean;
  hasStream: boolean;
  createdAt: string | Date;
  updatedAt: string | Date;
  uploadedAt: string | Date | null;
}

/** The roles allowed to see a course's matches, as SQL (`'instructor', 'observador'`). */
const viewerRoles = sql.join(
  (courseActions['partidos.ver'] as readonly StaffRole[]).map((role) => sql`${role}`),
  sql`, `,
);

const matchColumns = sql`
  m.id, m.course_id as "courseId", c.name as "courseName", to_char(m.played_on, 'YYYY-MM-DD') as "playedOn",
  m.title, m.category, m.uploaded_by as "uploadedBy", up.name as "uploaderName",
  m.partner_id as "partnerId", pa.name as "partnerName", m.state, m.file_size::float8 as "fileSize",
  m.upload_id as "uploadId", m.storage_key as "storageKey", m.mime_type as "mimeType",
  m.duration_seconds as "durationSeconds", m.source_height as "sourceHeight", m.frame_rate as "frameRate",
  m.processing_percent as "processingPercent", m.processing_error as "processingError",
  exists (select 1 from match_file f where f.match_id = m.id and f.name = ${MATCH_POSTER_FILE}) as "hasPoster",
  exists (select 1 from match_file f where f.match_id = m.id and f.name = ${MATCH_MASTER_FILE}) as "hasStream",
  m.created_at as "createdAt", m.updated_at as "updatedAt", m.uploaded_at as "uploadedAt"`;

const matchFrom = sql`
  from match m
  join course c on c.id = m.course_id
  join "user" up on up.id = m.uploaded_by
  left join "user" pa on pa.id = m.partner_id`;

/** Whether `user` sees matches of the course `courseId` as staff (administrators: always). */
const seesAsStaff = (user: SessionUser, courseId: SQL) =>
  user.role === 'admin'
    ? sql`true`
    : sql`exists (select 1 from course_staff cs where cs.course_id = ${courseId} and cs.user_id = ${user.id} and cs.role in (${viewerRoles}))`;

/** Whether the reader may see the match `m`, as SQL. */
const mayView = (user: SessionUser) =>
  sql`(m.uploaded_by = ${user.id} or m.partner_id = ${user.id} or ${seesAsStaff(user, sql`m.course_id`)})`;

/** The match, if `user` may see it; else the 404 of a match that does not exist. */
export async function findVisibleMatch(db: Db | Tx, user: SessionUser, matchId: string): Promise<MatchRow> {
  const [row] = rowsOf<MatchRow>(await db.execute(sql`select ${matchColumns} ${matchFrom} where m.id = ${matchId} and ${mayView(user)}`));
  if (!row) throw matchNotFound();
  return row;
}

/** The match by id, whoever may see it (for the background work and the service's checks). */
export async function readMatch(db: Db | Tx, matchId: string): Promise<MatchRow | undefined> {
  const [row] = rowsOf<MatchRow>(await db.execute(sql`select ${matchColumns} ${matchFrom} where m.id = ${matchId}`));
  return row;
}

/** The match whose tus upload is `uploadId`, when `userId` uploads it. */
export async function matchOfUpload(db: Db | Tx, uploadId: string, userId?: string): Promise<MatchRow | undefined> {
  const [row] = rowsOf<MatchRow>(
    await db.execute(
      sql`select ${matchColumns} ${matchFrom} where m.upload_id = ${uploadId} ${userId === undefined ? sql`` : sql`and m.uploaded_by = ${userId}`}`,
    ),
  );
  return row;
}

const filesUrl = (matchId: string, name: string) => `/api/matches/${encodeURIComponent(matchId)}/files/${name}`;
const iso = (value: string | Date) => new Date(value).toISOString();

/** The one shape of a match in a list, for `reader`. */
export function presentMatchSummary(row: MatchRow, reader: SessionUser): MatchSummary {
  const mine = row.uploadedBy === reader.id;
  return {
    id: row.id,
    courseId: row.courseId,
    courseName: row.courseName,
    playedOn: row.playedOn,
    title: row.title,
    category: row.category,
    uploadedBy: { id: row.uploadedBy, name: row.uploaderName },
    partner: row.partnerId ? { id: row.partnerId, name: row.partnerName ?? '' } : null,
    state: row.state,
    processingPercent: row.state === 'procesando' ? row.processingPercent : null,
    processingError: row.state === 'fallida' ? row.processingError : null,
    fileSize: Number(row.fileSize),
    durationSeconds: row.durationSeconds,
    uploadUrl: mine && row.state === 'subiendo' && row.uploadId ? `${MATCH_UPLOADS_PATH}/${row.uploadId}` : null,
    mine,
    canDelete: mine || reader.role === 'admin',
    posterUrl: row.hasPoster ? filesUrl(row.id, MATCH_POSTER_FILE) : null,
    createdAt: iso(row.createdAt),
  };
}

/** A match for its page. */
export function presentMatch(row: MatchRow, reader: SessionUser): Match {
  return {
    ...presentMatchSummary(row, reader),
    streamUrl: row.state === 'lista' && row.hasStream ? filesUrl(row.id, MATCH_MASTER_FILE) : null,
    originalUrl: row.storageKey ? filesUrl(row.id, MATCH_ORIGINAL_FILE) : null,
    sourceHeight: row.sourceHeight,
    frameRate: row.frameRate,
  };
}

const newestFirst = sql`order by m.played_on desc, m.created_at desc, m.id`;

/** 'Mis partidos': those the trainee uploaded or refereed as the pair, newest first. */
export async function myMatches(db: Db | Tx, user: SessionUser): Promise<MatchSummary[]> {
  const rows = rowsOf<MatchRow>(
    await db.execute(sql`select ${matchColumns} ${matchFrom} where m.uploaded_by = ${user.id} or m.partner_id = ${user.id} ${newestFirst}`),
  );
  return rows.map((row) => presentMatchSummary(row, user));
}

/** A course's matches for its staff, newest first. */
export async function courseMatches(db: Db | Tx, user: SessionUser, courseId: string): Promise<MatchSummary[]> {
  const rows = rowsOf<MatchRow>(await db.execute(sql`select ${matchColumns} ${matchFrom} where m.course_id = ${courseId} ${newestFirst}`));
  return rows.map((row) => presentMatchSummary(row, user));
}

/**
 * What a course's matches take: each original (its announced size from the moment it is created,
 * so uploads under way count) and every file of its streaming; and the course's limit.
 */
export async function matchStorageOf(db: Db | Tx, courseId: string): Promise<{ usedBytes: number; limitBytes: number } | undefined> {
  const [row] = rowsOf<{ usedBytes: number; limitBytes: number }>(
    await db.execute(sql`
      select c.match_storage_limit::float8 as "limitBytes",
        (coalesce((select sum(m.file_size) from match m where m.course_id = c.id), 0)
          + coalesce((select sum(f.size) from match_file f join match m on m.id = f.match_id where m.course_id = c.id), 0))::float8 as "usedBytes"
      from course c where c.id = ${courseId}`),
  );
  return row ? { usedBytes: Number(row.usedBytes), limitBytes: Number(row.limitBytes) } : undefined;
}

/**
 * The courses a trainee may upload a match in (enabled for them, not archived), each with its
 * other trainees (who may be the 'Pareja'), by name.
 */
export async function uploadCourses(db: Db | Tx, userId: string): Promise<MatchCourse[]> {
  const rows = rowsOf<{ id: string; name: string; classmates: Array<{ id: string; name: string }> | null }>(
    await db.execute(sql`
      select c.id, c.name,
        (select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
          from course_access other join "user" u on u.id = other.user_id
          where other.course_id = c.id and other.enabled and other.user_id <> ${userId} and u.role <> 'admin'
            and not exists (select 1 from course_staff cs where cs.course_id = c.id and cs.user_id = u.id)) as "classmates"
      from course_access ca join course c on c.id = ca.course_id and c.archived_at is null
      where ca.user_id = ${userId} and ca.enabled
      order by c.name, c.id`),
  );
  return rows.map((row) => ({ id: row.id, name: row.name, classmates: row.classmates ?? [] }));
}

/** Whether the trainee allowed the course to use moments of their matches ('Permito que…'). */
export async function consentOf(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ allowed: boolean }>(await db.execute(sql`select allowed from match_consent where user_id = ${userId}`));
  return Boolean(row?.allowed);
}

/** A stored file of the match by its name under `files/` (the original included), or undefined. */
export async function matchFileOf(
  db: Db | Tx,
  match: MatchRow,
  name: string,
): Promise<{ storageKey: string; mimeType: string; size: number; storedAt: Date } | undefined> {
  if (name === MATCH_ORIGINAL_FILE) {
    if (!match.storageKey || match.state === 'subiendo') return undefined;
    return {
      storageKey: match.storageKey,
      mimeType: match.mimeType ?? 'application/octet-stream',
      size: Number(match.fileSize),
      storedAt: new Date(match.uploadedAt ?? match.createdAt),
    };
  }
  const [row] = rowsOf<{ storageKey: string; mimeType: string; size: number; storedAt: string | Date }>(
    await db.execute(sql`
      select storage_key as "storageKey", mime_type as "mimeType", size::float8 as "size", created_at as "storedAt"
      from match_file where match_id = ${match.id} and name = ${name}`),
  );
  return row ? { ...row, size: Number(row.size), storedAt: new Date(row.storedAt) } : undefined;
}

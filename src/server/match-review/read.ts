// A match's comments, read in one place: each top-level comment in time order with its thread,
// the summary per criterion, and a comment's earlier versions.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  summarize,
  type CommentHistory,
  type CommentReply,
  type MatchComment,
  type MatchComments,
} from '../../shared/schemas/match-comments.ts';
import type { Db, Tx } from '../db/client.ts';
import { matchComment, matchCommentRevision } from '../db/schema.ts';

type CommentRow = typeof matchComment.$inferSelect;

/** A reply (or a comment's common fields) as its reader sees it. */
export function presentReply(row: CommentRow, readerId: string): CommentReply {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.authorId, name: row.authorName },
    mine: row.authorId === readerId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** A top-level comment with its replies. */
export function presentComment(row: CommentRow, replies: CommentRow[], readerId: string): MatchComment {
  return {
    ...presentReply(row, readerId),
    atSeconds: row.atSeconds ?? 0,
    criterion: row.criterion ?? 'otro',
    verdict: row.verdict ?? 'bien',
    replies: replies.map((reply) => presentReply(reply, readerId)),
  };
}

/** Every comment of the match in time order (the same second: the first written first), each with its thread. */
export async function commentsOf(
  db: Db | Tx,
  matchId: string,
  readerId: string,
  mayComment: boolean,
  mayMakeJugadas = false,
): Promise<MatchComments> {
  const rows = await db
    .select()
    .from(matchComment)
    .where(eq(matchComment.matchId, matchId))
    .orderBy(asc(matchComment.atSeconds), asc(matchComment.createdAt), asc(matchComment.id));
  const tops = rows.filter((row) => row.parentId === null);
  const byParent = new Map<string, CommentRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  }
  const comments = tops.map((top) =>
    presentComment(
      top,
      (byParent.get(top.id) ?? []).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)),
      readerId,
    ),
  );
  return { comments, summary: summarize(comments), canComment: mayComment, canMakeJugadas: mayMakeJugadas };
}

/** The summary per criterion of several matches at once (the trainee's record). */
export async function summariesOf(db: Db | Tx, matchIds: string[]) {
  if (matchIds.length === 0) return new Map<string, ReturnType<typeof summarize>>();
  const rows = await db
    .select({
      matchId: matchComment.matchId,
      criterion: matchComment.criterion,
      verdict: matchComment.verdict,
      parentId: matchComment.parentId,
    })
    .from(matchComment)
    .where(inArray(matchComment.matchId, matchIds));
  const result = new Map<string, ReturnType<typeof summarize>>();
  for (const id of matchIds) {
    const of = rows.filter((row) => row.matchId === id && row.parentId === null && row.criterion && row.verdict);
    result.set(id, summarize(of.map((row) => ({ criterion: row.criterion!, verdict: row.verdict! }))));
  }
  return result;
}

/** A comment's earlier versions, newest first. */
export async function historyOf(db: Db | Tx, commentId: string): Promise<CommentHistory> {
  const rows = await db
    .select()
    .from(matchCommentRevision)
    .where(eq(matchCommentRevision.commentId, commentId))
    .orderBy(asc(matchCommentRevision.replacedAt), asc(matchCommentRevision.id));
  return {
    revisions: rows.reverse().map((row) => ({
      body: row.body,
      atSeconds: row.atSeconds,
      criterion: row.criterion,
      verdict: row.verdict,
      writtenAt: row.writtenAt.toISOString(),
      replacedAt: row.replacedAt.toISOString(),
    })),
  };
}

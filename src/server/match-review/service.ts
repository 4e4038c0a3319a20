// The review's writes: a comment at a moment (staff), a reply in its thread (anyone who sees the
// match), and its author's edits, each keeping the version it replaces.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { matchReviewMessages as m } from '../../shared/messages.ts';
import type { CommentEdit, CommentInput, CommentReply, MatchComment } from '../../shared/schemas/match-comments.ts';
import type { Db } from '../db/client.ts';
import { matchComment, matchCommentRevision } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { MatchViewer } from './access.ts';
import { presentComment, presentReply } from './read.ts';

export const commentNotFound = () => notFound(m.commentNotFound);

/** A moment past the end of the video (a little slack: the player's last frame). */
function checkMoment(viewer: MatchViewer, atSeconds: number) {
  const duration = viewer.match.durationSeconds;
  if (duration !== null && atSeconds > duration + 1) throw badRequest(m.momentOutside, { atSeconds: m.momentOutside });
}

/** 'Comentar aquí': staff who may comment, on a match whose video is ready. */
export async function addComment(db: Db, viewer: MatchViewer, input: CommentInput): Promise<MatchComment> {
  if (!viewer.mayComment) throw forbidden();
  if (viewer.match.state !== 'lista') throw conflict(m.notReady);
  checkMoment(viewer, input.atSeconds);
  const [row] = await db
    .insert(matchComment)
    .values({
      id: randomUUID(),
      matchId: viewer.match.id,
      authorId: viewer.user.id,
      authorName: viewer.user.name,
      atSeconds: Math.round(input.atSeconds * 1000) / 1000,
      criterion: input.criterion,
      verdict: input.verdict,
      body: input.body,
    })
    .returning();
  return presentComment(row!, [], viewer.user.id);
}

/** 'Responder': in a top-level comment's thread, by anyone who sees the match. */
export async function addReply(db: Db, viewer: MatchViewer, commentId: string, body: string): Promise<CommentReply> {
  return db.transaction(async (tx) => {
    const [parent] = await tx
      .select({ parentId: matchComment.parentId })
      .from(matchComment)
      .where(eq(matchComment.id, commentId))
      .for('share');
    if (!parent) throw commentNotFound();
    if (parent.parentId !== null) throw badRequest(m.replyToComment);
    const [row] = await tx
      .insert(matchComment)
      .values({
        id: randomUUID(),
        matchId: viewer.match.id,
        parentId: commentId,
        authorId: viewer.user.id,
        authorName: viewer.user.name,
        body,
      })
      .returning();
    return presentReply(row!, viewer.user.id);
  });
}

/**
 * 'Editar': only its author; the version it replaces goes to the history (an edit that changes
 * nothing keeps none). A reply has only its text.
 */
export async function editComment(db: Db, viewer: MatchViewer, commentId: string, edit: CommentEdit) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(matchComment).where(eq(matchComment.id, commentId)).for('update');
    if (!row) throw commentNotFound();
    if (row.authorId !== viewer.user.id) throw new AppError('FORBIDDEN', m.onlyAuthorEdits);
    const isReply = row.parentId !== null;
    if (isReply && (edit.atSeconds !== undefined || edit.criterion !== undefined || edit.verdict !== undefined)) {
      throw badRequest(m.replyNotMoment);
    }
    if (edit.atSeconds !== undefined) checkMoment(viewer, edit.atSeconds);
    const next = {
      body: edit.body,
      atSeconds: isReply ? null : edit.atSeconds !== undefined ? Math.round(edit.atSeconds * 1000) / 1000 : row.atSeconds,
      criterion: isReply ? null : (edit.criterion ?? row.criterion),
      verdict: isReply ? null : (edit.verdict ?? row.verdict),
    };
    const changed =
      next.body !== row.body || next.atSeconds !== row.atSeconds || next.criterion !== row.criterion || next.verdict !== row.verdict;
    if (!changed) return { row, changed };
    await tx.insert(matchCommentRevision).values({
      id: randomUUID(),
      commentId,
      atSeconds: row.atSeconds,
      criterion: row.criterion,
      verdict: row.verdict,
      body: row.body,
      writtenAt: row.editedAt ?? row.createdAt,
    });
    const [updated] = await tx
      .update(matchComment)
      .set({ ...next, editedAt: sql`now()` })
      .where(eq(matchComment.id, commentId))
      .returning();
    return { row: updated!, changed };
  });
}

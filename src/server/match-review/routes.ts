import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchReviewMessages as m } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  commentEditSchema,
  commentHistorySchema,
  commentInputSchema,
  commentSchema,
  matchCommentsSchema,
  replyInputSchema,
  replySchema,
} from '../../shared/schemas/match-comments.ts';
import type { AppContext } from '../context.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { viewCommentMatch, viewMatch } from './access.ts';
import { commentsOf, historyOf, presentComment, presentReply } from './read.ts';
import { mayDoIn } from '../access/course-roles.ts';
import { forbidden } from '../errors.ts';
import { CLIP_MAX_SECONDS, cutClip } from './clip.ts';
import { conversionTempDir } from './convert.ts';
import { addComment, addReply, commentNotFound, editComment } from './service.ts';

const matchParams = z.object({ matchId: idSchema });
const commentParams = z.object({ commentId: idSchema });
const spanError = m.clipSpanInvalid(CLIP_MAX_SECONDS);
const clipSpan = z.object({
  startSeconds: z.number({ error: spanError }).min(0, spanError).max(86_400, spanError),
  endSeconds: z.number({ error: spanError }).min(0, spanError).max(86_400, spanError),
});

/**
 * A match's review ('/partidos/{id}'): its comments at a moment, their threads and their history.
 * Everyone who sees the match reads and replies (access.ts); staff who may comment write comments.
 */
export async function matchReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get('/matches/:matchId/comments', { schema: { params: matchParams, response: { 200: matchCommentsSchema } } }, async (request) => {
    const viewer = await viewMatch(db, guards, request, request.params.matchId);
    const ready = viewer.match.state === 'lista';
    const mayMakeJugadas = ready && (await mayDoIn(db, viewer.user, { course: viewer.match.courseId }, 'contenido.editar'));
    return commentsOf(db, viewer.match.id, viewer.user.id, viewer.mayComment && ready, mayMakeJugadas);
  });

  // 'Comentar aquí'.
  r.post(
    '/matches/:matchId/comments',
    {
      schema: {
        headers: idempotencyHeaders,
        params: matchParams,
        body: commentInputSchema,
        response: { 201: z.object({ comment: commentSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await viewMatch(db, guards, request, request.params.matchId);
      const comment = await idempotentWrite(db, request, viewer.user.id, (tx) => addComment(tx, viewer, request.body));
      return reply.status(201).send({ comment, message: m.commentSaved });
    },
  );

  // 'Responder' in a comment's thread.
  r.post(
    '/match-comments/:commentId/replies',
    {
      schema: {
        headers: idempotencyHeaders,
        params: commentParams,
        body: replyInputSchema,
        response: { 201: z.object({ reply: replySchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await viewCommentMatch(db, guards, request, request.params.commentId, commentNotFound);
      const saved = await idempotentWrite(db, request, viewer.user.id, (tx) =>
        addReply(tx, viewer, request.params.commentId, request.body.body),
      );
      return reply.status(201).send({ reply: saved, message: m.replySaved });
    },
  );

  // 'Editar': its author only; the earlier version is kept.
  r.patch(
    '/match-comments/:commentId',
    {
      schema: {
        params: commentParams,
        body: commentEditSchema,
        response: { 200: z.object({ comment: z.union([commentSchema, replySchema]), message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = await viewCommentMatch(db, guards, request, request.params.commentId, commentNotFound);
      const { row } = await editComment(db, viewer, request.params.commentId, request.body);
      // A top-level comment comes back with its thread, as the list shows it.
      const comment =
        row.parentId === null
          ? ((await commentsOf(db, viewer.match.id, viewer.user.id, viewer.mayComment)).comments.find((c) => c.id === row.id) ??
            presentComment(row, [], viewer.user.id))
          : presentReply(row, viewer.user.id);
      return { comment, message: m.commentEdited };
    },
  );

  // 'Ver historial': a comment's (or reply's) earlier versions, to whoever sees the match.
  r.get(
    '/match-comments/:commentId/history',
    { schema: { params: commentParams, response: { 200: commentHistorySchema } } },
    async (request) => {
      await viewCommentMatch(db, guards, request, request.params.commentId, commentNotFound);
      return historyOf(db, request.params.commentId);
    },
  );

  // 'Convertir en jugada': the clip of a comment's moment, for a jugada of the course (its form then saves it).
  r.post(
    '/match-comments/:commentId/clip',
    {
      schema: {
        params: commentParams,
        body: clipSpan,
        response: { 201: z.object({ videoId: z.string(), startSeconds: z.number(), endSeconds: z.number() }) },
      },
    },
    async (request, reply) => {
      const viewer = await viewCommentMatch(db, guards, request, request.params.commentId, commentNotFound);
      if (!(await mayDoIn(db, viewer.user, { course: viewer.match.courseId }, 'contenido.editar'))) throw forbidden();
      const { ffmpegPath, ffmpegPriority, dataDir } = ctx.config;
      const deps = { db, storage: ctx.storage, ffmpegPath, ffmpegPriority, tempDir: conversionTempDir(dataDir) };
      return reply.status(201).send(await cutClip(deps, viewer, request.params.commentId, request.body));
    },
  );
}

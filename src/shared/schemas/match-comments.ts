// The review of a match on video: comments at a second of the video with their criterion and
// 'Bien'/'A mejorar', the replies in each comment's thread, the earlier versions of an edited one,
// and the summary per criterion that heads the list.
import * as z from 'zod/mini';
import { matchReviewMessages as m, messages, tooLong } from '../messages.ts';

export const COMMENT_BODY_MAX = 4_000;
export const criterionKeys = ['ubicacion', 'senalizacion', 'sancion-progresiva', 'comunicacion', 'condicion-fisica', 'otro'] as const;
export type CommentCriterion = (typeof criterionKeys)[number];
export const verdictKeys = ['bien', 'a-mejorar'] as const;
export type CommentVerdict = (typeof verdictKeys)[number];

const body = z
  .string({ error: messages.requiredField })
  .check(
    z.trim(),
    z.minLength(1, { error: messages.requiredField, abort: true }),
    z.maxLength(COMMENT_BODY_MAX, tooLong('El comentario', COMMENT_BODY_MAX)),
  );
const criterion = z.enum(criterionKeys, { error: m.criterionInvalid });
const verdict = z.enum(verdictKeys, { error: m.verdictInvalid });
/** A second of the video, to the millisecond (no more than a day: a match is at most a few hours). */
const atSeconds = z.number({ error: m.momentOutside }).check(z.gte(0, m.momentOutside), z.lte(86_400, m.momentOutside));

/** 'Comentar aquí': the moment, its criterion and verdict, and the text. */
export const commentInputSchema = z.object({ atSeconds, criterion, verdict, body });
export type CommentInput = z.infer<typeof commentInputSchema>;

/** 'Responder' in a comment's thread. */
export const replyInputSchema = z.object({ body });

/** 'Editar': what the author changes (a reply has only its text). */
export const commentEditSchema = z.object({
  body,
  atSeconds: z.optional(atSeconds),
  criterion: z.optional(criterion),
  verdict: z.optional(verdict),
});
export type CommentEdit = z.infer<typeof commentEditSchema>;

const author = z.object({ id: z.nullable(z.string()), name: z.string() });

export const replySchema = z.object({
  id: z.string(),
  body: z.string(),
  author,
  /** Whether the reader wrote it (and may edit it). */
  mine: z.boolean(),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
});
export type CommentReply = z.infer<typeof replySchema>;

export const commentSchema = z.object({
  ...replySchema.shape,
  atSeconds: z.number(),
  criterion: z.enum(criterionKeys),
  verdict: z.enum(verdictKeys),
  replies: z.array(replySchema),
});
export type MatchComment = z.infer<typeof commentSchema>;

/** How many 'Bien' and 'A mejorar' a criterion has, in the order of the criteria. */
export const criterionSummarySchema = z.object({ criterion: z.enum(criterionKeys), bien: z.number(), aMejorar: z.number() });
export type CriterionSummary = z.infer<typeof criterionSummarySchema>;

/** A match's comments in time order, with their summary and whether the reader may comment. */
export const matchCommentsSchema = z.object({
  comments: z.array(commentSchema),
  summary: z.array(criterionSummarySchema),
  canComment: z.boolean(),
  /** May turn a comment's moment into a jugada of the course ('contenido.editar'). */
  canMakeJugadas: z.boolean(),
});
export type MatchComments = z.infer<typeof matchCommentsSchema>;

/** An earlier version of a comment or reply. */
export const commentRevisionSchema = z.object({
  body: z.string(),
  atSeconds: z.nullable(z.number()),
  criterion: z.nullable(z.string()),
  verdict: z.nullable(z.string()),
  writtenAt: z.string(),
  replacedAt: z.string(),
});
export const commentHistorySchema = z.object({ revisions: z.array(commentRevisionSchema) });
export type CommentHistory = z.infer<typeof commentHistorySchema>;

/** The summary of a list of comments: only the criteria that have any, in the criteria's order. */
export function summarize(comments: Array<{ criterion: CommentCriterion; verdict: CommentVerdict }>): CriterionSummary[] {
  return criterionKeys
    .map((key) => {
      const of = comments.filter((c) => c.criterion === key);
      return {
        criterion: key,
        bien: of.filter((c) => c.verdict === 'bien').length,
        aMejorar: of.filter((c) => c.verdict === 'a-mejorar').length,
      };
    })
    .filter((row) => row.bien + row.aMejorar > 0);
}

/** A second of the video as the list and the timeline say it: '23:41', '1:02:05'. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(h > 0 ? 2 : 1, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

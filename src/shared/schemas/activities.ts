import * as z from 'zod/mini';
import { messages, tooLong } from '../messages.ts';

export const ANSWER_MAX = 10_000;
export const FEEDBACK_MAX = 5_000;

export const progressSchema = z.enum(['sin-responder', 'enviado', 'con-correcciones', 'aprobado']);

export const activityItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.nullable(z.string()),
  correction: z.nullable(z.boolean()),
  feedback: z.nullable(z.string()),
  editable: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activitySchema = z.object({
  id: z.string(),
  userId: z.string(),
  moduleId: z.string(),
  courseId: z.string(),
  moduleName: z.string(),
  /** The module was archived: the student who worked in it can still read their answers and corrections, not change them. */
  moduleArchived: z.boolean(),
  submitted: z.boolean(),
  progress: progressSchema,
  version: z.number(),
  submittedAt: z.nullable(z.string()),
  correctedAt: z.nullable(z.string()),
  items: z.array(activityItemSchema),
});
export type Activity = z.infer<typeof activitySchema>;

const answerSchema = z.object({
  itemId: z.string().check(z.minLength(1), z.maxLength(64)),
  answer: z.string().check(z.maxLength(ANSWER_MAX, tooLong('La respuesta', ANSWER_MAX))),
});

export const saveAnswersSchema = z.object({
  answers: z.array(answerSchema).check(z.maxLength(200)),
});
export type SaveAnswersInput = z.infer<typeof saveAnswersSchema>;

export const correctionSchema = z.object({
  version: z.number().check(z.int()),
  items: z
    .array(
      z.object({
        itemId: z.string().check(z.minLength(1), z.maxLength(64)),
        correct: z.boolean({ error: messages.markEveryAnswer }),
        feedback: z.nullable(z.string().check(z.maxLength(FEEDBACK_MAX, tooLong('La devolución', FEEDBACK_MAX)))),
      }),
    )
    .check(z.maxLength(200)),
});
export type CorrectionInput = z.infer<typeof correctionSchema>;

export const reviewQueueItemSchema = z.object({
  activityId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  submittedAt: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** One saved correction in an activity's history (admins only). */
export const correctionRecordSchema = z.object({
  id: z.string(),
  adminName: z.string(),
  kind: z.enum(['correccion', 'modificacion']),
  createdAt: z.string(),
  items: z.array(z.object({ question: z.string(), correct: z.boolean(), feedback: z.nullable(z.string()) })),
});
export type CorrectionRecord = z.infer<typeof correctionRecordSchema>;

// Observaciones de partido: the instructor's form after watching a trainee referee a match, five
// criteria scored 1 to 5. What other parts of the trainee's record read of it (the trainee's
// page, the class board, the trainee's own account) is `traineeObservationsSchema` and
// `observationAverageSchema`.
import * as z from 'zod/mini';
import { messages, recordMessages as m, tooLong } from '../messages.ts';
import { SCORE_MAX, SCORE_MIN, type CriterionKey } from '../record-rules.ts';
import { daySchema } from './fitness.ts';
import { idSchema } from './content.ts';
import { criterionSummarySchema } from './match-comments.ts';

export const OBSERVATION_MATCH_MAX = 160;
export const OBSERVATION_CATEGORY_MAX = 80;
export const OBSERVATION_OBSERVER_MAX = 120;
export const CRITERION_COMMENT_MAX = 1_000;
export const OBSERVATION_COMMENT_MAX = 5_000;

const text = (max: number, what: string, required: boolean) =>
  z
    .string({ error: messages.requiredField })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, { error: messages.requiredField, abort: true })] : []),
      z.maxLength(max, tooLong(what, max)),
    );

const scoreError = m.scoreRange(SCORE_MIN, SCORE_MAX);
const criterionSchema = z.object({
  score: z.number({ error: scoreError }).check(z.int({ error: scoreError }), z.gte(SCORE_MIN, scoreError), z.lte(SCORE_MAX, scoreError)),
  comment: z._default(text(CRITERION_COMMENT_MAX, 'El comentario', false), ''),
});
export type CriterionInput = z.infer<typeof criterionSchema>;

/** The five criteria, each required (the keys of `observationCriteria`). */
const criteriaSchema = z.object({
  ubicacion: criterionSchema,
  senalizacion: criterionSchema,
  'sancion-progresiva': criterionSchema,
  comunicacion: criterionSchema,
  'condicion-fisica': criterionSchema,
} satisfies Record<CriterionKey, typeof criterionSchema>);
export type Criteria = z.infer<typeof criteriaSchema>;

/** 'Nueva observación' and 'Editar': the whole form. */
export const observationInputSchema = z.object({
  observedOn: daySchema,
  match: text(OBSERVATION_MATCH_MAX, 'El partido', true),
  category: z._default(text(OBSERVATION_CATEGORY_MAX, 'La categoría', false), ''),
  observer: text(OBSERVATION_OBSERVER_MAX, 'El observador', true),
  criteria: criteriaSchema,
  comment: z._default(text(OBSERVATION_COMMENT_MAX, 'El comentario general', false), ''),
  /** 'Partido en video': one of the trainee's matches in the course, or none. */
  matchId: z._default(z.nullable(idSchema), null),
});
export type ObservationInput = z.input<typeof observationInputSchema>;
export type ObservationValues = z.infer<typeof observationInputSchema>;

const criterionOutSchema = z.object({ score: z.number(), comment: z.string() });

/** An observation as the instructor (and the trainee) see it, with its average (one decimal). */
export const observationSchema = z.object({
  id: z.string(),
  /** yyyy-mm-dd */
  observedOn: z.string(),
  match: z.string(),
  category: z.string(),
  observer: z.string(),
  criteria: z.object({
    ubicacion: criterionOutSchema,
    senalizacion: criterionOutSchema,
    'sancion-progresiva': criterionOutSchema,
    comunicacion: criterionOutSchema,
    'condicion-fisica': criterionOutSchema,
  }),
  comment: z.string(),
  /** The match on video it was made from, with its comments' summary per criterion. */
  linkedMatch: z.nullable(z.object({ id: z.string(), title: z.string(), playedOn: z.string(), summary: z.array(criterionSummarySchema) })),
  average: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Observation = z.infer<typeof observationSchema>;

/** How many observations a trainee has and their average over all of them (null before any). */
export const observationAverageSchema = z.object({ count: z.number(), average: z.nullable(z.number()) });
export type ObservationAverage = z.infer<typeof observationAverageSchema>;

/** A trainee's observations in a course, newest first, with their overall average. */
export const traineeObservationsSchema = z.object({
  count: z.number(),
  average: z.nullable(z.number()),
  observations: z.array(observationSchema),
});
export type TraineeObservations = z.infer<typeof traineeObservationsSchema>;

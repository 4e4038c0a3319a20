// Prueba física: the course's test (its name and the minimum level to pass) and each trainee's
// results. What other parts of the trainee's record read of it (the trainee's page, the class
// board) is `traineeFitnessSchema` and `fitnessStatusSchema`.
import * as z from 'zod/mini';
import { messages, recordMessages as m, tooLong } from '../messages.ts';
import { dayInputSchema } from './dates.ts';
import { NAVETTE_LEVEL_MAX, NAVETTE_LEVEL_MIN, fitnessStatusValues, isNavetteLevel } from '../record-rules.ts';

export const FITNESS_TEST_NAME_MAX = 80;

/** A level of the shuttle run's scale (1 to 21, in half levels). */
const levelSchema = (what: string) => {
  const error = m.levelScale(what, NAVETTE_LEVEL_MIN, NAVETTE_LEVEL_MAX);
  return z.number({ error }).check(z.refine(isNavetteLevel, { error }));
};

/** A day written yyyy-mm-dd (the form's date field gives it so), within the years the product stores. */
export const daySchema = dayInputSchema(m.invalidDay);

/** The course's 'Prueba física' as the instructor sets it. */
export const fitnessTestInputSchema = z.object({
  name: z
    .string({ error: messages.requiredField })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.requiredField, abort: true }),
      z.maxLength(FITNESS_TEST_NAME_MAX, tooLong('El nombre de la prueba', FITNESS_TEST_NAME_MAX)),
    ),
  minLevel: levelSchema('El nivel mínimo'),
});
export type FitnessTestInput = z.infer<typeof fitnessTestInputSchema>;

export const fitnessTestSchema = z.object({ name: z.string(), minLevel: z.number() });
export type FitnessTest = z.infer<typeof fitnessTestSchema>;

/** 'Registrar prueba física': the day and the level reached, or null for 'No se presentó'. */
export const fitnessResultInputSchema = z.object({
  testedOn: daySchema,
  level: z.nullable(levelSchema('El nivel')),
});
export type FitnessResultInput = z.infer<typeof fitnessResultInputSchema>;

export const fitnessStatusSchema = z.enum(fitnessStatusValues);
export const fitnessStatusLabels = { aprobada: m.passed, 'no-aprobada': m.failed } as const;

/** A result with its verdict against the course's current minimum. */
export const fitnessResultSchema = z.object({
  id: z.string(),
  /** yyyy-mm-dd */
  testedOn: z.string(),
  /** null: 'No se presentó'. */
  level: z.nullable(z.number()),
  passed: z.boolean(),
});
export type FitnessResult = z.infer<typeof fitnessResultSchema>;

/** A trainee's physical test in a course: the test, their status (null before any result) and their results, newest first. */
export const traineeFitnessSchema = z.object({
  testName: z.string(),
  minLevel: z.number(),
  status: z.nullable(fitnessStatusSchema),
  results: z.array(fitnessResultSchema),
});
export type TraineeFitness = z.infer<typeof traineeFitnessSchema>;

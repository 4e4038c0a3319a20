// 'Registro de cambios': every change that matters to a trainee's standing or to money, in a
// course, with who made it and when; filtered by person, kind and dates.
import * as z from 'zod/mini';
import { changeKinds } from '../course-roles.ts';
import { messages, tooLong } from '../messages.ts';
import { dayInputSchema } from './dates.ts';

export const COURSE_LOG_PAGE_SIZE = 50;
const PERSON_MAX = 200;
const invalidDay = 'La fecha no es válida.';

export const courseLogQuerySchema = z
  .object({
    /** Who made the change or whom it concerns, by name. */
    persona: z.optional(z.string().check(z.trim(), z.maxLength(PERSON_MAX, tooLong('La búsqueda', PERSON_MAX)))),
    tipo: z.optional(z.enum(changeKinds, { error: 'Elegí un tipo de cambio de la lista.' })),
    desde: z.optional(dayInputSchema(invalidDay)),
    hasta: z.optional(dayInputSchema(invalidDay)),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1, messages.invalidPage), z.maximum(100_000)), 1),
  })
  .check(
    z.refine((query) => !query.desde || !query.hasta || query.desde <= query.hasta, {
      error: 'La fecha «desde» no puede ser posterior a «hasta».',
      path: ['hasta'],
    }),
  );
export type CourseLogQuery = z.input<typeof courseLogQuerySchema>;

export const courseLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string(),
  /** The trainee it concerns (null: the course itself, its plan, its team). */
  traineeName: z.nullable(z.string()),
  kind: z.enum(changeKinds),
  summary: z.string(),
});
export type CourseLogEntry = z.infer<typeof courseLogEntrySchema>;

export const courseLogSchema = z.object({
  courseName: z.string(),
  entries: z.array(courseLogEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CourseLog = z.infer<typeof courseLogSchema>;

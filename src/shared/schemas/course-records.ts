// 'Acta del curso': a course's closed records, the one in force and those replaced by a correction.
import * as z from 'zod/mini';

/** A closed record as listed: its number, when and by whom it was closed, and whether a correction replaced it. */
export const courseRecordSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  /** ISO instant. */
  closedAt: z.string(),
  closedByName: z.string(),
  /** ISO instant of the correction that replaced it ('Reemplazada'); null for the one in force ('Vigente'). */
  supersededAt: z.nullable(z.string()),
  traineeCount: z.number(),
  aptoCount: z.number(),
});
export type CourseRecordSummary = z.infer<typeof courseRecordSummarySchema>;

/** GET /api/courses/:courseId/records: whether the course is open (no record in force) and its records, newest first. */
export const courseRecordListSchema = z.object({ open: z.boolean(), records: z.array(courseRecordSummarySchema) });
export type CourseRecordList = z.infer<typeof courseRecordListSchema>;

/** What closing ('Cerrar acta') or correcting ('Corregir acta') answers: the record and what happened. */
export const courseRecordChangeSchema = z.object({ record: courseRecordSummarySchema, message: z.string() });
export type CourseRecordChange = z.infer<typeof courseRecordChangeSchema>;

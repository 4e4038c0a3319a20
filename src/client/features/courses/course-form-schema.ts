import * as z from 'zod/mini';
import { courseInputSchema } from '../../../shared/schemas/content.ts';

/** The typed fields of the course forms; the picture is checked on its own (spec: a popup). */
export const courseFieldsSchema = z.pick(courseInputSchema, { name: true, description: true });
export type CourseFields = z.input<typeof courseFieldsSchema>;

// 'Crear curso de actualización': what the approval page shows before (how many holders the new
// course would enrol, the renewal courses already made) and what the create sends and answers.
import * as z from 'zod/mini';
import { renewalMessages } from '../messages.ts';
import { courseInputSchema, courseSchema, NAME_MAX } from './content.ts';

/** The confirmation's form: the new course's name, a course name like any other. */
export const renewalFormSchema = z.object({ name: courseInputSchema.shape.name });

/** The body: the new course's name, or none for the usual one ('Actualización 2027: …'). */
export const renewalInputSchema = z.partial(renewalFormSchema);
export type RenewalInput = z.infer<typeof renewalInputSchema>;

export const renewalPreviewSchema = z.object({
  /** Holders of a licence of the course not revoked, in force or expired less than a year ago: who would be enrolled. */
  holders: z.number(),
  /** The name the new course gets unless another is written. */
  defaultName: z.string(),
  /** The renewal courses already made of this one, oldest first. */
  renewals: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string() })),
});
export type RenewalPreview = z.infer<typeof renewalPreviewSchema>;

export const renewalCreatedSchema = z.object({ course: courseSchema, enrolled: z.number() });
export type RenewalCreated = z.infer<typeof renewalCreatedSchema>;

/** 'Actualización 2027: {name}', the course's name shortened with '…' so the whole fits a course name. */
export function defaultRenewalName(name: string, year: string): string {
  const full = renewalMessages.courseName(year, name);
  if (full.length <= NAME_MAX) return full;
  const room = NAME_MAX - renewalMessages.courseName(year, '').length - 1;
  return renewalMessages.courseName(year, `${name.slice(0, room).trimEnd()}…`);
}

// The trainee's record ('legajo'): everything about one trainee in one course, composed from the
// reads of each part (modules and their state on the class board, jugadas, exams, attendance,
// payments, the physical test, match observations) and the history of changes. The admin's
// trainee page reads `traineeRecordSchema`; 'Mi cuenta' reads `myRecordSchema`, the trainee's own
// parts that are theirs to see (their standing, exams and certificates too; never the history,
// nothing of another trainee).
import * as z from 'zod/mini';
import { approvalBadgeSchema } from './approval.ts';
import { certificateSchema } from './certificates.ts';
import { jugadaScoreSchema } from './content.ts';
import { userExamSchema } from './exams.ts';
import { traineeFitnessSchema } from './fitness.ts';
import { traineeAttendanceSchema } from './lessons.ts';
import { traineeObservationsSchema } from './observations.ts';
import { traineePaymentsSchema } from './payments.ts';
import { boardStateSchema } from './progress.ts';

/** A module of the course with the trainee's state in it, as the class board shows it. */
export const recordModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: boardStateSchema,
  /** Percent of its video they watched: null before they play it, or when it is not enabled for them. */
  watchedPercent: z.nullable(z.number()),
  /** Jugadas right on the first attempt: null when the module has none. */
  jugadas: z.nullable(jugadaScoreSchema),
});
export type RecordModule = z.infer<typeof recordModuleSchema>;

/** A line of 'Historial de cambios': who changed what, and when. */
export const recordChangeSchema = z.object({ id: z.string(), actorName: z.string(), summary: z.string(), at: z.string() });
export type RecordChange = z.infer<typeof recordChangeSchema>;

/** GET /api/courses/:courseId/trainees/:userId/record: the trainee's page. */
export const traineeRecordSchema = z.object({
  trainee: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  course: z.object({ id: z.string(), name: z.string() }),
  /** The course's modules in order (archived ones left out). */
  modules: z.array(recordModuleSchema),
  /** Their best result at each of the course's exams. */
  exams: z.array(userExamSchema),
  attendance: traineeAttendanceSchema,
  /** Null for a reader who does not see payments ('Observador'). */
  payments: z.nullable(traineePaymentsSchema),
  fitness: traineeFitnessSchema,
  observations: traineeObservationsSchema,
  /** Newest first. */
  changes: z.array(recordChangeSchema),
  /**
   * 'Habilitación': 'Apto', 'No apto' or 'En curso', and what is missing in words; `defined`: whether
   * the course asks anything yet (without requirements there is no standing to show).
   */
  approval: z.object({ ...approvalBadgeSchema.shape, defined: z.boolean() }),
});
export type TraineeRecord = z.infer<typeof traineeRecordSchema>;

/** A licence of theirs as 'Mi cuenta' lists it under its course: what it is, its state, its PDF and verification page (not who issued it). */
export const myCertificateSchema = z.pick(certificateSchema, {
  id: true,
  code: true,
  level: true,
  rulesEdition: true,
  issuedOn: true,
  expiresOn: true,
  state: true,
  revokedReason: true,
  verifyUrl: true,
  pdfUrl: true,
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;

/** One of the signed-in trainee's courses in 'Mi cuenta'. */
export const myCourseRecordSchema = z.object({
  course: z.object({ id: z.string(), name: z.string() }),
  /** 'Habilitación', as the instructor's page of them says it. */
  approval: z.object({ ...approvalBadgeSchema.shape, defined: z.boolean() }),
  /** Their best result at each of the course's exams. */
  exams: z.array(userExamSchema),
  /** Their certificates (licences) of the course, the newest first; none until one is issued. */
  certificates: z.array(myCertificateSchema),
  attendance: traineeAttendanceSchema,
  payments: traineePaymentsSchema,
  fitness: traineeFitnessSchema,
  observations: traineeObservationsSchema,
});
export type MyCourseRecord = z.infer<typeof myCourseRecordSchema>;

/** GET /api/me/record: each course enabled for the signed-in trainee, in the order of their course list. */
export const myRecordSchema = z.object({ courses: z.array(myCourseRecordSchema) });
export type MyRecord = z.infer<typeof myRecordSchema>;

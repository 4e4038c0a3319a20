// 'Requisitos de aprobación': what a course asks to pass and the licence a passing trainee gets
// (the form and the PUT), and who is 'Apto' (the GET, the trainee's page and the class board).
// The rules themselves are in shared/approval-rules.ts.
import * as z from 'zod/mini';
import { outcomes, requirementKeys } from '../approval-rules.ts';
import { approvalMessages as m, tooLong } from '../messages.ts';
import { idSchema } from './content.ts';
import { examKindSchema } from './exams.ts';

export const LICENCE_TEXT_MAX = 120;
export const LICENCE_MONTHS_MAX = 120;
export const LICENCE_MONTHS_DEFAULT = 12;
/** More exams than a course ever has: a guard against absurd bodies. */
export const REQUIRED_EXAMS_MAX = 100;

const percentSchema = z.nullable(
  z.number({ error: m.percentRange }).check(z.int(m.percentRange), z.gte(1, m.percentRange), z.lte(100, m.percentRange)),
);

/** 1 to 5 in tenths: 3.5 yes, 3.55 no (a float's tenths are compared rounded). */
const inTenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
const averageSchema = z.nullable(
  z
    .number({ error: m.averageRange })
    .check(z.gte(1, m.averageRange), z.lte(5, m.averageRange), z.refine(inTenths, { error: m.averageRange })),
);

export const approvalRequirementsSchema = z.object({
  minAttendancePercent: percentSchema,
  examIds: z.array(idSchema).check(z.maxLength(REQUIRED_EXAMS_MAX, m.tooManyExams)),
  allActivities: z.boolean(),
  minJugadasPercent: percentSchema,
  fitness: z.boolean(),
  minObservationAverage: averageSchema,
  paymentsUpToDate: z.boolean(),
});

const licenceText = (what: string) => z.string().check(z.trim(), z.maxLength(LICENCE_TEXT_MAX, tooLong(what, LICENCE_TEXT_MAX)));

/** The licence a passing trainee gets: its level ('Árbitro Provincial'), the rules edition, and months until it expires. */
export const licenceSettingsSchema = z.object({
  level: licenceText('El nivel'),
  rulesEdition: licenceText('La edición del reglamento'),
  months: z._default(
    z.number({ error: m.monthsRange }).check(z.int(m.monthsRange), z.gte(1, m.monthsRange), z.lte(LICENCE_MONTHS_MAX, m.monthsRange)),
    LICENCE_MONTHS_DEFAULT,
  ),
});
export type LicenceSettings = z.infer<typeof licenceSettingsSchema>;

/** PUT /api/courses/:courseId/approval. The exams must be the course's (checked by the server). */
export const approvalInputSchema = z.object({ requirements: approvalRequirementsSchema, licence: licenceSettingsSchema });
export type ApprovalInput = z.infer<typeof approvalInputSchema>;
export type ApprovalInputDraft = z.input<typeof approvalInputSchema>;

export const outcomeSchema = z.enum(outcomes);

export const requirementResultSchema = z.object({
  key: z.enum(requirementKeys),
  examId: z.optional(z.string()),
  label: z.string(),
  state: z.enum(['cumplido', 'falta', 'imposible']),
  result: z.string(),
  missing: z.nullable(z.string()),
});

export const traineeOutcomeSchema = z.object({
  outcome: outcomeSchema,
  results: z.array(requirementResultSchema),
  summary: z.string(),
});

/** What the trainee's page and the class board show of an outcome: the badge and the words. */
export const approvalBadgeSchema = z.object({ outcome: outcomeSchema, summary: z.string() });
export type ApprovalBadge = z.infer<typeof approvalBadgeSchema>;

/** GET /api/courses/:courseId/approval: the requirements, the licence, and every trainee's outcome by name. */
export const courseApprovalSchema = z.object({
  course: z.object({ id: z.string(), name: z.string() }),
  requirements: approvalRequirementsSchema,
  licence: z.object({ level: z.string(), rulesEdition: z.string(), months: z.number() }),
  /** 'Firma del certificado': who signs its certificates ('' until the course names them: nothing is issued before). */
  signer: z.object({ name: z.string(), title: z.string() }),
  /** The course's exams (active modules), that 'Exámenes aprobados' chooses from. */
  exams: z.array(z.object({ id: z.string(), title: z.string(), kind: examKindSchema })),
  /** The closed record in force: while there is one, outcomes come from it and the requirements cannot change. */
  closedRecord: z.nullable(z.object({ id: z.string(), number: z.number(), closedAt: z.string(), closedByName: z.string() })),
  trainees: z.array(z.extend(traineeOutcomeSchema, { id: z.string(), name: z.string(), email: z.string() })),
});
export type CourseApproval = z.infer<typeof courseApprovalSchema>;

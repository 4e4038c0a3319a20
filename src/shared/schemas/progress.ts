// The class progress board: one row per student of a course, one column per module.
import * as z from 'zod/mini';
import { progressFromSummary, progressLabels, type ProgressSummary } from '../activity-state.ts';
import { outcomeLabels, outcomes } from '../approval-rules.ts';
import { approvalMessages, messages, paymentMessages, recordMessages, tooLong } from '../messages.ts';
import { pesos } from '../money.ts';
import { SEARCH_MAX } from './access.ts';
import { approvalBadgeSchema, type ApprovalBadge } from './approval.ts';
import { fitnessStatusLabels, fitnessStatusSchema } from './fitness.ts';

export const BOARD_PAGE_SIZE = 50;

/**
 * A module's state for one student: not enabled for them, enabled but their invitation still not
 * accepted (they have not been able to sign in yet), or their progress in it.
 */
export const boardStates = ['no-habilitado', 'invitacion-pendiente', 'sin-responder', 'enviado', 'con-correcciones', 'aprobado'] as const;
export const boardStateSchema = z.enum(boardStates);
export type BoardState = z.infer<typeof boardStateSchema>;

export const boardStateLabels: Record<BoardState, string> = {
  'no-habilitado': 'No habilitado',
  'invitacion-pendiente': 'Invitación pendiente',
  ...progressLabels,
};

/** An enabled module's state on the board: nothing done by someone who could not sign in yet is their pending invitation. */
export function boardStateOf(summary: ProgressSummary & { invitationPending: boolean }): BoardState {
  const progress = progressFromSummary(summary);
  return progress === 'sin-responder' && summary.invitationPending ? 'invitacion-pendiente' : progress;
}

export const boardQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, tooLong('La búsqueda', SEARCH_MAX)))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1, messages.invalidPage), z.maximum(100_000)), 1),
  /** 'Habilitación': only the students with this outcome (the totals and the pages count only them). */
  outcome: z.optional(z.enum(outcomes, { error: approvalMessages.invalidOutcome })),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

const totalsSchema = z.object({
  'no-habilitado': z.number(),
  'invitacion-pendiente': z.number(),
  'sin-responder': z.number(),
  enviado: z.number(),
  'con-correcciones': z.number(),
  aprobado: z.number(),
});

/** Where a trainee stands with their payments: with a plan or not, what they owe of what is due, and how many instalments are past due. */
export const boardPaymentsSchema = z.object({ planned: z.boolean(), owed: z.number(), overdue: z.number() });
export type BoardPayments = z.infer<typeof boardPaymentsSchema>;

export const progressBoardSchema = z.object({
  course: z.object({ id: z.string(), name: z.string() }),
  /** The course's modules in order (archived ones left out), each with how many students are in each state. */
  modules: z.array(z.object({ id: z.string(), name: z.string(), totals: totalsSchema })),
  /** One page of students; `states[i]` is their state in `modules[i]`, `watched[i]` the percent of its video they watched (null: not played, or not enabled). */
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      /** They have not accepted their invitation yet, so they could not sign in. */
      invitationPending: z.boolean(),
      states: z.array(boardStateSchema),
      watched: z.array(z.nullable(z.number())),
      /** `exams[i]`: their best graded attempt at the course's exam `i` (null: none handed in). */
      exams: z.array(z.nullable(z.object({ scorePercent: z.number(), passed: z.boolean() }))),
      /** Percent of the classes held they attended (null before any class). */
      attendance: z.nullable(z.number()),
      /** Null for a reader who does not see payments ('Ayudante'). */
      payments: z.nullable(boardPaymentsSchema),
      /** Their physical test: null before any result. */
      fitness: z.nullable(fitnessStatusSchema),
      /** The average of their match observations, one decimal: null before any. */
      observations: z.nullable(z.number()),
      /** 'Habilitación': 'Apto', 'No apto' or 'En curso', and what is missing in words. */
      approval: approvalBadgeSchema,
    }),
  ),
  /** The course's rules exams, in module order. */
  exams: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The record's columns the reader sees: an 'Ayudante' sees no payment or observation. */
  shows: z.object({ payments: z.boolean(), observations: z.boolean() }),
  /** Students matching the filter (the totals count these). */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProgressBoard = z.infer<typeof progressBoardSchema>;
export type BoardColumns = ProgressBoard['shows'];
export const allBoardColumns: BoardColumns = { payments: true, observations: true };

/** An exam's cell on the board and in its CSV: 'Aprobado · 85 %', or nothing before an attempt is handed in. */
export const examCellText = (result: { scorePercent: number; passed: boolean } | null) =>
  result ? `${result.passed ? 'Aprobado' : 'No aprobado'} · ${result.scorePercent} %` : '';

/** Attendance on the board and in its CSV: '75 %', or nothing before any class. */
export const attendanceCellText = (percent: number | null) => (percent === null ? '' : `${percent} %`);

/** Payments on the board and in its CSV: 'Al día', 'Debe $ 3.000' or 'Sin plan'. */
export const paymentsCellText = (payments: BoardPayments) =>
  !payments.planned ? 'Sin plan' : payments.owed > 0 ? paymentMessages.owes(pesos(payments.owed)) : paymentMessages.upToDate;

/** How many instalments are past due: '1 cuota vencida'. */
export const overdueText = (overdue: number) => (overdue === 1 ? '1 cuota vencida' : `${overdue} cuotas vencidas`);

/** The physical test on the board and in its CSV: 'Aprobada', 'No aprobada', or nothing before any result. */
export const fitnessCellText = (status: z.infer<typeof fitnessStatusSchema> | null) => (status ? fitnessStatusLabels[status] : '');

/** The observations' average on the board and in its CSV: '3,8', or nothing before any. */
export const observationsCellText = (average: number | null) => (average === null ? '' : recordMessages.averageText(average));

/** 'Habilitación' in the board's CSV: 'Apto', or 'En curso · Falta: prueba física'. */
export const approvalCellText = (approval: ApprovalBadge) =>
  approval.summary ? `${outcomeLabels[approval.outcome]} · ${approval.summary}` : outcomeLabels[approval.outcome];

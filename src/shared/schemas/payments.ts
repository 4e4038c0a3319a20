// Pagos: a course's 'Plan de pagos', each trainee's option and the payments recorded. What other
// parts of the trainee's record read of it (the trainee's page, the class board, 'Mi cuenta') is
// `paymentStatusSchema` and `traineePaymentsSchema`. Money is whole pesos.
import * as z from 'zod/mini';
import { paymentMessages as m, messages, tooHeavy, tooLong, tooMany } from '../messages.ts';
import { pesos } from '../money.ts';
import { AMOUNT_MAX, INSTALMENTS_MAX, OPTIONS_MAX } from '../payment-rules.ts';
import { dayInputSchema } from './dates.ts';

export const paymentMethods = ['efectivo', 'transferencia', 'otro'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodLabels: Record<PaymentMethod, string> = { efectivo: 'Efectivo', transferencia: 'Transferencia', otro: 'Otro' };

export const instalmentSchema = z.object({ amount: z.number(), dueDate: z.string() });

/**
 * Where a trainee stands: their option (null: none assigned), what their plan asks in all, what
 * was due up to today, what they paid, what they owe of it ('Debe $3000'; 0 is 'Al día'), and the
 * instalments past their due date that their payments do not cover ('Cuotas vencidas').
 */
export const paymentStatusSchema = z.object({
  option: z.nullable(z.object({ id: z.string(), label: z.string() })),
  total: z.number(),
  due: z.number(),
  paid: z.number(),
  owed: z.number(),
  overdue: z.array(instalmentSchema),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** A payment as the instructor and the trainee see it. */
export const paymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amount: z.number(),
  /** yyyy-mm-dd */
  paidOn: z.string(),
  method: paymentMethodSchema,
  note: z.string(),
  receipt: z.nullable(z.object({ name: z.string(), type: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A trainee's plan (its instalments), status and payments in one course, newest payment first. */
export const traineePaymentsSchema = z.object({
  status: paymentStatusSchema,
  instalments: z.array(instalmentSchema),
  payments: z.array(paymentSchema),
});
export type TraineePayments = z.infer<typeof traineePaymentsSchema>;

// --- What the instructor sends ---------------------------------------------------------------

export const OPTION_LABEL_MAX = 120;
export const PAYMENT_NOTE_MAX = 500;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const receiptTooHeavy = tooHeavy('El comprobante', RECEIPT_MAX_BYTES);

/** Whole pesos, more than 0, at most `AMOUNT_MAX`. */
export const amountSchema = z.number({ error: m.amountRequired }).check(
  z.refine((n) => Number.isFinite(n), { error: m.amountRequired, abort: true }),
  z.refine((n) => Number.isInteger(n), { error: m.amountWhole, abort: true }),
  z.refine((n) => n > 0, { error: m.amountPositive, abort: true }),
  z.refine((n) => n <= AMOUNT_MAX, m.amountTooLarge(pesos(AMOUNT_MAX))),
);

/** A real day, yyyy-mm-dd, within the years the app accepts. */
export const daySchema = dayInputSchema(m.invalidDay);

export const instalmentInputSchema = z.object({ amount: amountSchema, dueDate: daySchema });

const optionLabelSchema = z
  .string({ error: messages.requiredField })
  .check(
    z.trim(),
    z.minLength(1, { error: messages.requiredField, abort: true }),
    z.maxLength(OPTION_LABEL_MAX, tooLong('El nombre de la opción', OPTION_LABEL_MAX)),
  );

/** An option of the plan: `id` for one already in it (kept, with the trainees who hold it), none for a new one. */
export const paymentOptionInputSchema = z.object({
  id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, messages.invalidId))),
  label: optionLabelSchema,
  instalments: z
    .array(instalmentInputSchema)
    .check(z.minLength(1, m.instalmentsRequired), z.maxLength(INSTALMENTS_MAX, tooMany('Una opción', INSTALMENTS_MAX, 'cuotas'))),
});
export type PaymentOptionInput = z.infer<typeof paymentOptionInputSchema>;

/**
 * PUT /api/courses/:courseId/payment-plan: the whole plan, in order, and whether reminders go out.
 * An option left out is removed, unless trainees hold it (409: assign them another one first).
 */
export const paymentPlanInputSchema = z.object({
  options: z.array(paymentOptionInputSchema).check(z.maxLength(OPTIONS_MAX, tooMany('El plan', OPTIONS_MAX, 'opciones'))),
  reminders: z.boolean({ error: m.remindersChoice }),
});
export type PaymentPlanInput = z.infer<typeof paymentPlanInputSchema>;

/** PUT /api/courses/:courseId/trainees/:userId/payment-option: null leaves the trainee without an option. */
export const traineeOptionInputSchema = z.object({
  optionId: z.nullable(z.string({ error: m.optionNotFound }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, m.optionNotFound))),
});

/** POST /api/courses/:courseId/payments ('Registrar pago'). The day may not be after today (checked by the server's clock). */
export const paymentInputSchema = z.object({
  userId: z.string({ error: m.chooseTrainee }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, m.chooseTrainee)),
  amount: amountSchema,
  paidOn: daySchema,
  method: z.enum(paymentMethods, { error: m.chooseMethod }),
  note: z._default(z.string().check(z.trim(), z.maxLength(PAYMENT_NOTE_MAX, tooLong('La nota', PAYMENT_NOTE_MAX))), ''),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

// --- What the instructor reads ---------------------------------------------------------------

/** An option of the plan, with how many trainees hold it (an option held cannot be removed). */
export const paymentOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  instalments: z.array(instalmentSchema),
  holders: z.number(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/** A payment in the instructor's list: with the trainee's name and who recorded it. */
export const adminPaymentSchema = z.extend(paymentSchema, {
  userName: z.string(),
  recordedBy: z.nullable(z.string()),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** A trainee with the course enabled, and where they stand. */
export const paymentTraineeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: paymentStatusSchema,
});
export type PaymentTrainee = z.infer<typeof paymentTraineeSchema>;

/** GET /api/courses/:courseId/payments: the 'Pagos' page. */
export const coursePaymentsSchema = z.object({
  course: z.object({ id: z.string(), name: z.string() }),
  /** Today in the course's zone, as the server's clock says: the default day of a payment. */
  today: z.string(),
  reminders: z.boolean(),
  options: z.array(paymentOptionSchema),
  /** By name. */
  trainees: z.array(paymentTraineeSchema),
  /** Newest first. */
  payments: z.array(adminPaymentSchema),
});
export type CoursePayments = z.infer<typeof coursePaymentsSchema>;

/** POST /api/courses/:courseId/payments answers the payment and the modules it enabled. */
export const paymentRecordedSchema = z.object({
  payment: adminPaymentSchema,
  unlocked: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;

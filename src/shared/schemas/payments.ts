// Pagos: a course's 'Plan de pagos', each trainee's option and the payments recorded. What other
// parts of the trainee's record read of it (the trainee's page, the class board, 'Mi cuenta') is
// `paymentStatusSchema` and `traineePaymentsSchema`. Money is whole pesos.
import * as z from 'zod/mini';

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

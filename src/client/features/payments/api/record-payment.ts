import type { PaymentInput, PaymentRecorded } from '../../../../shared/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshPayments } from './refresh.ts';
import { uploadReceipt } from './upload-receipt.ts';

export interface RecordPaymentVariables {
  input: PaymentInput;
  receipt: File | null;
  onReceiptProgress: (percent: number) => void;
}

/** What 'Registrar pago' got: the payment and the modules it enabled, and why its receipt did not go, if it did not. */
export type RecordPaymentResult = PaymentRecorded & { receiptError: string | null };

/**
 * 'Registrar pago' (a repeat carries the same Idempotency-Key: it saves once), then its receipt with
 * its progress. A receipt that fails leaves the payment recorded: it can be attached from the list.
 */
export function useRecordPayment(courseId: string) {
  const refresh = useRefreshPayments(courseId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: async ({ input, receipt, onReceiptProgress }: RecordPaymentVariables): Promise<RecordPaymentResult> => {
      const recorded = await api<PaymentRecorded>(`/api/courses/${encodeURIComponent(courseId)}/payments`, {
        method: 'POST',
        body: input,
        idempotencyKey: keys.keyFor(input),
      });
      keys.done();
      if (!receipt) return { ...recorded, receiptError: null };
      try {
        return { ...recorded, payment: await uploadReceipt(recorded.payment.id, receipt, onReceiptProgress), receiptError: null };
      } catch (error) {
        return { ...recorded, receiptError: error instanceof Error ? error.message : String(error) };
      }
    },
    onSuccess: (_result, { input }) => refresh(input.userId),
    meta: { handlesOwnErrors: true },
  });
}

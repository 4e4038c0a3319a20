import type { AdminPayment } from '../../../../shared/schemas/payments.ts';
import { upload } from '../../../lib/upload.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { receiptUrl } from './use-course-payments.ts';
import { useRefreshPayments } from './refresh.ts';

/** Sends a payment's receipt ('Comprobante'), replacing one it had; the server judges it by its content. */
export const uploadReceipt = (paymentId: string, file: File, onProgress?: (percent: number) => void) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<{ payment: AdminPayment }>(receiptUrl(paymentId), body, { method: 'PUT', onProgress }).then((r) => r.payment);
};

/** 'Adjuntar comprobante' on a payment already recorded. */
export function useUploadReceipt(courseId: string) {
  const refresh = useRefreshPayments(courseId);
  return useSingleFlightMutation({
    mutationFn: ({ payment, file, onProgress }: { payment: AdminPayment; file: File; onProgress: (percent: number) => void }) =>
      uploadReceipt(payment.id, file, onProgress),
    onSuccess: (payment) => refresh(payment.userId),
    meta: { handlesOwnErrors: true },
  });
}

import type { AdminPayment } from '../../../../shared/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshPayments } from './refresh.ts';

/** 'Borrar' a payment: the modules it enabled stay enabled. */
export function useDeletePayment(courseId: string) {
  const refresh = useRefreshPayments(courseId);
  return useSingleFlightMutation({
    mutationFn: (payment: AdminPayment) => api<void>(`/api/payments/${encodeURIComponent(payment.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, payment) => refresh(payment.userId),
    meta: { handlesOwnErrors: true },
  });
}

import type { PaymentOption, PaymentPlanInput } from '../../../../shared/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshPayments } from './refresh.ts';

/** 'Guardar plan' and the reminders switch: the whole plan, as the server keeps it. */
export function useSavePlan(courseId: string) {
  const refresh = useRefreshPayments(courseId);
  return useSingleFlightMutation({
    mutationFn: (input: PaymentPlanInput) =>
      api<{ options: PaymentOption[]; reminders: boolean; message: string }>(`/api/courses/${encodeURIComponent(courseId)}/payment-plan`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: () => refresh(),
    meta: { handlesOwnErrors: true },
  });
}
